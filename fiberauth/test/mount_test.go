package test

import (
	"net/http"

	"strings"
	"testing"

	"github.com/sesame-go/sesame/authhttp"

	"github.com/gofiber/fiber/v2"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/fiberauth"
)

// TestMount serves the auth routes in a group, at a prefix written with
// a trailing slash, and alone without Middleware; host routes that share
// the prefix's first letters stay the host's.
func TestMount(t *testing.T) {
	e := authtest.SQLiteEngine(t)
	tests := []struct {
		name   string
		prefix string // where the client finds the routes
		mount  func(app *fiber.App, a *auth.Auth)
	}{
		{"group", "/api/auth", func(app *fiber.App, a *auth.Auth) {
			api := app.Group("/api")
			api.Use(fiberauth.Middleware(a))
			fiberauth.Mount(api, a, "/auth")
			api.Get("/authors", func(c *fiber.Ctx) error { return c.SendString("host") })
		}},
		{"nested group", "/api/v1/auth", func(app *fiber.App, a *auth.Auth) {
			v1 := app.Group("/api").Group("/v1")
			fiberauth.Mount(v1, a, "/auth")
			v1.Get("/authors", func(c *fiber.Ctx) error { return c.SendString("host") })
		}},
		{"trailing slash", "/auth", func(app *fiber.App, a *auth.Auth) {
			app.Use(fiberauth.Middleware(a))
			fiberauth.Mount(app, a, "/auth/")
			app.Get("/authors", func(c *fiber.Ctx) error { return c.SendString("host") })
		}},
		{"without Middleware", "/auth", func(app *fiber.App, a *auth.Auth) {
			fiberauth.Mount(app, a, "/auth")
			app.Get("/authors", func(c *fiber.Ctx) error { return c.SendString("host") })
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := newAuth(t, e)
			app := newFiber()
			tt.mount(app, a)
			base := listen(t, "tcp4", app)
			c := authtest.ClientOf(t, base+strings.TrimSuffix(tt.prefix, "/auth"))
			in := signInAt(t, c, "/auth", "ada-"+tt.name)
			res := c.Get("/auth/session")
			var info auth.SessionInfo
			res.Decode(t, &info)
			if res.Status != http.StatusOK || info.Session == nil || info.Session.ID != in.Session.ID {
				t.Errorf("GET %s/session = %d %s, want 200 and session %s", tt.prefix, res.Status, res.Body, in.Session.ID)
			}
			wantError(t, "GET "+tt.prefix, c.Get("/auth"), http.StatusNotFound, "not_found")
			wantError(t, "GET "+tt.prefix+"/", c.Get("/auth/"), http.StatusNotFound, "not_found")
			wantError(t, "GET "+tt.prefix+"/nope", c.Get("/auth/nope"), http.StatusNotFound, "not_found")
			wantError(t, "DELETE "+tt.prefix+"/session", c.Do(http.MethodDelete, "/auth/session", nil, nil), http.StatusMethodNotAllowed, "method_not_allowed")
			if res := c.Get("/authors"); res.Status != http.StatusOK || string(res.Body) != "host" {
				t.Errorf("GET /authors = %d %s, want the host's route", res.Status, res.Body)
			}
		})
	}
}

// TestWrapHandler: a net/http handler behind Middleware sees the session
// and its cookies reach the browser.
func TestWrapHandler(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		a := newAuth(t, e)
		page := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			u, ok := authhttp.UserFrom(r)
			if !ok {
				http.SetCookie(w, &http.Cookie{Name: "seen", Value: "anonymous"})
				w.WriteHeader(http.StatusUnauthorized)
				return
			}
			w.Write([]byte("hello " + u.Name))
		})
		base := listen(t, "tcp4", newApp(a, func(app *fiber.App) {
			app.Get("/page", fiberauth.WrapHandler(page))
		}))
		c := authtest.ClientOf(t, base)
		res := c.Get("/page")
		if res.Status != http.StatusUnauthorized || !strings.Contains(res.Header.Get("Set-Cookie"), "seen=anonymous") {
			t.Errorf("page before sign-in = %d, Set-Cookie %q", res.Status, res.Header.Get("Set-Cookie"))
		}
		if res := c.Post("/auth/authtest/sign-in", map[string]string{"name": "ada"}); res.Status != http.StatusOK {
			t.Fatalf("sign-in = %d %s", res.Status, res.Body)
		}
		if res := c.Get("/page"); res.Status != http.StatusOK || string(res.Body) != "hello ada" {
			t.Errorf("page after sign-in = %d %q, want 200 hello ada", res.Status, res.Body)
		}
	})
}
