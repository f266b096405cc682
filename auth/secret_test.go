package auth

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"
)

// TestSecretNeverPrints formats a secret, alone and inside other values,
// through every path and finds the value nowhere.
func TestSecretNeverPrints(t *testing.T) {
	const value = "hunter2-correct-horse"
	s := NewSecret(value)
	// fmt prints unexported fields, and what an unexported pointer to a
	// struct points to under a verb that does not suit a pointer (%s, %d
	// ...), by reflection, without calling their methods.
	type inner struct {
		secret  Secret
		secrets map[string]Secret
	}
	type holder struct {
		Password Secret
		Ptr      *Secret
		hidden   Secret
		list     []Secret
		in       inner
		ptr      *inner
	}
	in := inner{secret: s, secrets: map[string]Secret{"k": s}}
	h := holder{Password: s, Ptr: &s, hidden: s, list: []Secret{s}, in: in, ptr: &in}
	var outputs []string
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x", "%X", "%d", "%10s", "%T", "%p", "%t"} {
		outputs = append(outputs, fmt.Sprintf(verb, s), fmt.Sprintf(verb, h), fmt.Sprintf(verb, &h), fmt.Sprintf(verb, []Secret{s}))
	}
	outputs = append(outputs, fmt.Sprint(s), fmt.Sprintln(s), s.String(), s.GoString())
	for _, v := range []any{s, h, map[string]Secret{"k": s}} {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		outputs = append(outputs, string(b))
	}
	text, _ := s.MarshalText()
	outputs = append(outputs, string(text))
	var buf bytes.Buffer
	for _, handler := range []slog.Handler{slog.NewTextHandler(&buf, nil), slog.NewJSONHandler(&buf, nil)} {
		l := slog.New(handler)
		l.Info("login", "password", s, "holder", h)
		l.Info("login", slog.Any("password", s))
	}
	outputs = append(outputs, buf.String())
	for _, out := range outputs {
		if strings.Contains(out, value) {
			t.Errorf("secret printed: %s", out)
		}
	}
	if !strings.Contains(fmt.Sprint(s), "[redacted]") {
		t.Errorf("Sprint(secret) = %q, want [redacted]", fmt.Sprint(s))
	}
}

// TestSecretDecodes: request types hold secrets, so decoding keeps the
// value while encoding hides it.
func TestSecretDecodes(t *testing.T) {
	var in struct {
		Password Secret `json:"password"`
	}
	if err := json.Unmarshal([]byte(`{"password":"p4ss"}`), &in); err != nil {
		t.Fatal(err)
	}
	if in.Password.Reveal() != "p4ss" {
		t.Errorf("decoded secret = %q, want p4ss", in.Password.Reveal())
	}
	if !in.Password.Equal(NewSecret("p4ss")) || in.Password.Equal(NewSecret("p4sS")) || in.Password.Equal(Secret{}) {
		t.Error("Equal compares wrongly")
	}
}

func TestErrorIs(t *testing.T) {
	wrapped := fmt.Errorf("outer: %w", ErrNoSession.With("other words"))
	if !errorsIs(wrapped, ErrNoSession) {
		t.Errorf("errors.Is(wrapped no_session, ErrNoSession) = false")
	}
	if errorsIs(wrapped, ErrInvalidToken) {
		t.Errorf("errors.Is(no_session, ErrInvalidToken) = true")
	}
	cause := fmt.Errorf("disk on fire")
	e := ErrInternal.Wrap(cause)
	if !errorsIs(e, cause) || AsError(cause).Code != "internal" {
		t.Errorf("internal error does not wrap its cause")
	}
	if strings.Contains(e.Message, "disk") {
		t.Errorf("an internal error's message shows its cause: %q", e.Message)
	}
}

func TestIDs(t *testing.T) {
	a, b := newID(testNow), newID(testNow.Add(time.Millisecond))
	if len(a) != 36 || a[14] != '7' || !strings.ContainsAny(a[19:20], "89ab") {
		t.Errorf("newID = %q, want a UUIDv7", a)
	}
	if a >= b {
		t.Errorf("IDs are not time-ordered: %s >= %s", a, b)
	}
	tok := newToken()
	if !validToken(tok) || validToken(NewSecret(tok.Reveal()+"x")) || validToken(NewSecret(strings.Repeat("!", 43))) {
		t.Errorf("validToken misjudges")
	}
}
