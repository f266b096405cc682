package handoff

import (
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
)

// RFC 7636 Appendix B.
const (
	rfcVerifier  = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
	rfcChallenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
)

func TestChallenge(t *testing.T) {
	if got := Challenge(auth.NewSecret(rfcVerifier)); got != rfcChallenge {
		t.Errorf("Challenge(RFC 7636 B) = %q, want %q", got, rfcChallenge)
	}
	v := NewVerifier()
	if !validVerifier(v.Reveal()) || len(v.Reveal()) != 43 || !validChallenge(Challenge(v)) {
		t.Errorf("NewVerifier() = %d characters, valid %v", len(v.Reveal()), validVerifier(v.Reveal()))
	}
	if NewVerifier().Equal(v) {
		t.Error("NewVerifier() returned the same verifier twice")
	}
}

func TestVerifies(t *testing.T) {
	tests := []struct {
		name, challenge, verifier string
		want                      bool
	}{
		{"neither", "", "", true},
		{"the RFC's pair", rfcChallenge, rfcVerifier, true},
		{"a wrong verifier", rfcChallenge, strings.Repeat("a", 43), false},
		{"the challenge as verifier (plain)", rfcChallenge, rfcChallenge, false},
		{"no verifier for a challenge", rfcChallenge, "", false},
		{"a verifier without a challenge", "", rfcVerifier, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := verifies(tt.challenge, auth.NewSecret(tt.verifier)); got != tt.want {
				t.Errorf("verifies(%q, %q) = %v, want %v", tt.challenge, tt.verifier, got, tt.want)
			}
		})
	}
}

func TestValidInputs(t *testing.T) {
	tests := []struct {
		name     string
		in       string
		verifier bool
		chal     bool
	}{
		{"the RFC's verifier", rfcVerifier, true, true},
		{"the RFC's challenge", rfcChallenge, true, true},
		{"42 characters", rfcVerifier[:42], false, false},
		{"128 characters", strings.Repeat("a.~_-", 25) + "abc", true, false},
		{"129 characters", strings.Repeat("a", 129), false, false},
		{"a plus", "+" + rfcVerifier[1:], false, false},
		{"a padded challenge", rfcChallenge[:42] + "=", false, false},
		{"non-canonical last character", rfcChallenge[:42] + "N", true, false},
		{"a NUL", rfcVerifier[:42] + "\x00", false, false},
		{"non-ASCII", rfcVerifier[:41] + "é", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := validVerifier(tt.in); got != tt.verifier {
				t.Errorf("validVerifier(%q) = %v, want %v", tt.in, got, tt.verifier)
			}
			if got := validChallenge(tt.in); got != tt.chal {
				t.Errorf("validChallenge(%q) = %v, want %v", tt.in, got, tt.chal)
			}
		})
	}
}

// FuzzCodeVerifier: a valid challenge round-trips through base64url as
// 32 bytes; a valid verifier is unreserved ASCII of 43 to 128 bytes, and
// its challenge is valid and verifies it, and nothing else of the input.
func FuzzCodeVerifier(f *testing.F) {
	for _, s := range []string{rfcVerifier, rfcChallenge, "", strings.Repeat("~", 128), rfcChallenge[:42] + "N", "a\x00b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if validChallenge(s) && len(s) != 43 {
			t.Fatalf("validChallenge(%q) with %d characters", s, len(s))
		}
		if !validVerifier(s) {
			if len(s) >= 43 && len(s) <= 128 && strings.Trim(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~") == "" {
				t.Fatalf("validVerifier(%q) = false for an unreserved string", s)
			}
			return
		}
		c := Challenge(auth.NewSecret(s))
		if !validChallenge(c) || !verifies(c, auth.NewSecret(s)) {
			t.Fatalf("the challenge %q of a valid verifier %q does not verify it", c, s)
		}
		if s != c && verifies(s, auth.NewSecret(s)) {
			t.Fatalf("verifier %q passed as its own challenge", s)
		}
	})
}
