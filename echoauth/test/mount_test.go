package test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/echoauth"
)

// TestMountAnswers sends requests under the prefix that echo's router
// would answer itself, with its own 404, 405 or OPTIONS answers, were
// Mount to let it: every one gets authhttp's answer, and echo's error
// handler never runs.
func TestMountAnswers(t *testing.T) {
	tests := []struct {
		name         string
		method, path string
		status       int
		code         string
		allow        string
	}{
		{"a route", http.MethodGet, "/auth/session", http.StatusUnauthorized, "no_session", ""},
		{"unknown route", http.MethodGet, "/auth/nope", http.StatusNotFound, "not_found", ""},
		{"the prefix itself", http.MethodGet, "/auth/", http.StatusNotFound, "not_found", ""},
		{"the prefix without its slash", http.MethodGet, "/auth", http.StatusNotFound, "not_found", ""},
		{"POST of the prefix", http.MethodPost, "/auth", http.StatusNotFound, "not_found", ""},
		{"a route with a trailing slash", http.MethodGet, "/auth/session/", http.StatusNotFound, "not_found", ""},
		{"deep unknown route", http.MethodGet, "/auth/a/b/c", http.StatusNotFound, "not_found", ""},
		{"POST of a GET route", http.MethodPost, "/auth/session", http.StatusMethodNotAllowed, "method_not_allowed", "GET"},
		{"DELETE of a GET route", http.MethodDelete, "/auth/session", http.StatusMethodNotAllowed, "method_not_allowed", "GET"},
		{"OPTIONS of a GET route", http.MethodOptions, "/auth/session", http.StatusMethodNotAllowed, "method_not_allowed", "GET"},
		{"a method echo does not know", "BREW", "/auth/session", http.StatusMethodNotAllowed, "method_not_allowed", "GET"},
		{"a method echo does not know, unknown route", "BREW", "/auth/nope", http.StatusNotFound, "not_found", ""},
		{"a method echo does not know, the prefix", "BREW", "/auth", http.StatusNotFound, "not_found", ""},
	}
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		for _, enc := range []struct {
			name string
			opts []authhttp.Option
		}{{"default", nil}, {"EncodeErrors", []authhttp.Option{authhttp.EncodeErrors(encodeProblem)}}} {
			t.Run(enc.name, func(t *testing.T) {
				app := newApp(newAuth(t, e), enc.opts...)
				c := authtest.NewClient(t, app)
				for _, tt := range tests {
					t.Run(tt.name, func(t *testing.T) {
						what := tt.method + " " + tt.path
						res := c.Do(tt.method, tt.path, nil, nil)
						if enc.opts == nil {
							wantError(t, what, res, tt.status, tt.code)
						} else {
							wantProblem(t, what, res, tt.status, tt.code)
						}
						if got := res.Header.Get("Allow"); got != tt.allow {
							t.Errorf("%s: Allow = %q, want %q", what, got, tt.allow)
						}
					})
				}
				app.wantNoEchoError(t, "requests under /auth")
			})
		}
	})
}

// TestMountInGroup mounts Sesame in a group with middleware of its own:
// the routes are served under the group's prefix followed by Mount's, and
// the group's middleware runs in front of them.
func TestMountInGroup(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		a := newAuth(t, e)
		app := echo.New()
		app.Use(echoauth.Middleware(a))
		api := app.Group("/api", func(next echo.HandlerFunc) echo.HandlerFunc {
			return func(c echo.Context) error {
				c.Response().Header().Set("X-Group", "api")
				return next(c)
			}
		})
		echoauth.Mount(api, a, "/auth/") // a trailing slash is the same prefix
		api.GET("/me", me, echoauth.RequireUser())
		c := authtest.NewClient(t, app)

		in := signIn(t, c, "/api/auth", "ada")
		res := c.Get("/api/auth/session")
		var info auth.SessionInfo
		res.Decode(t, &info)
		if res.Status != http.StatusOK || info.Session == nil || info.Session.ID != in.Session.ID {
			t.Errorf("GET /api/auth/session = %d %s, want 200 and session %s", res.Status, res.Body, in.Session.ID)
		}
		if got := res.Header.Get("X-Group"); got != "api" {
			t.Errorf("GET /api/auth/session: X-Group = %q, want the group's middleware to run", got)
		}
		wantMe(t, c, "/api/me", in)
		for _, path := range []string{"/api/auth", "/api/auth/", "/api/auth/nope"} {
			wantError(t, "GET "+path, c.Get(path), http.StatusNotFound, "not_found")
		}
		wantError(t, "BREW /api/auth/session", c.Do("BREW", "/api/auth/session", nil, nil), http.StatusMethodNotAllowed, "method_not_allowed")
		// Outside the prefix, echo answers as it always does.
		if res := c.Get("/auth/session"); res.Status != http.StatusNotFound || strings.Contains(string(res.Body), "not_found") {
			t.Errorf("GET /auth/session outside the group = %d %s, want echo's own 404", res.Status, res.Body)
		}
	})
}

// TestMountAtRoot mounts Sesame at the root: every path is Sesame's.
func TestMountAtRoot(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		app := echo.New()
		echoauth.Mount(app, newAuth(t, e), "")
		c := authtest.NewClient(t, app)
		signIn(t, c, "", "ada")
		if res := c.Get("/session"); res.Status != http.StatusOK {
			t.Errorf("GET /session = %d %s, want 200", res.Status, res.Body)
		}
		for _, path := range []string{"/", "/nope"} {
			wantError(t, "GET "+path, c.Get(path), http.StatusNotFound, "not_found")
		}
	})
}

// TestMountBehindTrailingSlash: echo's AddTrailingSlash, run before
// routing, rewrites every path of Sesame's to one no operation serves,
// unless its Skipper skips the prefix, as the package documentation says.
func TestMountBehindTrailingSlash(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		a := newAuth(t, e)
		for _, tt := range []struct {
			name    string
			skipper middleware.Skipper
			status  int
			code    string
		}{
			{"no skipper", nil, http.StatusNotFound, "not_found"},
			{"skipping the prefix", func(c echo.Context) bool {
				return strings.HasPrefix(c.Request().URL.Path, "/auth/")
			}, http.StatusUnauthorized, "no_session"},
		} {
			t.Run(tt.name, func(t *testing.T) {
				app := echo.New()
				app.Pre(middleware.AddTrailingSlashWithConfig(middleware.TrailingSlashConfig{Skipper: tt.skipper}))
				echoauth.Mount(app, a, "/auth")
				wantError(t, "GET /auth/session", authtest.NewClient(t, app).Get("/auth/session"), tt.status, tt.code)
			})
		}
	})
}
