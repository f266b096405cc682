package legacy

import (
	"errors"
	"fmt"

	"golang.org/x/crypto/bcrypt"
)

// bcryptHash is a bcrypt string as OpenBSD's crypt_blowfish writes it:
//
//	$2b$<cost>$<22 characters of salt><31 characters of hash>
//
// $2a$, $2b$ and $2y$ are the same algorithm for UTF-8 passwords (PHP's
// $2y$ marks its fixed implementation; $2b$ is OpenBSD's, 2014); $2x$,
// the broken one, is refused.
type bcryptHash string

// Bounds of a bcrypt cost (log2 of the rounds).
const (
	bcryptMinCost = 4  // bcrypt's own minimum
	bcryptMaxCost = 14 // 16 times cost 10, about a second
	bcryptLen     = 60
	bcryptMaxPass = 72 // bcrypt keys Blowfish with the first 72 bytes
)

func parseBcrypt(s string) (hash, error) {
	if len(s) != bcryptLen || s[0] != '$' || s[1] != '2' || s[3] != '$' || s[6] != '$' {
		return nil, fmt.Errorf("%w: not a bcrypt string", ErrMalformedHash)
	}
	if s[2] != 'a' && s[2] != 'b' && s[2] != 'y' {
		return nil, fmt.Errorf("%w: bcrypt version 2%c", ErrUnknownScheme, s[2])
	}
	if s[4] < '0' || s[4] > '9' || s[5] < '0' || s[5] > '9' {
		return nil, fmt.Errorf("%w: bcrypt cost is not two digits", ErrMalformedHash)
	}
	if cost := int(s[4]-'0')*10 + int(s[5]-'0'); cost < bcryptMinCost || cost > bcryptMaxCost {
		return nil, fmt.Errorf("%w: bcrypt cost %d is outside %d..%d", ErrOutOfBounds, cost, bcryptMinCost, bcryptMaxCost)
	}
	for i := 7; i < len(s); i++ {
		switch c := s[i]; {
		case c == '.', c == '/', 'A' <= c && c <= 'Z', 'a' <= c && c <= 'z', '0' <= c && c <= '9':
		default:
			return nil, fmt.Errorf("%w: bcrypt salt and hash are not bcrypt base64", ErrMalformedHash)
		}
	}
	return bcryptHash(s), nil
}

func (h bcryptHash) stored() string { return string(h) }

// matches compares in constant time (bcrypt.CompareHashAndPassword uses
// crypto/subtle), with the password cut to the 72 bytes bcrypt uses.
func (h bcryptHash) matches(password []byte) (bool, error) {
	if len(password) > bcryptMaxPass {
		password = password[:bcryptMaxPass]
	}
	err := bcrypt.CompareHashAndPassword([]byte(h), password)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, bcrypt.ErrMismatchedHashAndPassword):
		return false, nil
	}
	return false, fmt.Errorf("%w: %v", ErrMalformedHash, err)
}
