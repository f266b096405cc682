package coretest

import (
	"net/http"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
)

// TestOriginCheck: a state-changing request carrying the session cookie
// must come from the base URL's origin or a trusted one.
func TestOriginCheck(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, auth.WithTrustedOrigins("https://app.example.com"))
		f.signIn(t, f.c, "ada")
		tests := []struct {
			name   string
			header http.Header
			status int
			code   string
		}{
			{"base URL origin", http.Header{"Origin": {"http://sesame.test"}}, http.StatusOK, ""},
			{"trusted origin", http.Header{"Origin": {"https://app.example.com"}}, http.StatusOK, ""},
			{"foreign origin", http.Header{"Origin": {"https://evil.example"}}, http.StatusForbidden, "invalid_origin"},
			{"look-alike origin", http.Header{"Origin": {"http://sesame.test.evil.example"}}, http.StatusForbidden, "invalid_origin"},
			{"other port", http.Header{"Origin": {"http://sesame.test:8080"}}, http.StatusForbidden, "invalid_origin"},
			{"null origin", http.Header{"Origin": {"null"}}, http.StatusForbidden, "invalid_origin"},
			{"referer of the base URL", http.Header{"Referer": {"http://sesame.test/account?x=1"}}, http.StatusOK, ""},
			{"foreign referer", http.Header{"Referer": {"https://evil.example/page"}}, http.StatusForbidden, "invalid_origin"},
			{"no origin at all", nil, http.StatusForbidden, "invalid_origin"},
		}
		f.c.Origin = ""
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				res := f.c.Do(http.MethodPost, "/auth/sessions/revoke-others", nil, tt.header)
				if res.Status != tt.status || res.ErrorCode() != tt.code {
					t.Errorf("POST with %v = %d %s, want %d %q", tt.header, res.Status, res.Body, tt.status, tt.code)
				}
			})
		}
		// Reads are not checked: a GET carries no Origin on navigation.
		if res := f.c.Get("/auth/session"); res.Status != http.StatusOK {
			t.Errorf("GET without Origin = %d %s, want 200", res.Status, res.Body)
		}
		// A sign-in from a foreign page is refused too (login CSRF).
		stranger := authtest.NewClient(t, f.h)
		stranger.Origin = "https://evil.example"
		wantError(t, "sign-in from a foreign origin", stranger.Post("/auth/authtest/sign-in", map[string]string{"name": "eve"}),
			http.StatusForbidden, "invalid_origin")
	})
}
