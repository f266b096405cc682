package conformance

import (
	"net/http"
	"testing"

	"github.com/sesame-go/sesame/authtest"
)

// csrf sends state-changing requests from other sites: with the session
// cookie, only the instance's own origin may change state.
func csrf(t *testing.T, e *authtest.Engine, target Target) {
	foreignOrigin := http.Header{"Origin": {"http://evil.test"}}
	tests := []struct {
		name   string
		cookie bool // sign in first, so the request carries the cookie
		path   string
		body   any
		header http.Header
		code   string // the refusal's code, "" when the origin is trusted
	}{
		{"cookie, foreign Origin", true, "/auth/sessions/revoke-others", nil, foreignOrigin, "invalid_origin"},
		{"cookie, no Origin", true, "/auth/sessions/revoke-others", nil, nil, "invalid_origin"},
		{"cookie, foreign Referer", true, "/auth/sessions/revoke-others", nil,
			http.Header{"Referer": {"http://evil.test/page"}}, "invalid_origin"},
		{"cookie, foreign Origin on sign-out", true, "/auth/sign-out", nil, foreignOrigin, "invalid_origin"},
		{"no cookie, foreign Origin on sign-in", false, "/auth/authtest/sign-in", map[string]string{"name": "eve"},
			foreignOrigin, "invalid_origin"},
		{"cookie, own Origin", true, "/auth/sessions/revoke-others", nil, http.Header{"Origin": {"http://sesame.test"}}, ""},
		{"cookie, own Referer", true, "/auth/sessions/revoke-others", nil,
			http.Header{"Referer": {"http://sesame.test/settings"}}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := serve(t, target, newAuth(t, e, target))
			c := srv.client(t)
			if tt.cookie {
				signIn(t, c, person(t, "ada"))
				signIn(t, srv.client(t), person(t, "ada")) // another session, for revoke-others
			}
			c.Origin = "" // only what tt.header says
			res := c.Do(http.MethodPost, tt.path, tt.body, tt.header)
			what := "POST " + tt.path
			if tt.code != "" {
				wantError(t, what, res, http.StatusForbidden, tt.code)
				wantNoCookie(t, what, res)
			} else {
				wantOK(t, what, res)
			}
			if !tt.cookie {
				return
			}
			c.Origin = "http://sesame.test"
			want := 2 // refused: the other session is untouched
			if tt.code == "" {
				want = 1
			}
			if got := len(listSessions(t, c).Sessions); got != want {
				t.Errorf("sessions after %s = %d, want %d", what, got, want)
			}
		})
	}
}
