package legacy

import (
	"crypto/pbkdf2"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
)

// djangoHash is Django's PBKDF2PasswordHasher string
// (django/contrib/auth/hashers.py):
//
//	pbkdf2_sha256$<iterations>$<salt>$<base64 of the 32-byte key>
//
// The key is PBKDF2-HMAC-SHA256 (RFC 8018 §5.2) of the password's UTF-8
// bytes with the salt's, in standard base64 with padding.
type djangoHash struct {
	encoded    string
	iterations int
	salt       string
	key        []byte
}

const djangoPrefix = "pbkdf2_sha256$"

// Bounds of a Django hash.
const (
	djangoMaxIterations = 3_000_000 // Django 5.2 uses 1 000 000, 6.0 1 200 000
	djangoMaxSalt       = 128
	djangoKeyLen        = sha256.Size // Django's default dklen
)

func parseDjango(s string) (hash, error) {
	fields := strings.Split(s, "$")
	if len(fields) != 4 || fields[0]+"$" != djangoPrefix {
		return nil, fmt.Errorf("%w: not a Django pbkdf2_sha256 string", ErrMalformedHash)
	}
	n, err := strconv.Atoi(fields[1])
	if err != nil || fields[1] != strconv.Itoa(n) {
		return nil, fmt.Errorf("%w: Django iterations are not a decimal number", ErrMalformedHash)
	}
	if n < 1 || n > djangoMaxIterations {
		return nil, fmt.Errorf("%w: %d PBKDF2 iterations is outside 1..%d", ErrOutOfBounds, n, djangoMaxIterations)
	}
	if salt := fields[2]; salt == "" || len(salt) > djangoMaxSalt {
		return nil, fmt.Errorf("%w: Django salt length %d is outside 1..%d", ErrMalformedHash, len(salt), djangoMaxSalt)
	}
	key, err := base64.StdEncoding.Strict().DecodeString(fields[3])
	if err != nil || len(key) != djangoKeyLen || strings.ContainsAny(fields[3], "\r\n") {
		return nil, fmt.Errorf("%w: Django hash is not the base64 of %d bytes", ErrMalformedHash, djangoKeyLen)
	}
	return djangoHash{encoded: s, iterations: n, salt: fields[2], key: key}, nil
}

func (h djangoHash) stored() string { return h.encoded }

func (h djangoHash) matches(password []byte) (bool, error) {
	got, err := pbkdf2.Key(sha256.New, string(password), []byte(h.salt), h.iterations, djangoKeyLen)
	if err != nil {
		return false, fmt.Errorf("legacy: pbkdf2: %w", err)
	}
	return subtle.ConstantTimeCompare(got, h.key) == 1, nil
}
