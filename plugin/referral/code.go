package referral

import (
	"crypto/rand"
	"errors"
	"strings"
)

// A code is 10 characters of Crockford's base32 alphabet (no I, L, O or
// U): 50 random bits, so that codes cannot be listed by guessing, read
// aloud without confusion, and compared after upper-casing.
const (
	codeLen      = 10
	codeAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
)

// newCode returns a random code.
func newCode() string {
	var b [codeLen]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic("referral: crypto/rand failed: " + err.Error()) // never fails on supported platforms
	}
	for i := range b {
		b[i] = codeAlphabet[b[i]&31]
	}
	return string(b[:])
}

// normalize returns a code as stored: upper case, I and L read as 1, O as
// 0; an error for anything that is not a code.
func normalize(s string) (string, error) {
	s = strings.ToUpper(strings.TrimSpace(s))
	s = strings.NewReplacer("I", "1", "L", "1", "O", "0", "-", "").Replace(s)
	if len(s) != codeLen {
		return "", errors.New("a referral code has 10 characters")
	}
	for i := 0; i < len(s); i++ {
		if !strings.ContainsRune(codeAlphabet, rune(s[i])) {
			return "", errors.New("a referral code has only letters and digits")
		}
	}
	return s, nil
}
