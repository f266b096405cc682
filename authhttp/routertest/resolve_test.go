package routertest

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
)

// TestResolveOnce counts the statements of one request with a session
// cookie: the session and its user cost one query however many layers
// (Middleware, Handler, RequireUser, the operation) look at the session,
// plus one write when the session is due for a refresh. The cookie is
// renewed, or cleared when it names no live session, once.
func TestResolveOnce(t *testing.T) {
	tests := []struct {
		name       string
		path       string
		advance    time.Duration
		stale      bool // the cookie's session was revoked
		status     int
		statements int
		cookie     string // what the one Set-Cookie holds, "" for none
	}{
		{"RequireUser route", mePath, 0, false, http.StatusOK, 1, ""},
		{"session route", "/auth/session", 0, false, http.StatusOK, 1, ""},
		{"RequireUser route, due for a refresh", mePath, 2 * time.Hour, false, http.StatusOK, 2, "Max-Age=604800"},
		{"session route, due for a refresh", "/auth/session", 2 * time.Hour, false, http.StatusOK, 2, "Max-Age=604800"},
		{"RequireUser route, revoked session", mePath, 0, true, http.StatusUnauthorized, 1, "Max-Age=0"},
		{"session route, revoked session", "/auth/session", 0, true, http.StatusUnauthorized, 1, "Max-Age=0"},
	}
	eachRouter(t, func(t *testing.T, e *authtest.Engine, rt router) {
		pool, faults := e.Faulty(t)
		clock := authtest.NewClock(start)
		a := newAuth(t, &authtest.Engine{Name: e.Name, Dialect: e.Dialect, DB: pool},
			auth.WithClock(clock.Now), auth.WithSessionUpdateAge(time.Hour), auth.WithSessionLifetime(7*24*time.Hour))
		h := rt.mount(a)
		c := authtest.NewClient(t, h)
		name := "ada-" + rt.name
		signIn(t, c, name)
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				clock.Advance(tt.advance)
				caller := c
				if tt.stale {
					caller = authtest.NewClient(t, h)
					in := signIn(t, caller, name)
					if res := c.Post("/auth/sessions/revoke", map[string]string{"id": in.Session.ID}); res.Status != http.StatusOK {
						t.Fatalf("revoke = %d %s, want 200", res.Status, res.Body)
					}
				}
				faults.Reset()
				res := caller.Get(tt.path)
				if res.Status != tt.status {
					t.Fatalf("GET %s = %d %s, want %d", tt.path, res.Status, res.Body, tt.status)
				}
				if got := faults.Statements(); got != tt.statements {
					t.Errorf("GET %s ran %d statements, want %d", tt.path, got, tt.statements)
				}
				got := res.Header.Values("Set-Cookie")
				if tt.cookie == "" && len(got) != 0 || tt.cookie != "" && (len(got) != 1 || !strings.Contains(got[0], tt.cookie)) {
					t.Errorf("GET %s: Set-Cookie %q, want one with %q", tt.path, got, tt.cookie)
				}
			})
		}
	})
}
