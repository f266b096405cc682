package totp

import (
	"crypto/rand"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"crypto/subtle"
	"fmt"
	"hash"
	"io"
	"log/slog"
	"time"

	"github.com/sesame-go/sesame/auth"
)

// Algorithm is the hash function of the HMAC that makes the codes.
type Algorithm uint8

// The hash functions of RFC 6238 §1.2.
const (
	SHA1 Algorithm = iota + 1
	SHA256
	SHA512
)

// String returns the algorithm's name in the Key Uri Format: "SHA1",
// "SHA256" or "SHA512".
func (a Algorithm) String() string {
	switch a {
	case SHA1:
		return "SHA1"
	case SHA256:
		return "SHA256"
	case SHA512:
		return "SHA512"
	}
	return fmt.Sprintf("Algorithm(%d)", uint8(a))
}

func (a Algorithm) valid() bool { return a >= SHA1 && a <= SHA512 }

// hash returns the constructor of the algorithm's hash function.
func (a Algorithm) hash() func() hash.Hash {
	switch a {
	case SHA256:
		return sha256.New
	case SHA512:
		return sha512.New
	}
	return sha1.New
}

// secretSize is the length of a generated secret: the length of the seeds
// of RFC 6238 Appendix A for each hash function, its output size.
func (a Algorithm) secretSize() int { return a.hash()().Size() }

// MinSecretSize is the shortest secret a [Key] accepts, 128 bits
// (RFC 4226 §4, requirement R6).
const MinSecretSize = 16

// Key is a shared secret with the parameters of its codes. The zero Key
// has no secret: its codes are empty and it verifies none. A Key prints
// as "[redacted]" everywhere (see the package documentation); it is not
// comparable with ==, use [Key.Equal].
type Key struct {
	secret    auth.Secret
	algorithm Algorithm
	digits    uint8
	period    uint32 // seconds
}

// NewKey returns a key of the raw secret and the options. It returns
// [ErrInvalidKey] for a secret under [MinSecretSize] bytes or an invalid
// option.
func NewKey(secret []byte, opts ...Option) (Key, error) {
	c, err := newConfig(opts)
	if err != nil {
		return Key{}, err
	}
	if len(secret) < MinSecretSize { // RFC 4226 §4 R6
		return Key{}, fmt.Errorf("%w: secret of %d bytes, want at least %d", ErrInvalidKey, len(secret), MinSecretSize)
	}
	return Key{
		secret:    auth.NewSecret(string(secret)),
		algorithm: c.algorithm,
		digits:    uint8(c.digits),
		period:    uint32(c.period / time.Second),
	}, nil
}

// Generate returns a key with a new secret from crypto/rand, as long as
// the seeds of RFC 6238 Appendix A for its hash function: 20 bytes for
// SHA-1, 32 for SHA-256, 64 for SHA-512. It returns [ErrInvalidKey] for
// an invalid option.
func Generate(opts ...Option) (Key, error) { return generate(rand.Reader, opts) }

func generate(r io.Reader, opts []Option) (Key, error) {
	c, err := newConfig(opts)
	if err != nil {
		return Key{}, err
	}
	secret := make([]byte, c.algorithm.secretSize())
	if _, err := io.ReadFull(r, secret); err != nil {
		return Key{}, fmt.Errorf("totp: reading random bytes: %w", err)
	}
	return NewKey(secret, opts...)
}

// DecodeKey returns a key of a secret in Base32 (see [DecodeBase32]) and
// the options. It returns [ErrInvalidKey] for Base32 that does not decode,
// a secret under [MinSecretSize] bytes or an invalid option.
func DecodeKey(secret string, opts ...Option) (Key, error) {
	b, err := DecodeBase32(secret)
	if err != nil {
		return Key{}, fmt.Errorf("%w: %w", ErrInvalidKey, err)
	}
	return NewKey(b, opts...)
}

// IsZero reports whether k is the zero Key.
func (k Key) IsZero() bool { return k.secret.IsZero() }

// Secret returns a copy of the raw secret, for storage.
func (k Key) Secret() []byte { return []byte(k.secret.Reveal()) }

// Base32 returns the secret in Base32 without padding (RFC 4648 §6), as
// authenticator apps take it typed in.
func (k Key) Base32() string { return EncodeBase32([]byte(k.secret.Reveal())) }

// Algorithm returns the hash function of the key's HMAC.
func (k Key) Algorithm() Algorithm { return k.algorithm }

// Digits returns the number of digits of the key's codes.
func (k Key) Digits() int { return int(k.digits) }

// Period returns the key's time step.
func (k Key) Period() time.Duration { return time.Duration(k.period) * time.Second }

// Equal reports whether k and o have the same secret, compared in
// constant time, and the same parameters.
func (k Key) Equal(o Key) bool {
	same := k.secret.Equal(o.secret)
	return same && k.algorithm == o.algorithm && k.digits == o.digits && k.period == o.period
}

// redacted is what every printing of a key writes.
const redacted = "[redacted]"

// String returns "[redacted]".
func (Key) String() string { return redacted }

// GoString returns "[redacted]", for %#v.
func (Key) GoString() string { return redacted }

// Format writes "[redacted]" for every verb.
func (Key) Format(f fmt.State, _ rune) { io.WriteString(f, redacted) }

// MarshalJSON returns "[redacted]" as a JSON string: store [Key.Secret]
// and the parameters instead.
func (Key) MarshalJSON() ([]byte, error) { return []byte(`"` + redacted + `"`), nil }

// MarshalText returns "[redacted]".
func (Key) MarshalText() ([]byte, error) { return []byte(redacted), nil }

// LogValue returns "[redacted]" for log/slog.
func (Key) LogValue() slog.Value { return slog.StringValue(redacted) }

// compare reports in constant time whether two codes are equal.
func compare(a, b string) bool { return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1 }
