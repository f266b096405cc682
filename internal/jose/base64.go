package jose

import (
	"encoding/base64"
	"fmt"
	"strings"
)

// b64 is base64url without padding, refusing non-zero trailing bits (RFC
// 4648 §3.5), so that each byte string has exactly one encoding.
var b64 = base64.RawURLEncoding.Strict()

// decodeSegment decodes s as base64url with no padding, no line breaks,
// whitespace or other characters (RFC 7515 §2). encoding/base64 skips CR
// and LF even in strict mode, so those are refused here.
func decodeSegment(what, s string) ([]byte, error) {
	if strings.ContainsAny(s, "\r\n") {
		return nil, fmt.Errorf("%w: %s is not base64url: line break", ErrMalformed, what)
	}
	b, err := b64.DecodeString(s)
	if err != nil {
		return nil, fmt.Errorf("%w: %s is not base64url: %v", ErrMalformed, what, err)
	}
	return b, nil
}
