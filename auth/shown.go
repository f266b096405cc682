package auth

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
)

// Shown is a secret that an operation's answer shows its holder, once:
// an authenticator app's key being set up, recovery codes, a new API key.
// Unlike a [Secret], it marshals to JSON as its value, since the answer
// is the only way it reaches its holder; every other formatting (fmt's
// verbs, text, slog) writes "[redacted]", so that logging the answer
// does not leak it. Keep it out of anything but the answer.
type Shown struct {
	s Secret
}

// Show returns a Shown of the secret s.
func Show(s Secret) Shown { return Shown{s: s} }

// Secret returns the value as a [Secret].
func (s Shown) Secret() Secret { return s.s }

// Reveal returns the value.
func (s Shown) Reveal() string { return s.s.Reveal() }

// IsZero reports whether the value is empty.
func (s Shown) IsZero() bool { return s.s.IsZero() }

// MarshalJSON returns the value as a JSON string: the answer shows it.
func (s Shown) MarshalJSON() ([]byte, error) { return json.Marshal(s.s.Reveal()) }

// UnmarshalJSON sets the value from a JSON string, so that a client of
// the answer (a Go test, the TypeScript client) reads it back.
func (s *Shown) UnmarshalJSON(b []byte) error {
	var v string
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	s.s = NewSecret(v)
	return nil
}

// String returns "[redacted]".
func (Shown) String() string { return redacted }

// GoString returns "[redacted]", for %#v.
func (Shown) GoString() string { return redacted }

// Format writes "[redacted]" for every verb.
func (Shown) Format(f fmt.State, _ rune) { io.WriteString(f, redacted) }

// MarshalText returns "[redacted]": only JSON shows the value.
func (Shown) MarshalText() ([]byte, error) { return []byte(redacted), nil }

// LogValue returns "[redacted]" for log/slog.
func (Shown) LogValue() slog.Value { return slog.StringValue(redacted) }
