package oauth

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"strings"
)

// sealer seals provider tokens with AES-256-GCM under the first of its
// keys and opens them with any.
type sealer struct {
	ids   []string
	aeads []cipher.AEAD
}

// errUnsealable is a sealed value no key opens: made with a key since
// dropped, or altered.
var errUnsealable = errors.New("oauth: a stored token cannot be opened with the token keys")

// keyID names a key in sealed values: the first 4 bytes of its SHA-256,
// in hex, which tells the key without revealing it.
func keyID(k []byte) string {
	h := sha256.Sum256(k)
	return hex.EncodeToString(h[:4])
}

// newSealer returns a sealer of the keys; keys of the wrong size are left
// out here and reported by Validate.
func newSealer(keys [][]byte) *sealer {
	s := &sealer{}
	for _, k := range keys {
		block, err := aes.NewCipher(k)
		if err != nil || len(k) != 32 {
			continue
		}
		aead, err := cipher.NewGCM(block)
		if err != nil {
			continue
		}
		s.ids = append(s.ids, keyID(k))
		s.aeads = append(s.aeads, aead)
	}
	return s
}

func (s *sealer) enabled() bool { return len(s.aeads) > 0 }

// seal encrypts plain, bound by context (the row and field it is stored
// in) as additional data: "v1.<key id>.<base64url(nonce || ciphertext)>".
// The empty string stays empty.
func (s *sealer) seal(plain, context string) (string, error) {
	if plain == "" {
		return "", nil
	}
	if !s.enabled() {
		return "", errors.New("oauth: no token key")
	}
	aead := s.aeads[0]
	nonce := make([]byte, aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	out := aead.Seal(nonce, nonce, []byte(plain), []byte(context))
	return "v1." + s.ids[0] + "." + base64.RawURLEncoding.EncodeToString(out), nil
}

// open decrypts a value seal made with any of the keys.
func (s *sealer) open(sealed, context string) (string, error) {
	if sealed == "" {
		return "", nil
	}
	parts := strings.Split(sealed, ".")
	if len(parts) != 3 || parts[0] != "v1" {
		return "", errUnsealable
	}
	raw, err := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil {
		return "", errUnsealable
	}
	for i, id := range s.ids {
		if id != parts[1] {
			continue
		}
		aead := s.aeads[i]
		if len(raw) < aead.NonceSize()+aead.Overhead() {
			return "", errUnsealable
		}
		plain, err := aead.Open(nil, raw[:aead.NonceSize()], raw[aead.NonceSize():], []byte(context))
		if err != nil {
			return "", errUnsealable
		}
		return string(plain), nil
	}
	return "", errUnsealable
}

// current reports whether a sealed value uses the sealing key.
func (s *sealer) current(sealed string) bool {
	return sealed == "" || (s.enabled() && strings.HasPrefix(sealed, "v1."+s.ids[0]+"."))
}
