package routertest

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
)

// start is the time every test clock starts at.
var start = time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)

// TestCookieSession signs in as a browser does and reads the session back
// with the cookie.
func TestCookieSession(t *testing.T) {
	eachRouter(t, func(t *testing.T, e *authtest.Engine, rt router) {
		c := authtest.NewClient(t, rt.mount(newAuth(t, e)))
		wantError(t, "GET /auth/session before sign-in", c.Get("/auth/session"), http.StatusUnauthorized, "no_session")

		res := c.Post("/auth/authtest/sign-in", map[string]string{"name": "ada-" + rt.name})
		if res.Status != http.StatusOK {
			t.Fatalf("sign-in = %d %s, want 200", res.Status, res.Body)
		}
		if sc := res.Header.Get("Set-Cookie"); !strings.HasPrefix(sc, "sesame_session=") || !strings.Contains(sc, "HttpOnly") {
			t.Errorf("sign-in Set-Cookie = %q, want an HttpOnly sesame_session cookie", sc)
		}
		var in authtest.LoginResult
		res.Decode(t, &in)

		res = c.Get("/auth/session")
		if res.Status != http.StatusOK {
			t.Fatalf("GET /auth/session = %d %s, want 200", res.Status, res.Body)
		}
		var info auth.SessionInfo
		res.Decode(t, &info)
		if info.User == nil || info.Session == nil || info.User.ID != in.User.ID || info.Session.ID != in.Session.ID {
			t.Errorf("GET /auth/session = %s, want user %s and session %s", res.Body, in.User.ID, in.Session.ID)
		}
	})
}

// TestBearerSession signs in asking for the token in a header and sends it
// back as Authorization: Bearer, to Sesame's routes and to the host's.
func TestBearerSession(t *testing.T) {
	eachRouter(t, func(t *testing.T, e *authtest.Engine, rt router) {
		h := rt.mount(newAuth(t, e))
		c := authtest.NewClient(t, h)
		c.Bearer, c.Origin = true, "" // an app, not a browser: no Origin

		res := c.Post("/auth/authtest/sign-in", map[string]string{"name": "ada-" + rt.name})
		if res.Status != http.StatusOK || c.Token == "" || res.Header.Get("Set-Cookie") != "" {
			t.Fatalf("bearer sign-in = %d, Auth-Token %q, Set-Cookie %q; want 200, a token and no cookie",
				res.Status, c.Token, res.Header.Get("Set-Cookie"))
		}
		var in authtest.LoginResult
		res.Decode(t, &in)

		res = c.Get("/auth/session")
		var info auth.SessionInfo
		res.Decode(t, &info)
		if res.Status != http.StatusOK || info.Session == nil || info.Session.ID != in.Session.ID {
			t.Fatalf("GET /auth/session by bearer = %d %s, want 200 and session %s", res.Status, res.Body, in.Session.ID)
		}
		wantMe(t, c, in)
		// No cookie, so no CSRF risk: a state change without Origin passes.
		if res := c.Post("/auth/sessions/revoke-others", nil); res.Status != http.StatusOK {
			t.Errorf("bearer POST without Origin = %d %s, want 200", res.Status, res.Body)
		}

		other := authtest.NewClient(t, h)
		other.Bearer, other.Origin = true, ""
		wantError(t, "GET "+mePath+" by bearer without a token", other.Get(mePath), http.StatusUnauthorized, "no_session")
		other.Token = "not-a-token"
		wantError(t, "GET "+mePath+" with a malformed token", other.Get(mePath), http.StatusUnauthorized, "no_session")
		wantError(t, "GET /auth/session with a malformed token", other.Get("/auth/session"), http.StatusUnauthorized, "invalid_token")
	})
}

// TestRequireUser calls the host's route guarded by RequireUser without a
// session, with one, and after signing out.
func TestRequireUser(t *testing.T) {
	eachRouter(t, func(t *testing.T, e *authtest.Engine, rt router) {
		c := authtest.NewClient(t, rt.mount(newAuth(t, e)))
		wantError(t, "GET "+mePath+" without a session", c.Get(mePath), http.StatusUnauthorized, "no_session")

		in := signIn(t, c, "ada-"+rt.name)
		wantMe(t, c, in)

		if res := c.Post("/auth/sign-out", nil); res.Status != http.StatusOK {
			t.Fatalf("sign-out = %d %s, want 200", res.Status, res.Body)
		}
		wantError(t, "GET "+mePath+" after sign-out", c.Get(mePath), http.StatusUnauthorized, "no_session")
	})
}

// TestSessionRoutes lists a user's sessions on three devices, revokes one,
// then the others, then signs out.
func TestSessionRoutes(t *testing.T) {
	eachRouter(t, func(t *testing.T, e *authtest.Engine, rt router) {
		clock := authtest.NewClock(start)
		h := rt.mount(newAuth(t, e, auth.WithClock(clock.Now)))
		browser, phone, laptop := authtest.NewClient(t, h), authtest.NewClient(t, h), authtest.NewClient(t, h)
		name := "ada-" + rt.name
		onBrowser := signIn(t, browser, name)
		clock.Advance(time.Second)
		onPhone := signIn(t, phone, name)
		clock.Advance(time.Second)
		onLaptop := signIn(t, laptop, name)

		res := browser.Get("/auth/sessions")
		var list auth.SessionList
		res.Decode(t, &list)
		if got, want := sessionIDs(list), []string{onLaptop.Session.ID, onPhone.Session.ID, onBrowser.Session.ID}; res.Status != http.StatusOK ||
			strings.Join(got, ",") != strings.Join(want, ",") {
			t.Fatalf("GET /auth/sessions = %d %v, want 200 %v (newest first)", res.Status, got, want)
		}
		for _, s := range list.Sessions {
			if s.Current != (s.ID == onBrowser.Session.ID) {
				t.Errorf("session %s: current = %v, want it set on the caller's session only", s.ID, s.Current)
			}
		}

		wantError(t, "revoke of an unknown session", browser.Post("/auth/sessions/revoke", map[string]string{"id": "nope"}),
			http.StatusNotFound, "session_not_found")
		if res := browser.Post("/auth/sessions/revoke", map[string]string{"id": onPhone.Session.ID}); res.Status != http.StatusOK {
			t.Fatalf("revoke = %d %s, want 200", res.Status, res.Body)
		}
		wantError(t, "the revoked phone's session", phone.Get("/auth/session"), http.StatusUnauthorized, "no_session")
		wantError(t, "the revoked phone's "+mePath, phone.Get(mePath), http.StatusUnauthorized, "no_session")
		wantMe(t, laptop, onLaptop)

		res = browser.Post("/auth/sessions/revoke-others", nil)
		var revoked auth.Revoked
		res.Decode(t, &revoked)
		if res.Status != http.StatusOK || revoked.Revoked != 1 {
			t.Errorf("revoke-others = %d %s, want 200 and 1 revoked", res.Status, res.Body)
		}
		wantError(t, "the laptop's "+mePath+" after revoke-others", laptop.Get(mePath), http.StatusUnauthorized, "no_session")
		wantMe(t, browser, onBrowser)

		res = browser.Post("/auth/sign-out", nil)
		if sc := res.Header.Get("Set-Cookie"); res.Status != http.StatusOK ||
			!strings.HasPrefix(sc, "sesame_session=;") || !strings.Contains(sc, "Max-Age=0") {
			t.Errorf("sign-out = %d, Set-Cookie %q; want 200 and the cookie cleared", res.Status, sc)
		}
		wantError(t, "GET /auth/session after sign-out", browser.Get("/auth/session"), http.StatusUnauthorized, "no_session")
		wantError(t, "GET "+mePath+" after sign-out", browser.Get(mePath), http.StatusUnauthorized, "no_session")
	})
}

func sessionIDs(l auth.SessionList) []string {
	ids := make([]string, len(l.Sessions))
	for i, s := range l.Sessions {
		ids[i] = s.ID
	}
	return ids
}

// TestCSRF sends state-changing requests from other sites: with the
// session cookie, only the instance's own origin may change state.
func TestCSRF(t *testing.T) {
	tests := []struct {
		name   string
		cookie bool // sign in first, so the request carries the cookie
		path   string
		body   any
		header http.Header
		status int
		code   string
		passes bool // the origin is trusted: the request goes through
	}{
		{"cookie, foreign Origin", true, "/auth/sessions/revoke-others", nil,
			http.Header{"Origin": {"http://evil.test"}}, http.StatusForbidden, "invalid_origin", false},
		{"cookie, no Origin", true, "/auth/sessions/revoke-others", nil,
			nil, http.StatusForbidden, "invalid_origin", false},
		{"cookie, foreign Referer", true, "/auth/sessions/revoke-others", nil,
			http.Header{"Referer": {"http://evil.test/page"}}, http.StatusForbidden, "invalid_origin", false},
		{"cookie, foreign Origin on sign-out", true, "/auth/sign-out", nil,
			http.Header{"Origin": {"http://evil.test"}}, http.StatusForbidden, "invalid_origin", false},
		{"no cookie, foreign Origin on sign-in", false, "/auth/authtest/sign-in", map[string]string{"name": "eve"},
			http.Header{"Origin": {"http://evil.test"}}, http.StatusForbidden, "invalid_origin", false},
		{"cookie, own Origin", true, "/auth/sessions/revoke-others", nil,
			http.Header{"Origin": {"http://sesame.test"}}, http.StatusOK, "", true},
		{"cookie, own Referer", true, "/auth/sessions/revoke-others", nil,
			http.Header{"Referer": {"http://sesame.test/settings"}}, http.StatusOK, "", true},
	}
	eachRouter(t, func(t *testing.T, e *authtest.Engine, rt router) {
		h := rt.mount(newAuth(t, e))
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				c := authtest.NewClient(t, h)
				name := "ada-" + rt.name + "-" + strings.ReplaceAll(tt.name, " ", "-")
				if tt.cookie {
					signIn(t, c, name)
					signIn(t, authtest.NewClient(t, h), name) // another session, for revoke-others
				}
				c.Origin = "" // only what tt.header says
				res := c.Do(http.MethodPost, tt.path, tt.body, tt.header)
				if tt.code != "" {
					wantError(t, "POST "+tt.path, res, tt.status, tt.code)
				} else if res.Status != tt.status {
					t.Errorf("POST %s = %d %s, want %d", tt.path, res.Status, res.Body, tt.status)
				}
				if !tt.cookie {
					return
				}
				c.Origin = "http://sesame.test"
				res = c.Get("/auth/sessions")
				if res.Status != http.StatusOK {
					t.Fatalf("GET /auth/sessions after the request = %d %s, want 200: the session alive", res.Status, res.Body)
				}
				var list auth.SessionList
				res.Decode(t, &list)
				want := 2 // refused: the other session is untouched
				if tt.passes {
					want = 1
				}
				if len(list.Sessions) != want {
					t.Errorf("sessions after POST %s = %d, want %d", tt.path, len(list.Sessions), want)
				}
			})
		}
	})
}
