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
// Decoding from JSON works as for a string, so request types can hold one.
type Secret string

// Reveal returns the secret's value.
func (s Secret) Reveal() string { return string(s) }

// Equal compares two secrets in constant time.
func (s Secret) Equal(o Secret) bool {
	return subtle.ConstantTimeCompare([]byte(s), []byte(o)) == 1
}

// IsZero reports whether the secret is empty.
func (s Secret) IsZero() bool { return s == "" }

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
	*s = Secret(b)
	return nil
}

// LogValue returns "[redacted]" for log/slog.
func (Secret) LogValue() slog.Value { return slog.StringValue(redacted) }
