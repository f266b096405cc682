package auth

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
)

// Sealer encrypts values a plugin stores or hands out (provider tokens,
// authenticator secrets) with AES-256-GCM under the first of its keys,
// and opens them with any of its keys, so that a new key is added in front
// and the old one dropped once every value was sealed again. The zero
// Sealer has no keys: it seals nothing and opens nothing.
type Sealer struct {
	ids   []string
	aeads []cipher.AEAD
}

// ErrUnsealable is a sealed value no key of the [Sealer] opens: made with
// a key since dropped, made for another context, or altered.
var ErrUnsealable = errors.New("auth: a sealed value cannot be opened with the keys")

// NewSealer returns a Sealer of keys, each 32 random bytes (AES-256); the
// first seals.
func NewSealer(keys ...[]byte) (*Sealer, error) {
	s := &Sealer{}
	for i, k := range keys {
		if len(k) != 32 {
			return nil, fmt.Errorf("auth: sealing key %d has %d bytes, want 32 (AES-256)", i, len(k))
		}
		block, err := aes.NewCipher(k)
		if err != nil {
			return nil, err
		}
		aead, err := cipher.NewGCM(block)
		if err != nil {
			return nil, err
		}
		s.ids = append(s.ids, keyID(k))
		s.aeads = append(s.aeads, aead)
	}
	return s, nil
}

// keyID names a key in sealed values: the first 4 bytes of its SHA-256,
// in hex, which tells the key without revealing it.
func keyID(k []byte) string {
	h := sha256.Sum256(k)
	return hex.EncodeToString(h[:4])
}

// Enabled reports whether the Sealer has a key.
func (s *Sealer) Enabled() bool { return s != nil && len(s.aeads) > 0 }

// Seal encrypts plain, bound to context (the row and field the value is
// kept in, say) as additional data, so that a sealed value moved to
// another row does not open: "v1.<key id>.<base64url(nonce ||
// ciphertext)>". The empty string stays empty.
func (s *Sealer) Seal(plain, context string) (string, error) {
	if plain == "" {
		return "", nil
	}
	if !s.Enabled() {
		return "", errors.New("auth: no sealing key")
	}
	aead := s.aeads[0]
	nonce := make([]byte, aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	out := aead.Seal(nonce, nonce, []byte(plain), []byte(context))
	return "v1." + s.ids[0] + "." + base64.RawURLEncoding.EncodeToString(out), nil
}

// Open decrypts a value [Sealer.Seal] made for context with any of the
// keys; [ErrUnsealable] when none opens it. The empty string opens empty.
func (s *Sealer) Open(sealed, context string) (string, error) {
	if sealed == "" {
		return "", nil
	}
	plain, err := s.open(sealed, context)
	return string(plain), err
}

// open is Open, returning the plain bytes. The base64 is read strictly,
// so that each sealed value has one spelling: one differing in the unused
// bits of its last character does not open.
func (s *Sealer) open(sealed, context string) ([]byte, error) {
	rest, ok := strings.CutPrefix(sealed, "v1.")
	id, body, ok2 := strings.Cut(rest, ".")
	if !ok || !ok2 || strings.IndexByte(body, '.') >= 0 || !s.Enabled() {
		return nil, ErrUnsealable
	}
	raw, err := base64.RawURLEncoding.Strict().DecodeString(body)
	if err != nil {
		return nil, ErrUnsealable
	}
	for i, kid := range s.ids {
		if kid != id {
			continue
		}
		aead := s.aeads[i]
		if len(raw) < aead.NonceSize()+aead.Overhead() {
			return nil, ErrUnsealable
		}
		plain, err := aead.Open(raw[aead.NonceSize():aead.NonceSize()], raw[:aead.NonceSize()], raw[aead.NonceSize():], []byte(context))
		if err != nil {
			return nil, ErrUnsealable
		}
		return plain, nil
	}
	return nil, ErrUnsealable
}

// Current reports whether a sealed value was sealed with the sealing (the
// first) key, or is empty: values that are not are due to be sealed again.
func (s *Sealer) Current(sealed string) bool {
	return sealed == "" || (s.Enabled() && strings.HasPrefix(sealed, "v1."+s.ids[0]+"."))
}
