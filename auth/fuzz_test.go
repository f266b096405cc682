package auth

import (
	"encoding/base64"
	"testing"
)

// FuzzValidToken: a string passes as a session or link token exactly when
// it is the canonical base64url form of 32 bytes, as newToken makes them;
// nothing else reaches the database lookup.
func FuzzValidToken(f *testing.F) {
	f.Add(newToken().Reveal())
	f.Add("")
	f.Add("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=")
	f.Add("not a token at all, but 43 characters long.")
	f.Fuzz(func(t *testing.T, s string) {
		raw, err := base64.RawURLEncoding.Strict().DecodeString(s)
		want := err == nil && len(raw) == tokenBytes && base64.RawURLEncoding.EncodeToString(raw) == s
		if got := validToken(NewSecret(s)); got != want {
			t.Fatalf("validToken(%q) = %v, want %v", s, got, want)
		}
	})
}
