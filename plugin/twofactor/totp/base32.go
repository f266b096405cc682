package totp

import (
	"encoding/base32"
	"errors"
	"strings"
)

// b32 is the Base32 alphabet of RFC 4648 §6, without padding.
var b32 = base32.StdEncoding.WithPadding(base32.NoPadding)

// errBase32 is Base32 that does not decode; DecodeKey wraps it in
// ErrInvalidKey.
var errBase32 = errors.New("totp: invalid Base32")

// EncodeBase32 returns b in Base32 without padding (RFC 4648 §6), in
// upper case, as the Key Uri Format writes secrets.
func EncodeBase32(b []byte) string { return b32.EncodeToString(b) }

// DecodeBase32 decodes a secret in Base32 (RFC 4648 §6) as people type
// it: in either case, with spaces anywhere, with or without the trailing
// padding. Anything else, and trailing bits that are not zero, is an
// error, so that a secret has one spelling once upper-cased and cleared of
// spaces and padding.
func DecodeBase32(s string) ([]byte, error) {
	s = asciiUpper(strings.ReplaceAll(s, " ", ""))
	if t := strings.TrimRight(s, "="); t != s {
		if len(s)%8 != 0 || len(s)-len(t) >= 8 { // RFC 4648 §6: padding to a multiple of 8
			return nil, errBase32
		}
		s = t
	}
	b, err := b32.DecodeString(s)
	if err != nil {
		return nil, errBase32
	}
	if b32.EncodeToString(b) != s { // RFC 4648 §3.5: canonical encoding
		return nil, errBase32
	}
	return b, nil
}

// asciiUpper upper-cases the ASCII letters of s and nothing else, so that
// no other character folds into the alphabet (strings.ToUpper maps "ſ" to
// "S").
func asciiUpper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}
