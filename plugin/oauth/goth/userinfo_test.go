package gothoauth

import (
	"encoding/base64"
	"testing"

	"github.com/markbates/goth"
	"github.com/sesame-go/sesame/plugin/oauth"
)

func TestUserInfo(t *testing.T) {
	base := goth.User{UserID: "1", Email: "a@example.com", FirstName: "Ada", LastName: "L", NickName: "ada"}
	claim := func(v any) goth.User { u := base; u.RawData = map[string]any{"email_verified": v}; return u }
	tests := []struct {
		name           string
		u              goth.User
		oidc, verified bool
		want           bool
	}{
		{"plain, unverified by default", base, false, false, false},
		{"plain, a claim is not read", claim(true), false, false, false},
		{"plain with WithVerifiedEmails", base, false, true, true},
		{"oidc email_verified true", claim(true), true, false, true},
		{"oidc email_verified \"true\"", claim("true"), true, false, true},
		{"oidc email_verified false", claim(false), true, false, false},
		{"oidc without the claim", base, true, false, false},
		{"no address is never verified", goth.User{UserID: "1"}, true, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := userInfo(tt.u, tt.oidc, tt.verified)
			if got.EmailVerified != tt.want {
				t.Errorf("userInfo(%+v, %v, %v).EmailVerified = %v, want %v", tt.u, tt.oidc, tt.verified, got.EmailVerified, tt.want)
			}
		})
	}
	want := oauth.UserInfo{Subject: "1", Email: "a@example.com", Name: "Ada L", Username: "ada"}
	if got := userInfo(base, false, false); got != want {
		t.Errorf("userInfo(%+v) = %+v, want %+v", base, got, want)
	}
}

func TestCheckNonce(t *testing.T) {
	token := func(payload string) string {
		return "e30." + base64.RawURLEncoding.EncodeToString([]byte(payload)) + ".sig"
	}
	tests := []struct {
		name     string
		token    string
		required bool
		ok       bool
	}{
		{"match", token(`{"nonce":"n1"}`), true, true},
		{"mismatch", token(`{"nonce":"n2"}`), false, false},
		{"missing, required", token(`{}`), true, false},
		{"missing, not required", token(`{}`), false, true},
		{"malformed", "a.b", false, false},
		{"bad payload", "a.!!.c", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := checkNonce(tt.token, "n1", tt.required); (err == nil) != tt.ok {
				t.Errorf("checkNonce(%q, n1, %v) = %v, want ok %v", tt.token, tt.required, err, tt.ok)
			}
		})
	}
}
