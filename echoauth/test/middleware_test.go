package test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/echoauth"
)

// TestUserSession reads the caller through User and Session on routes
// with and without a session, with and without Middleware, and behind a
// middleware that gives the request a context of its own.
func TestUserSession(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		a := newAuth(t, e)
		app := echo.New()
		echoauth.Mount(app, a, "/auth")
		app.GET("/bare/me", me) // no Middleware in front
		withMW := app.Group("/mw", echoauth.Middleware(a))
		withMW.GET("/me", me)
		// A later middleware drops the request's context: echo's holds on.
		withMW.GET("/detached/me", me, func(next echo.HandlerFunc) echo.HandlerFunc {
			return func(c echo.Context) error {
				c.SetRequest(c.Request().WithContext(context.Background()))
				return next(c)
			}
		})
		// authhttp's own middleware, wrapped by echo, fills the request's
		// context only: User and Session read it there.
		app.GET("/wrapped/me", me, echo.WrapMiddleware(authhttp.Middleware(a)))

		tests := []struct {
			path     string
			signedIn bool // the client is signed in
			want     bool // User and Session report the caller
		}{
			{"/bare/me", true, false},
			{"/mw/me", false, false},
			{"/mw/me", true, true},
			{"/mw/detached/me", true, true},
			{"/wrapped/me", false, false},
			{"/wrapped/me", true, true},
		}
		anonymous, c := authtest.NewClient(t, app), authtest.NewClient(t, app)
		in := signIn(t, c, "/auth", "ada")
		bearer := authtest.NewClient(t, app)
		bearer.Bearer, bearer.Origin = true, ""
		inBearer := signIn(t, bearer, "/auth", "grace")
		for _, tt := range tests {
			if !tt.signedIn {
				res := anonymous.Get(tt.path)
				if res.Status != http.StatusInternalServerError {
					t.Errorf("GET %s without a session = %d %s, want no user (500)", tt.path, res.Status, res.Body)
				}
				continue
			}
			if !tt.want {
				if res := c.Get(tt.path); res.Status != http.StatusInternalServerError {
					t.Errorf("GET %s = %d %s, want no user (500)", tt.path, res.Status, res.Body)
				}
				continue
			}
			wantMe(t, c, tt.path, in)
			wantMe(t, bearer, tt.path, inBearer)
		}
	})
}

// TestResolveOnce counts the statements of one request with a session
// cookie through Middleware, Mount's routes and RequireUser: the session
// and its user cost one query, plus one write when the session is due for
// a refresh, and the cookie is renewed, or cleared when it names no live
// session, once.
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
		{"unknown auth route", "/auth/nope", 0, false, http.StatusNotFound, 1, ""},
		{"RequireUser route, due for a refresh", mePath, 2 * time.Hour, false, http.StatusOK, 2, "Max-Age=604800"},
		{"session route, due for a refresh", "/auth/session", 2 * time.Hour, false, http.StatusOK, 2, "Max-Age=604800"},
		{"RequireUser route, revoked session", mePath, 0, true, http.StatusUnauthorized, 1, "Max-Age=0"},
		{"session route, revoked session", "/auth/session", 0, true, http.StatusUnauthorized, 1, "Max-Age=0"},
	}
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		clock := authtest.NewClock(start)
		a := newAuth(t, &authtest.Engine{Name: e.Name, Dialect: e.Dialect, DB: pool},
			auth.WithClock(clock.Now), auth.WithSessionUpdateAge(time.Hour), auth.WithSessionLifetime(7*24*time.Hour))
		app := newApp(a)
		c := authtest.NewClient(t, app)
		signIn(t, c, "/auth", "ada")
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				clock.Advance(tt.advance)
				caller := c
				if tt.stale {
					caller = authtest.NewClient(t, app)
					in := signIn(t, caller, "/auth", "ada")
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
		app.wantNoEchoError(t, "the requests")
	})
}

// TestDatabaseFailure fails the session lookup: Middleware answers 500
// internal, in the body EncodeErrors chose, and neither the route nor
// echo's error handler runs; Mount's routes alone answer the same.
func TestDatabaseFailure(t *testing.T) {
	tests := []struct {
		name string
		path string
	}{
		{"RequireUser route", "/app/guarded"},
		{"open route", "/app/open"},
		{"Mount's route behind Middleware", "/auth/session"},
		{"Mount's route with no Middleware", "/bare/auth/session"},
	}
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		for _, enc := range []struct {
			name string
			opts []authhttp.Option
		}{{"default", nil}, {"EncodeErrors", []authhttp.Option{authhttp.EncodeErrors(encodeProblem)}}} {
			t.Run(enc.name, func(t *testing.T) {
				pool, faults := e.Faulty(t)
				a := newAuth(t, &authtest.Engine{Name: e.Name, Dialect: e.Dialect, DB: pool})
				app := newApp(a, enc.opts...)
				ran := 0
				route := func(c echo.Context) error { ran++; return c.NoContent(http.StatusNoContent) }
				app.GET("/app/open", route)
				app.GET("/app/guarded", route, echoauth.RequireUser())
				bare := echo.New()
				echoauth.Mount(bare, a, "/bare/auth", enc.opts...)
				mux := http.NewServeMux()
				mux.Handle("/bare/", bare)
				mux.Handle("/", app)
				c := authtest.NewClient(t, mux)
				signIn(t, c, "/auth", "ada")
				for _, tt := range tests {
					t.Run(tt.name, func(t *testing.T) {
						faults.FailAt(1)
						res := c.Get(tt.path)
						if !faults.Fired() {
							t.Fatalf("GET %s: the session lookup never ran", tt.path)
						}
						if enc.opts == nil {
							wantError(t, "GET "+tt.path, res, http.StatusInternalServerError, "internal")
						} else {
							wantProblem(t, "GET "+tt.path, res, http.StatusInternalServerError, "internal")
						}
						if got := res.Header.Values("Set-Cookie"); len(got) != 0 {
							t.Errorf("GET %s: Set-Cookie %q, want the cookie left alone", tt.path, got)
						}
					})
				}
				if ran != 0 {
					t.Errorf("the routes ran %d times, want 0", ran)
				}
				app.wantNoEchoError(t, "the requests")
			})
		}
	})
}
