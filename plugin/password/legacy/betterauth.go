package legacy

import (
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"strings"

	"golang.org/x/crypto/scrypt"
	"golang.org/x/text/unicode/norm"
)

// betterAuthHash is better-auth's password hash (@better-auth/utils
// password.ts, better-auth 1.x), as its account.password column holds it:
//
//	<salt: 32 lowercase hex digits>:<key: 128 lowercase hex digits>
//
// The key is scrypt (RFC 7914) of the NFKC form of the password with
// N=16384, r=16, p=1 and a 64-byte key, salted with the salt's hex text
// itself (its 32 ASCII bytes), not the 16 bytes it encodes.
type betterAuthHash struct {
	salt string
	key  []byte
}

// better-auth's fixed parameters.
const (
	betterAuthN       = 16384
	betterAuthR       = 16
	betterAuthP       = 1
	betterAuthKeyLen  = 64
	betterAuthSaltLen = 32 // hex digits of a 16-byte salt
)

func parseBetterAuth(s string) (hash, error) {
	salt, key, ok := strings.Cut(s, ":")
	if !ok || len(salt) != betterAuthSaltLen || len(key) != 2*betterAuthKeyLen || !lowerHex(salt) || !lowerHex(key) {
		return nil, fmt.Errorf("%w: not better-auth's salthex:keyhex", ErrMalformedHash)
	}
	k, err := hex.DecodeString(key)
	if err != nil {
		return nil, fmt.Errorf("%w: not better-auth's salthex:keyhex", ErrMalformedHash)
	}
	return betterAuthHash{salt: salt, key: k}, nil
}

func lowerHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

func (h betterAuthHash) stored() string {
	return betterAuthPrefix + h.salt + ":" + hex.EncodeToString(h.key)
}

func (h betterAuthHash) matches(password []byte) (bool, error) {
	got, err := scrypt.Key(norm.NFKC.Bytes(password), []byte(h.salt), betterAuthN, betterAuthR, betterAuthP, betterAuthKeyLen)
	if err != nil {
		return false, fmt.Errorf("legacy: scrypt: %w", err)
	}
	return subtle.ConstantTimeCompare(got, h.key) == 1, nil
}
