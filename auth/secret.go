package auth

import (
	"crypto/subtle"
	"fmt"
	"io"
	"log/slog"
)

// redacted is what every formatting of a secret prints.
const redacted = "[redacted]"

// Secret is a string that never prints: passwords, session tokens, codes,
// keys. Every formatting path (fmt's verbs, JSON, text, slog) writes
// "[redacted]"; Reveal returns the value for the code that must use it.
// Decoding from JSON or text sets it, so request types can hold one.
//
// The value sits behind a pointer, so that the redaction holds by type
// wherever a Secret is: fmt prints an unexported field, or a value in an
// unexported map or slice, by reflection and without its methods, and it
// prints a pointer to a string as an address at any depth and with any
// verb. A Secret is not comparable with ==: use Equal, which compares in
// constant time.
type Secret struct {
	v *string
	_ [0]func() // not comparable
}

// NewSecret returns a secret of the value s.
func NewSecret(s string) Secret {
	if s == "" {
		return Secret{}
	}
	return Secret{v: &s}
}

// Reveal returns the secret's value.
func (s Secret) Reveal() string {
	if s.v == nil {
		return ""
	}
	return *s.v
}

// Equal compares two secrets in constant time.
func (s Secret) Equal(o Secret) bool {
	return subtle.ConstantTimeCompare([]byte(s.Reveal()), []byte(o.Reveal())) == 1
}

// IsZero reports whether the secret is empty.
func (s Secret) IsZero() bool { return s.v == nil || *s.v == "" }

// String returns "[redacted]".
func (Secret) String() string { return redacted }

// GoString returns "[redacted]", for %#v.
func (Secret) GoString() string { return redacted }

// Format writes "[redacted]" for every verb.
func (Secret) Format(f fmt.State, _ rune) { io.WriteString(f, redacted) }

// MarshalJSON returns "[redacted]" as a JSON string.
func (Secret) MarshalJSON() ([]byte, error) { return []byte(`"` + redacted + `"`), nil }

// MarshalText returns "[redacted]".
func (Secret) MarshalText() ([]byte, error) { return []byte(redacted), nil }

// UnmarshalText sets the secret from text, so that decoding a JSON string
// or a form value into a Secret keeps its value.
func (s *Secret) UnmarshalText(b []byte) error {
	*s = NewSecret(string(b))
	return nil
}

// LogValue returns "[redacted]" for log/slog.
func (Secret) LogValue() slog.Value { return slog.StringValue(redacted) }
