package legacy

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"strings"

	"github.com/sesame-go/sesame/auth"
	"golang.org/x/crypto/scrypt"
)

// FirebaseParams are a Firebase project's password hash parameters, as the
// Firebase console shows them (Authentication, Users, the menu above the
// users table, "Password hash parameters"):
//
//	hash_config {
//	  algorithm: SCRYPT,
//	  base64_signer_key: jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==,
//	  base64_salt_separator: Bw==,
//	  rounds: 8,
//	  mem_cost: 14,
//	}
type FirebaseParams struct {
	// SignerKey is base64_signer_key, in base64 as shown. Anyone holding
	// it and the exported hashes can test guesses: keep it secret.
	SignerKey auth.Secret
	// SaltSeparator is base64_salt_separator, in base64 as shown.
	SaltSeparator string
	// Rounds is rounds, 1 to 8: scrypt's r.
	Rounds int
	// MemCost is mem_cost, 1 to 14: scrypt's N is 2^MemCost.
	MemCost int
}

// firebaseProject is FirebaseParams decoded; the signer key's bytes stay
// a Secret, so that printing a Verifier never shows them.
type firebaseProject struct {
	signerKey       auth.Secret
	saltSeparator   []byte
	rounds, memCost int
}

// Firebase's ranges for its parameters (firebase auth:import --rounds,
// --mem-cost).
const (
	firebaseMaxRounds  = 8
	firebaseMaxMemCost = 14
	firebaseKeyLen     = 32 // AES-256
	firebaseMaxSalt    = 64
)

func newFirebaseProject(p FirebaseParams) (*firebaseProject, error) {
	key, err1 := decodeFirebase(p.SignerKey.Reveal())
	sep, err2 := decodeFirebase(p.SaltSeparator)
	switch {
	case err1 != nil || len(key) == 0:
		return nil, fmt.Errorf("legacy: the Firebase signer key is not base64")
	case err2 != nil:
		return nil, fmt.Errorf("legacy: the Firebase salt separator is not base64")
	case p.Rounds < 1 || p.Rounds > firebaseMaxRounds:
		return nil, fmt.Errorf("%w: Firebase rounds %d is outside 1..%d", ErrOutOfBounds, p.Rounds, firebaseMaxRounds)
	case p.MemCost < 1 || p.MemCost > firebaseMaxMemCost:
		return nil, fmt.Errorf("%w: Firebase mem cost %d is outside 1..%d", ErrOutOfBounds, p.MemCost, firebaseMaxMemCost)
	}
	return &firebaseProject{signerKey: auth.NewSecret(string(key)), saltSeparator: sep, rounds: p.Rounds, memCost: p.MemCost}, nil
}

// decodeFirebase decodes base64 in the standard alphabet, which
// firebase auth:export writes, or the URL-safe one, which the Admin SDK's
// listUsers writes.
func decodeFirebase(s string) ([]byte, error) {
	if strings.ContainsAny(s, "\r\n") {
		return nil, base64.CorruptInputError(0)
	}
	s = strings.NewReplacer("-", "+", "_", "/").Replace(s)
	return base64.StdEncoding.DecodeString(s)
}

// firebaseHash is a user's salt and hash from a Firebase export. The hash
// is AES-256-CTR, with a zero IV, of the project's signer key under the
// scrypt key of the password, salted with the user's salt followed by the
// project's salt separator (github.com/firebase/scrypt).
type firebaseHash struct {
	project   *firebaseProject
	salt, key []byte
}

func (p *firebaseProject) parse(s string) (hash, error) {
	salt64, hash64, ok := strings.Cut(s, "$")
	salt, err1 := decodeFirebase(salt64)
	key, err2 := decodeFirebase(hash64)
	switch {
	case !ok || err1 != nil || err2 != nil:
		return nil, fmt.Errorf("%w: not a Firebase base64 salt$hash", ErrMalformedHash)
	case len(salt) == 0 || len(salt) > firebaseMaxSalt:
		return nil, fmt.Errorf("%w: Firebase salt of %d bytes is outside 1..%d", ErrMalformedHash, len(salt), firebaseMaxSalt)
	case len(key) != len(p.signerKey.Reveal()):
		return nil, fmt.Errorf("%w: a Firebase hash has the signer key's length, %d bytes, not %d", ErrMalformedHash, len(p.signerKey.Reveal()), len(key))
	}
	return firebaseHash{project: p, salt: salt, key: key}, nil
}

func (h firebaseHash) stored() string {
	return firebasePrefix + base64.StdEncoding.EncodeToString(h.salt) + "$" + base64.StdEncoding.EncodeToString(h.key)
}

func (h firebaseHash) matches(password []byte) (bool, error) {
	p := h.project
	salt := append(append([]byte{}, h.salt...), p.saltSeparator...)
	dk, err := scrypt.Key(password, salt, 1<<p.memCost, p.rounds, 1, firebaseKeyLen)
	if err != nil {
		return false, fmt.Errorf("legacy: scrypt: %w", err)
	}
	block, err := aes.NewCipher(dk)
	if err != nil {
		return false, fmt.Errorf("legacy: aes: %w", err)
	}
	signerKey := []byte(p.signerKey.Reveal())
	got := make([]byte, len(signerKey))
	cipher.NewCTR(block, make([]byte, aes.BlockSize)).XORKeyStream(got, signerKey)
	return subtle.ConstantTimeCompare(got, h.key) == 1, nil
}
