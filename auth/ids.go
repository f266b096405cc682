package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"time"

	"github.com/sesame-go/sesame/sqlb"
)

// idType is the storage type of every ID column. IDs are UUIDv7 in text
// form: time-ordered, URL-safe, and valid for a native uuid column when
// [WithSQLTypes] maps the "id" label to one.
var idType = sqlb.String(36).Labeled("id")

// NewID returns a new ID for a row of a plugin's own table: a UUIDv7 of
// the instance's clock, like every ID of the core's tables.
func (a *Auth) NewID() string { return newID(a.Now()) }

// ValidID reports whether s has the form of an ID the core makes: a UUID
// in its 36-character text form. Check IDs that come from a client with
// it, so that a malformed one answers invalid_input rather than reach the
// database, where a native uuid column ([WithSQLTypes]) would refuse it
// with an error, and a 36-character column one longer.
func ValidID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case i == 8 || i == 13 || i == 18 || i == 23:
			if c != '-' {
				return false
			}
		case '0' <= c && c <= '9', 'a' <= c && c <= 'f', 'A' <= c && c <= 'F':
		default:
			return false
		}
	}
	return true
}

// newID returns a UUIDv7 (RFC 9562 §5.7) for the instant now.
func newID(now time.Time) string {
	var u [16]byte
	ms := uint64(now.UnixMilli())
	binary.BigEndian.PutUint64(u[:8], ms<<16)
	if _, err := rand.Read(u[6:]); err != nil {
		panic("auth: crypto/rand failed: " + err.Error()) // never fails on supported platforms
	}
	u[6] = 0x70 | u[6]&0x0f // version 7
	u[8] = 0x80 | u[8]&0x3f // variant 10
	const hex = "0123456789abcdef"
	out := make([]byte, 0, 36)
	for i, c := range u {
		if i == 4 || i == 6 || i == 8 || i == 10 {
			out = append(out, '-')
		}
		out = append(out, hex[c>>4], hex[c&15])
	}
	return string(out)
}

// tokenBytes is the entropy of session tokens and single-use link tokens.
const tokenBytes = 32

// newToken returns a random token, base64url without padding (43 characters).
func newToken() Secret {
	var b [tokenBytes]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic("auth: crypto/rand failed: " + err.Error())
	}
	return NewSecret(base64.RawURLEncoding.EncodeToString(b[:]))
}

// validToken reports whether s has the form newToken produces: the
// canonical base64url form of 32 bytes (strict, so that unused trailing
// bits are zero and each token has one spelling).
func validToken(s Secret) bool {
	if len(s.Reveal()) != base64.RawURLEncoding.EncodedLen(tokenBytes) {
		return false
	}
	var buf [tokenBytes + 2]byte
	n, err := base64.RawURLEncoding.Strict().Decode(buf[:], []byte(s.Reveal()))
	return err == nil && n == tokenBytes
}

// hashToken returns the SHA-256 of a token, the only form stored.
func hashToken(s Secret) []byte {
	var buf [64]byte // a token's bytes on the stack: one allocation, the hash
	h := sha256.Sum256(append(buf[:0], s.Reveal()...))
	return h[:]
}
