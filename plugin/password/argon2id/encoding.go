package argon2id

import (
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
)

// The PHC string format, as the reference implementation (argon2
// encoding.c) and libsodium write it:
//
//	$argon2id$v=19$m=<KiB>,t=<iterations>,p=<parallelism>$<salt>$<key>
//
// salt and key in standard base64 without padding.
const (
	prefix  = "$argon2id$"
	version = 19 // Argon2 1.3, 0x13 (RFC 9106 §3.1)
)

// b64 is strict: no padding, and the unused bits of the last character
// must be zero, so that each byte string has exactly one encoding.
var b64 = base64.RawStdEncoding.Strict()

// maxEncodedLen bounds what Parse looks at: the longest string it accepts
// (a 256-byte salt and key, 10-digit m and t) is well below it.
const maxEncodedLen = 1024

// Parse decodes an argon2id PHC string into its parameters, salt and key
// (the derived hash). SaltLength and KeyLength are set from the decoded
// lengths. Parse accepts exactly what the reference implementation writes
// for Argon2id version 1.3 (v=19): parameters in the order m, t, p,
// decimal without leading zeros, and canonical unpadded base64, so that a
// string Parse accepts is the only encoding of its contents.
//
// Its error wraps [ErrUnsupportedHash] for another algorithm or version,
// [ErrInvalidParams] for parameters outside [Params.Validate]'s bounds, and
// [ErrMalformedHash] for anything else; all results are then zero. It
// never quotes the input: a caller who swapped Verify's arguments would
// otherwise log a password.
func Parse(encoded string) (p Params, salt, key []byte, err error) {
	p, salt, key, err = parse(encoded)
	if err != nil {
		return Params{}, nil, nil, err
	}
	return p, salt, key, nil
}

func parse(encoded string) (p Params, salt, key []byte, err error) {
	if len(encoded) > maxEncodedLen {
		return p, nil, nil, fmt.Errorf("%w: longer than %d bytes", ErrMalformedHash, maxEncodedLen)
	}
	fields := strings.Split(encoded, "$")
	if len(fields) < 3 || fields[0] != "" {
		return p, nil, nil, fmt.Errorf("%w: not a PHC string", ErrMalformedHash)
	}
	if fields[1] != "argon2id" {
		return p, nil, nil, fmt.Errorf("%w: not argon2id", ErrUnsupportedHash)
	}
	v, ok := strings.CutPrefix(fields[2], "v=")
	if !ok {
		// The reference decoder reads a missing version as 1.0 (v=16).
		return p, nil, nil, fmt.Errorf("%w: no version, so Argon2 1.0", ErrUnsupportedHash)
	}
	n, ok := parseDecimal(v)
	if !ok {
		return p, nil, nil, fmt.Errorf("%w: version is not a decimal number", ErrMalformedHash)
	}
	if n != version {
		return p, nil, nil, fmt.Errorf("%w: version %d", ErrUnsupportedHash, n)
	}
	if len(fields) != 6 {
		return p, nil, nil, fmt.Errorf("%w: %d fields, want 6", ErrMalformedHash, len(fields))
	}

	params := strings.Split(fields[3], ",")
	if len(params) != 3 {
		return p, nil, nil, fmt.Errorf("%w: parameters are not m, t and p in that order", ErrMalformedHash)
	}
	var vals [3]uint32
	for i, name := range [3]string{"m=", "t=", "p="} {
		s, ok := strings.CutPrefix(params[i], name)
		if !ok {
			return p, nil, nil, fmt.Errorf("%w: parameters are not m, t and p in that order", ErrMalformedHash)
		}
		if vals[i], ok = parseDecimal(s); !ok {
			return p, nil, nil, fmt.Errorf("%w: parameter %s is not a decimal number", ErrMalformedHash, name[:1])
		}
	}
	if vals[2] > 255 {
		return p, nil, nil, fmt.Errorf("%w: parallelism %d is above 255", ErrInvalidParams, vals[2])
	}

	if salt, ok = decodeBase64(fields[4]); !ok {
		return p, nil, nil, fmt.Errorf("%w: salt is not unpadded base64", ErrMalformedHash)
	}
	if key, ok = decodeBase64(fields[5]); !ok {
		return p, nil, nil, fmt.Errorf("%w: hash is not unpadded base64", ErrMalformedHash)
	}
	p = Params{
		Memory:      vals[0],
		Iterations:  vals[1],
		Parallelism: uint8(vals[2]),
		SaltLength:  uint32(len(salt)),
		KeyLength:   uint32(len(key)),
	}
	if err := p.Validate(); err != nil {
		return Params{}, nil, nil, err
	}
	return p, salt, key, nil
}

// encode writes the PHC string for p, salt and key; Parse(encode(...))
// gives them back.
func encode(p Params, salt, key []byte) string {
	b := make([]byte, 0, 48+b64.EncodedLen(len(salt))+b64.EncodedLen(len(key)))
	b = append(b, prefix...)
	b = append(b, "v="...)
	b = strconv.AppendUint(b, version, 10)
	b = append(b, "$m="...)
	b = strconv.AppendUint(b, uint64(p.Memory), 10)
	b = append(b, ",t="...)
	b = strconv.AppendUint(b, uint64(p.Iterations), 10)
	b = append(b, ",p="...)
	b = strconv.AppendUint(b, uint64(p.Parallelism), 10)
	b = append(b, '$')
	b = b64.AppendEncode(b, salt)
	b = append(b, '$')
	b = b64.AppendEncode(b, key)
	return string(b)
}

// parseDecimal parses a uint32 written as the reference encoder writes
// it: ASCII digits only, no sign, no leading zero.
func parseDecimal(s string) (uint32, bool) {
	if s == "" || len(s) > 10 || (s[0] == '0' && len(s) > 1) {
		return 0, false
	}
	var n uint64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + uint64(c-'0')
	}
	if n > 1<<32-1 {
		return 0, false
	}
	return uint32(n), true
}

// decodeBase64 decodes unpadded standard base64, refusing the line breaks
// that encoding/base64 would otherwise skip.
func decodeBase64(s string) ([]byte, bool) {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case 'A' <= c && c <= 'Z', 'a' <= c && c <= 'z', '0' <= c && c <= '9', c == '+', c == '/':
		default:
			return nil, false
		}
	}
	b, err := b64.DecodeString(s)
	if err != nil {
		return nil, false
	}
	return b, true
}
