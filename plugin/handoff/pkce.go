package handoff

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"

	"github.com/sesame-go/sesame/auth"
)

// MethodS256 is the only code challenge method the plugin takes
// (RFC 7636 §4.2): "plain" would hand the verifier to whoever sees the
// challenge.
const MethodS256 = "S256"

// NewVerifier returns a new code verifier for a receiving client written
// in Go: 32 random bytes, base64url without padding, 43 characters
// (RFC 7636 §4.1, as its §7.1 recommends).
func NewVerifier() auth.Secret {
	b := make([]byte, 32)
	rand.Read(b) // never fails (crypto/rand)
	return auth.NewSecret(base64.RawURLEncoding.EncodeToString(b))
}

// Challenge returns the S256 code challenge of a verifier:
// BASE64URL(SHA256(verifier)) without padding (RFC 7636 §4.2). The
// receiving client gives it to the starting client, which starts the
// handoff with it.
func Challenge(verifier auth.Secret) string {
	sum := sha256.Sum256([]byte(verifier.Reveal()))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

// validVerifier reports whether v is a code verifier: 43 to 128 of the
// unreserved characters [A-Z] / [a-z] / [0-9] / "-" / "." / "_" / "~"
// (RFC 7636 §4.1).
func validVerifier(v string) bool {
	if len(v) < 43 || len(v) > 128 {
		return false
	}
	for i := range len(v) {
		switch c := v[i]; {
		case 'A' <= c && c <= 'Z', 'a' <= c && c <= 'z', '0' <= c && c <= '9', c == '-', c == '.', c == '_', c == '~':
		default:
			return false
		}
	}
	return true
}

// validChallenge reports whether c is an S256 code challenge: the
// canonical unpadded base64url of 32 bytes, 43 characters (RFC 7636 §4.2).
func validChallenge(c string) bool {
	if len(c) != 43 {
		return false
	}
	b, err := base64.RawURLEncoding.Strict().DecodeString(c)
	return err == nil && len(b) == sha256.Size
}

// verifies reports whether a redemption's verifier answers the handoff's
// challenge: both absent, or the verifier's S256 equal to the challenge,
// compared in constant time (RFC 7636 §4.6).
func verifies(challenge string, verifier auth.Secret) bool {
	if challenge == "" || verifier.IsZero() {
		return challenge == "" && verifier.IsZero()
	}
	return subtle.ConstantTimeCompare([]byte(Challenge(verifier)), []byte(challenge)) == 1
}
