package authhttp

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/url"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
)

var bridgeSecret = auth.NewSecret("the-old-better-auth-secret-0123456789abcdef")

// signBetterAuth signs a token as better-call's signCookieValue does.
func signBetterAuth(secret, token string) string {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(token))
	return url.QueryEscape(token + "." + base64.StdEncoding.EncodeToString(mac.Sum(nil)))
}

func TestOpenBetterAuth(t *testing.T) {
	// A cookie better-auth 1.7.25 set for its secret
	// "test-secret-0123456789-0123456789-abcdef" (made with
	// authimport/test/betterauth/make-db.mjs).
	const real = "8cb67tFey06Ulp6dgwMv6gNk69kQwybk.srUPskCz8ROQf914Y0jR%2FtAN%2F78KozJuz1m%2BcreV2jM%3D"
	if got, ok := openBetterAuth(auth.NewSecret("test-secret-0123456789-0123456789-abcdef"), real); !ok || got.Reveal() != "8cb67tFey06Ulp6dgwMv6gNk69kQwybk" {
		t.Fatalf("openBetterAuth(better-auth's own cookie) = %q, %v; want its token", got.Reveal(), ok)
	}
	good := signBetterAuth(bridgeSecret.Reveal(), "AbCdEfGhIjKlMnOpQrStUvWxYz012345")
	tests := []struct {
		name, value, want string
	}{
		{"signed", good, "AbCdEfGhIjKlMnOpQrStUvWxYz012345"},
		{"signed, not URL-encoded", mustUnescape(good), "AbCdEfGhIjKlMnOpQrStUvWxYz012345"},
		{"another secret", signBetterAuth("another-secret", "AbCdEfGhIjKlMnOpQrStUvWxYz012345"), ""},
		{"unsigned", "AbCdEfGhIjKlMnOpQrStUvWxYz012345", ""},
		{"empty signature", "AbCdEfGhIjKlMnOpQrStUvWxYz012345.", ""},
		{"empty token", signBetterAuth(bridgeSecret.Reveal(), ""), ""},
		{"token changed", strings.Replace(good, "AbC", "XbC", 1), ""},
		{"signature cut", good[:len(good)-6], ""},
		{"bad escape", "%zz.%zz", ""},
		{"signature without padding", strings.TrimSuffix(mustUnescape(good), "="), ""},
		{"better-auth's cookie of another secret", real, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := openBetterAuth(bridgeSecret, tt.value)
			if got.Reveal() != tt.want || ok != (tt.want != "") {
				t.Fatalf("openBetterAuth(%q) = %q, %v; want %q", tt.value, got.Reveal(), ok, tt.want)
			}
		})
	}
}

func mustUnescape(s string) string {
	v, err := url.QueryUnescape(s)
	if err != nil {
		panic(err)
	}
	return v
}

// FuzzOpenBetterAuth: no value panics; an accepted value carries a
// token whose signature, made again, opens it again.
func FuzzOpenBetterAuth(f *testing.F) {
	for _, seed := range []string{signBetterAuth(bridgeSecret.Reveal(), "tok"), "tok", "tok.", ".sig", "%", "a.b.c",
		signBetterAuth(bridgeSecret.Reveal(), "a.b")} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, value string) {
		token, ok := openBetterAuth(bridgeSecret, value)
		if !ok {
			if !token.IsZero() {
				t.Fatalf("openBetterAuth(%q) refused but returned a token", value)
			}
			return
		}
		again, ok := openBetterAuth(bridgeSecret, signBetterAuth(bridgeSecret.Reveal(), token.Reveal()))
		if !ok || again.Reveal() != token.Reveal() {
			t.Fatalf("openBetterAuth(%q) = %q, which does not round-trip", value, token.Reveal())
		}
	})
}
