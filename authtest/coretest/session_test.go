package coretest

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
)

// TestSessionJourney walks the session routes over HTTP in cookie mode,
// with the database store, the memory store, and a mirror of the first in
// the second.
func TestSessionJourney(t *testing.T) {
	stores := []struct {
		name string
		opts []auth.Option
	}{
		{"database store", nil},
		{"memory store", []auth.Option{auth.WithSessionStore(auth.NewMemorySessionStore())}},
		{"mirror store", []auth.Option{auth.WithSessionStore(auth.MirrorSessionStore(auth.DatabaseSessionStore(), auth.NewMemorySessionStore()))}},
	}
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		for _, st := range stores {
			t.Run(st.name, func(t *testing.T) {
				f := newFixture(t, e, st.opts...)
				wantError(t, "session before sign-in", f.c.Get("/auth/session"), http.StatusUnauthorized, "no_session")

				in := f.signIn(t, f.c, "ada")
				if in.User.Name != "ada" || in.Session.UserID != in.User.ID || in.Session.Credential != "authtest" {
					t.Fatalf("sign-in answer = %+v", in)
				}
				res := f.c.Get("/auth/session")
				var info auth.SessionInfo
				res.Decode(t, &info)
				if res.Status != http.StatusOK || info.User.ID != in.User.ID || info.Session.ID != in.Session.ID {
					t.Fatalf("session = %d %s", res.Status, res.Body)
				}
				if cc := res.Header.Get("Cache-Control"); cc != "no-store" {
					t.Errorf("Cache-Control = %q, want no-store", cc)
				}

				phone := authtest.NewClient(t, f.h)
				laptop := authtest.NewClient(t, f.h)
				f.clock.Advance(time.Second)
				onPhone := f.signIn(t, phone, "ada")
				f.clock.Advance(time.Second)
				f.signIn(t, laptop, "ada")
				var list auth.SessionList
				f.c.Get("/auth/sessions").Decode(t, &list)
				if len(list.Sessions) != 3 || !list.Sessions[2].Current || list.Sessions[0].Current {
					t.Fatalf("sessions = %+v, want 3, newest first, the caller's marked current", list.Sessions)
				}

				wantError(t, "revoke of an unknown session", f.c.Post("/auth/sessions/revoke", map[string]string{"id": "nope"}),
					http.StatusNotFound, "session_not_found")
				wantError(t, "revoke without id", f.c.Post("/auth/sessions/revoke", map[string]string{}),
					http.StatusBadRequest, "invalid_input")
				if res := f.c.Post("/auth/sessions/revoke", map[string]string{"id": onPhone.Session.ID}); res.Status != http.StatusOK {
					t.Fatalf("revoke = %d %s", res.Status, res.Body)
				}
				wantError(t, "the revoked device's session", phone.Get("/auth/session"), http.StatusUnauthorized, "no_session")

				var revoked auth.Revoked
				f.c.Post("/auth/sessions/revoke-others", nil).Decode(t, &revoked)
				if revoked.Revoked != 1 {
					t.Errorf("revoke-others ended %d sessions, want 1", revoked.Revoked)
				}
				wantError(t, "the other device's session", laptop.Get("/auth/session"), http.StatusUnauthorized, "no_session")
				if res := f.c.Get("/auth/session"); res.Status != http.StatusOK {
					t.Fatalf("own session after revoke-others = %d %s", res.Status, res.Body)
				}

				res = f.c.Post("/auth/sign-out", nil)
				if res.Status != http.StatusOK || !strings.Contains(res.Header.Get("Set-Cookie"), "Max-Age=0") {
					t.Errorf("sign-out = %d, Set-Cookie %q; want 200 and the cookie cleared", res.Status, res.Header.Get("Set-Cookie"))
				}
				wantError(t, "session after sign-out", f.c.Get("/auth/session"), http.StatusUnauthorized, "no_session")
				wantError(t, "sign-out again", f.c.Post("/auth/sign-out", nil), http.StatusUnauthorized, "no_session")
			})
		}
	})
}

// TestCookie checks the session cookie's attributes on http and https.
func TestCookie(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		for _, tt := range []struct{ base, name, secure string }{
			{"http://sesame.test/auth", "sesame_session=", ""},
			{"https://sesame.test/auth", "__Host-sesame_session=", "; Secure"},
		} {
			f := newFixture(t, e, auth.WithBaseURL(tt.base))
			f.c.Origin = strings.TrimSuffix(tt.base, "/auth")
			res := f.c.Post("/auth/authtest/sign-in", map[string]string{"name": "ada"})
			c := res.Header.Get("Set-Cookie")
			for _, want := range []string{tt.name, "Path=/", "HttpOnly", "SameSite=Lax", tt.secure} {
				if !strings.Contains(c, want) {
					t.Errorf("%s: Set-Cookie %q lacks %q", tt.base, c, want)
				}
			}
			if strings.Contains(c, "Domain=") {
				t.Errorf("%s: Set-Cookie %q names a domain", tt.base, c)
			}
		}
	})
}

// TestBearerMode signs in asking for the token in a header and uses it.
func TestBearerMode(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		f.c.Bearer, f.c.Origin = true, ""
		res := f.c.Post("/auth/authtest/sign-in", map[string]string{"name": "ada"})
		if res.Status != http.StatusOK || f.c.Token == "" || res.Header.Get("Set-Cookie") != "" {
			t.Fatalf("bearer sign-in = %d, token %q, Set-Cookie %q", res.Status, f.c.Token, res.Header.Get("Set-Cookie"))
		}
		if res := f.c.Get("/auth/session"); res.Status != http.StatusOK {
			t.Fatalf("session by bearer = %d %s", res.Status, res.Body)
		}
		// No cookie, so no CSRF check: a bearer client sends no Origin.
		if res := f.c.Post("/auth/sessions/revoke-others", nil); res.Status != http.StatusOK {
			t.Fatalf("bearer POST without Origin = %d %s", res.Status, res.Body)
		}
		f.c.Token = "not-a-token"
		wantError(t, "malformed bearer token", f.c.Get("/auth/session"), http.StatusUnauthorized, "invalid_token")
		f.c.Token = strings.Repeat("A", 43)
		wantError(t, "unknown bearer token", f.c.Get("/auth/session"), http.StatusUnauthorized, "no_session")
	})
}

// TestSlidingRefresh proves a session is written at most once per update
// age, extended on use, and never lives past its absolute lifetime.
func TestSlidingRefresh(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		clock := authtest.NewClock(start)
		fe := &authtest.Engine{Name: e.Name, Dialect: e.Dialect, DB: pool}
		a := authtest.NewAuth(t, fe, auth.WithClock(clock.Now), auth.WithRateLimitStore(auth.NewMemoryRateStore()),
			auth.WithSessionLifetime(48*time.Hour),
			auth.WithSessionUpdateAge(time.Hour), auth.WithSessionAbsoluteLifetime(72*time.Hour))
		f := &fixture{a: a, clock: clock}
		f.h = handler(a)
		f.c = authtest.NewClient(t, f.h)
		f.signIn(t, f.c, "ada")

		statements := func(what string, want int) *authtest.Response {
			t.Helper()
			faults.Reset()
			res := f.c.Get("/auth/session")
			if res.Status != http.StatusOK {
				t.Fatalf("%s: session = %d %s", what, res.Status, res.Body)
			}
			if got := faults.Statements(); got != want {
				t.Errorf("%s: %d statements, want %d", what, got, want)
			}
			return res
		}
		res := statements("fresh session", 1)
		if res.Header.Get("Set-Cookie") != "" {
			t.Errorf("a request that did not refresh set a cookie")
		}
		clock.Advance(59 * time.Minute)
		statements("within the update age", 1)
		clock.Advance(2 * time.Minute)
		res = statements("past the update age", 2)
		if !strings.Contains(res.Header.Get("Set-Cookie"), "Max-Age=172800") {
			t.Errorf("refresh Set-Cookie = %q, want the cookie renewed for 48h", res.Header.Get("Set-Cookie"))
		}
		statements("right after the refresh", 1)

		var info auth.SessionInfo
		clock.Advance(47 * time.Hour) // 48h after sign-in, alive thanks to the refresh
		f.c.Get("/auth/session").Decode(t, &info)
		if want := start.Add(72 * time.Hour); !info.Session.ExpiresAt.Equal(want) {
			t.Errorf("expiry after refresh = %v, want the absolute limit %v", info.Session.ExpiresAt, want)
		}
		clock.Advance(24*time.Hour + time.Second) // past the absolute lifetime
		res = f.c.Get("/auth/session")
		wantError(t, "session past its absolute lifetime", res, http.StatusUnauthorized, "no_session")
	})
}
