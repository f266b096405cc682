package conformance

import (
	"net/http"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
)

// resolveOnce counts the statements of one request with a session cookie:
// the session and its user cost one query however many layers (the
// middleware, the auth routes, RequireUser, the operation) look at the
// session, plus one write when the session is due for a refresh. With a
// target's session store, the request costs one Lookup of the store, the
// query that loads the user (none when the store finds no session) and,
// when due, one Extend of the store. The cookie is renewed, or cleared
// when it names no live session, once.
func resolveOnce(t *testing.T, e *authtest.Engine, target Target) {
	const lifetime = 7 * 24 * time.Hour
	tests := []struct {
		name       string
		path       string
		advance    time.Duration
		revoked    bool // the cookie's session was revoked
		status     int
		statements int
		cookie     string // what the response does to the cookie: "", "renew" or "clear"
	}{
		{"RequireUser route", MePath, 0, false, http.StatusOK, 1, ""},
		{"session route", "/auth/session", 0, false, http.StatusOK, 1, ""},
		{"RequireUser route, due for a refresh", MePath, 2 * time.Hour, false, http.StatusOK, 2, "renew"},
		{"session route, due for a refresh", "/auth/session", 2 * time.Hour, false, http.StatusOK, 2, "renew"},
		{"RequireUser route, revoked session", MePath, 0, true, http.StatusUnauthorized, 1, "clear"},
		{"session route, revoked session", "/auth/session", 0, true, http.StatusUnauthorized, 1, "clear"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pool, faults := e.Faulty(t)
			clock := authtest.NewClock(start)
			a, store := newCountedAuth(t, &authtest.Engine{Name: e.Name, Dialect: e.Dialect, DB: pool}, target,
				auth.WithClock(clock.Now), auth.WithSessionUpdateAge(time.Hour), auth.WithSessionLifetime(lifetime))
			srv := serve(t, target, a)
			c := srv.client(t)
			in := signIn(t, c, person(t, "ada"))
			if tt.revoked {
				other := srv.client(t)
				signIn(t, other, person(t, "ada"))
				wantOK(t, "revoke", other.Post("/auth/sessions/revoke", map[string]string{"id": in.Session.ID}))
			}
			clock.Advance(tt.advance)

			faults.Reset()
			if store != nil {
				store.reset()
			}
			res := c.Get(tt.path)
			what := "GET " + tt.path
			if res.Status != tt.status {
				t.Fatalf("%s = %d %s, want %d", what, res.Status, res.Body, tt.status)
			}
			statements := tt.statements
			if store != nil {
				// The store finds the session and refreshes it; the
				// database loads the user of a live session only.
				statements = 1
				if tt.revoked {
					statements = 0
				}
				extends := int64(0)
				if tt.cookie == "renew" {
					extends = 1
				}
				if got := store.lookups.Load(); got != 1 {
					t.Errorf("%s looked the session up %d times in the store, want 1", what, got)
				}
				if got := store.extends.Load(); got != extends {
					t.Errorf("%s extended the session %d times in the store, want %d", what, got, extends)
				}
			}
			if got := faults.Statements(); got != statements {
				t.Errorf("%s ran %d statements, want %d", what, got, statements)
			}
			switch tt.cookie {
			case "":
				wantNoCookie(t, what, res)
			case "renew":
				wantCookieSet(t, what, res, int(lifetime/time.Second))
			case "clear":
				wantCookieCleared(t, what, res)
			}
		})
	}
}
