package test

import (
	"net/http"
	"testing"

	"github.com/gofiber/fiber/v2"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/fiberauth"
)

// newAuth is authtest's instance on e, counting rate limits in memory so
// that instances sharing a database do not share counters.
func newAuth(tb testing.TB, e *authtest.Engine, opts ...auth.Option) *auth.Auth {
	tb.Helper()
	base := []auth.Option{auth.WithRateLimitStore(auth.NewMemoryRateStore())}
	return authtest.NewAuth(tb, e, append(base, opts...)...)
}

// newApp returns a fiber app with Middleware in front and the auth routes
// under /auth, as the package documentation sets it up; setup adds the
// host's own routes.
func newApp(a *auth.Auth, setup func(app *fiber.App), cfg ...fiber.Config) *fiber.App {
	app := newFiber(cfg...)
	app.Use(fiberauth.Middleware(a))
	fiberauth.Mount(app, a, "/auth")
	if setup != nil {
		setup(app)
	}
	return app
}

// signIn signs name in with the test plugin's route and returns the answer.
func signIn(tb testing.TB, c *authtest.Client, name string) authtest.LoginResult {
	tb.Helper()
	return signInAt(tb, c, "/auth", name)
}

// signInAt signs name in with the test plugin's route under prefix.
func signInAt(tb testing.TB, c *authtest.Client, prefix, name string) authtest.LoginResult {
	tb.Helper()
	res := c.Post(prefix+"/authtest/sign-in", map[string]string{"name": name})
	if res.Status != http.StatusOK {
		tb.Fatalf("sign-in of %s = %d %s, want 200", name, res.Status, res.Body)
	}
	var out authtest.LoginResult
	res.Decode(tb, &out)
	return out
}

// wantError checks an error answer of authhttp: its status and code.
func wantError(tb testing.TB, what string, res *authtest.Response, status int, code string) {
	tb.Helper()
	if res.Status != status || res.ErrorCode() != code || res.Header.Get("Content-Type") != "application/json" {
		tb.Errorf("%s = %d %s (%s), want %d with code %q as JSON", what, res.Status, res.Body, res.Header.Get("Content-Type"), status, code)
	}
}
