package oauth

import (
	"testing"
	"unicode/utf8"
)

// FuzzParseTokenResponse: no panic, an error means a zero result, a
// success has an access token.
func FuzzParseTokenResponse(f *testing.F) {
	for _, s := range []string{`{"access_token":"a","token_type":"Bearer","expires_in":3600,"id_token":"x.y.z"}`,
		"access_token=a&token_type=bearer", `{"error":"invalid_grant"}`, `{"access_token":"a","expires_in":"1e3"}`} {
		f.Add("application/json", s)
		f.Add("application/x-www-form-urlencoded", s)
	}
	f.Fuzz(func(t *testing.T, ct, body string) {
		got, err := parseTokenResponse(ct, []byte(body))
		notZero := !got.AccessToken.IsZero() || got.TokenType != "" || !got.RefreshToken.IsZero() || got.ExpiresIn != 0 ||
			!got.IDToken.IsZero() || got.Scope != ""
		if err != nil && notZero {
			t.Fatalf("error %v with a result %+v", err, got)
		}
		if err == nil && (got.AccessToken.IsZero() || got.ExpiresIn < 0) {
			t.Fatalf("success without a token: %+v", got)
		}
	})
}

// FuzzMappers: user-info answers never panic, an error means a zero
// result, and a success has a clean subject.
func FuzzMappers(f *testing.F) {
	for _, s := range []string{`{"sub":"1","email":"a@b","email_verified":"true"}`, `{"id":583231,"login":"octocat"}`,
		`{"id":"80351110224678912","username":"n","email":"n@d","verified":true,"avatar":"a"}`, `[{"email":"a@b","primary":true}]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		for _, m := range []Mapper{StandardClaims, mapGitHubUser, mapDiscord} {
			u, err := m([]byte(body))
			if err != nil && u != (UserInfo{}) {
				t.Fatalf("error %v with a result %+v", err, u)
			}
			if err == nil {
				if u.Subject == "" || len(u.Subject) > 255 || !utf8.ValidString(u.Subject) {
					t.Fatalf("bad subject %q", u.Subject)
				}
				if u.EmailVerified && u.Email == "" {
					t.Fatalf("verified without an address: %+v", u)
				}
			}
		}
		mapGitHubEmails([]byte(body))
		appleUser(body)
	})
}
