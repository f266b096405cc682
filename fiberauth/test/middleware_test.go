package test

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v2"
	"github.com/valyala/fasthttp"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/fiberauth"
)

// TestDatabaseFailure fails the session lookup of Middleware: the request
// answers authhttp's 500 internal, in EncodeErrors' body when it has one,
// and no later handler runs.
func TestDatabaseFailure(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		a := newAuth(t, &authtest.Engine{Name: e.Name, Dialect: e.Dialect, DB: pool}, auth.WithLogger(slog.New(slog.DiscardHandler)))
		for _, enc := range []struct {
			name string
			opts []authhttp.Option
			want string
		}{
			{"default", nil, `{"error":{"code":"internal","message":"internal error"}}`},
			{"EncodeErrors", []authhttp.Option{authhttp.EncodeErrors(func(e *auth.Error) (string, any) { return "", e.Code })}, `"internal"`},
		} {
			t.Run(enc.name, func(t *testing.T) {
				ran := 0
				app := newFiber()
				app.Use(fiberauth.Middleware(a, enc.opts...))
				fiberauth.Mount(app, a, "/auth", enc.opts...)
				app.Get("/app/page", func(c *fiber.Ctx) error { ran++; return c.SendString("page") })
				app.Get("/app/me", fiberauth.RequireUser(), func(c *fiber.Ctx) error { ran++; return c.SendString("me") })
				c := authtest.ClientOf(t, listen(t, "tcp4", app))
				signIn(t, c, "ada-"+enc.name)

				for _, path := range []string{"/app/page", "/app/me", "/auth/session"} {
					faults.FailAt(1)
					res := c.Get(path)
					if !faults.Fired() {
						t.Fatalf("GET %s ran no statement", path)
					}
					if res.Status != http.StatusInternalServerError || strings.TrimSpace(string(res.Body)) != enc.want {
						t.Errorf("GET %s with the database down = %d %s, want 500 %s", path, res.Status, res.Body, enc.want)
					}
					if cc := res.Header.Get("Cache-Control"); cc != "no-store" {
						t.Errorf("GET %s: Cache-Control = %q, want no-store", path, cc)
					}
				}
				if ran != 0 {
					t.Errorf("%d handlers ran behind the failed Middleware, want none", ran)
				}
				faults.Reset()
				if res := c.Get("/app/me"); res.Status != http.StatusOK {
					t.Errorf("GET /app/me with the database back = %d %s, want 200", res.Status, res.Body)
				}
			})
		}
	})
}

// TestUserContext checks that the caller Middleware loaded is c's
// UserContext: Go calls of operations made with it see the session, and
// cost no second lookup.
func TestUserContext(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		a := newAuth(t, &authtest.Engine{Name: e.Name, Dialect: e.Dialect, DB: pool})
		app := newApp(a, func(app *fiber.App) {
			app.Get("/app/info", func(c *fiber.Ctx) error {
				info, err := a.GetSession(c.UserContext())
				if err != nil {
					return c.Status(http.StatusUnauthorized).SendString(err.Error())
				}
				s, _ := fiberauth.Session(c)
				if req := auth.RequestFrom(c.UserContext()); req == nil || s == nil || info.Session.ID != s.ID {
					return c.Status(http.StatusInternalServerError).SendString("the UserContext and Session disagree")
				}
				return c.SendString(info.Session.ID)
			})
		})
		base := listen(t, "tcp4", app)
		c := authtest.ClientOf(t, base)
		in := signIn(t, c, "ada")

		faults.Reset()
		res := c.Get("/app/info")
		if res.Status != http.StatusOK || string(res.Body) != in.Session.ID {
			t.Fatalf("GET /app/info = %d %s, want 200 %s", res.Status, res.Body, in.Session.ID)
		}
		if got := faults.Statements(); got != 1 {
			t.Errorf("GET /app/info ran %d statements, want 1: the Go call reuses Middleware's lookup", got)
		}
		if res := authtest.ClientOf(t, base).Get("/app/info"); res.Status != http.StatusUnauthorized {
			t.Errorf("GET /app/info without a session = %d %s, want 401", res.Status, res.Body)
		}
	})
}

// TestSessionLoadedOnce counts the statements of requests with a session
// where the session could be looked up more than once: Middleware twice
// (the app's and a group's), and a handler that replaced c's UserContext
// with one that lost the caller. Middleware's lookup serves them all.
func TestSessionLoadedOnce(t *testing.T) {
	e := authtest.SQLiteEngine(t)
	pool, faults := e.Faulty(t)
	a := newAuth(t, &authtest.Engine{Name: e.Name, Dialect: e.Dialect, DB: pool})
	app := newFiber()
	app.Use(fiberauth.Middleware(a))
	app.Use(func(c *fiber.Ctx) error {
		if c.Get("X-Replace-Context") != "" {
			c.SetUserContext(context.Background())
		}
		return c.Next()
	})
	api := app.Group("/api", fiberauth.Middleware(a))
	fiberauth.Mount(api, a, "/auth")
	api.Get("/me", fiberauth.RequireUser(), func(c *fiber.Ctx) error {
		s, _ := fiberauth.Session(c)
		return c.SendString(s.ID)
	})
	c := authtest.ClientOf(t, listen(t, "tcp4", app))
	in := signInAt(t, c, "/api/auth", "ada")
	for _, replace := range []string{"", "yes"} {
		for _, path := range []string{"/api/me", "/api/auth/session"} {
			faults.Reset()
			res := c.Do(http.MethodGet, path, nil, http.Header{"X-Replace-Context": {replace}})
			if res.Status != http.StatusOK || !strings.Contains(string(res.Body), in.Session.ID) {
				t.Errorf("GET %s (context replaced: %q) = %d %s, want 200 with session %s", path, replace, res.Status, res.Body, in.Session.ID)
			}
			if got := faults.Statements(); got != 1 {
				t.Errorf("GET %s (context replaced: %q) ran %d statements, want 1", path, replace, got)
			}
		}
	}
}

// TestClientIP checks the client IP authhttp decides from the translated
// request, over IPv4 and IPv6: the connection's address, or with
// auth.WithTrustedProxies the last untrusted hop of X-Forwarded-For.
func TestClientIP(t *testing.T) {
	e := authtest.SQLiteEngine(t)
	loopback := []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	tests := []struct {
		name    string
		network string
		trusted []netip.Prefix
		xff     []string
		want    string
	}{
		{"IPv4, no proxy", "tcp4", nil, nil, "127.0.0.1"},
		{"IPv4, forged X-Forwarded-For", "tcp4", nil, []string{"203.0.113.9"}, "127.0.0.1"},
		{"IPv4, trusted proxy", "tcp4", loopback, []string{"203.0.113.9"}, "203.0.113.9"},
		{"IPv4, two lines of hops", "tcp4", loopback, []string{"198.51.100.1", "203.0.113.9, 127.0.0.2"}, "203.0.113.9"},
		{"IPv6, no proxy", "tcp6", nil, []string{"2001:db8::9"}, "::1"},
		{"IPv6, trusted proxy", "tcp6", loopback, []string{"2001:db8::9"}, "2001:db8::9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.network == "tcp6" && !ipv6() {
				t.Skip("no IPv6 loopback")
			}
			a := newAuth(t, e, auth.WithTrustedProxies(tt.trusted...))
			app := newApp(a, func(app *fiber.App) {
				app.Get("/ip", func(c *fiber.Ctx) error {
					return c.SendString(auth.RequestFrom(c.UserContext()).IP.String())
				})
			})
			c := authtest.ClientOf(t, listen(t, tt.network, app))
			res := c.Do(http.MethodGet, "/ip", nil, http.Header{"X-Forwarded-For": tt.xff})
			if string(res.Body) != tt.want {
				t.Errorf("client IP = %s, want %s", res.Body, tt.want)
			}
		})
	}
}

// TestUserWithoutMiddleware reports no user and no session.
func TestUserWithoutMiddleware(t *testing.T) {
	app := newFiber()
	c := app.AcquireCtx(&fasthttp.RequestCtx{})
	defer app.ReleaseCtx(c)
	if u, ok := fiberauth.User(c); ok || u != nil {
		t.Errorf("User = %v, %v; want nil, false", u, ok)
	}
	if s, ok := fiberauth.Session(c); ok || s != nil {
		t.Errorf("Session = %v, %v; want nil, false", s, ok)
	}
}

// ipv6 reports whether this machine has an IPv6 loopback.
func ipv6() bool {
	ln, err := net.Listen("tcp6", "[::1]:0")
	if err != nil {
		return false
	}
	ln.Close()
	return true
}
