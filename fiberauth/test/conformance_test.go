package test

import (
	"net/http"
	"testing"

	"github.com/gofiber/fiber/v2"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest/conformance"
	"github.com/sesame-go/sesame/fiberauth"
)

// target is fiber's integration as the package documentation sets it up,
// on a real listener: fiber is no http.Handler.
var target = conformance.Target{Name: "fiber", Serve: func(tb testing.TB, a *auth.Auth, opts ...authhttp.Option) string {
	tb.Helper()
	app := newFiber()
	app.Use(fiberauth.Middleware(a, opts...))
	fiberauth.Mount(app, a, "/auth", opts...)
	app.Get(conformance.MePath, fiberauth.RequireUser(), me)
	app.Get(conformance.WhoPath, who)
	return listen(tb, "tcp4", app)
}}

// me answers conformance.MeAnswer from User and Session.
func me(c *fiber.Ctx) error {
	u, okUser := fiberauth.User(c)
	s, okSession := fiberauth.Session(c)
	if !okUser || !okSession {
		return c.Status(http.StatusInternalServerError).SendString("fiberauth: no user or session behind RequireUser")
	}
	return c.JSON(conformance.MeAnswer{UserID: u.ID, Name: u.Name, SessionID: s.ID})
}

// who answers conformance.WhoAnswer from User, Session and
// BlockedSession.
func who(c *fiber.Ctx) error {
	var who conformance.WhoAnswer
	if u, ok := fiberauth.User(c); ok {
		who.UserID = u.ID
	}
	if s, ok := fiberauth.Session(c); ok {
		who.SessionID = s.ID
	}
	if s, u, blocked := fiberauth.BlockedSession(c); blocked != nil {
		who.BlockedSessionID, who.BlockedUserID, who.BlockedCode = s.ID, u.ID, blocked.Code
	}
	return c.JSON(who)
}

// TestConformance runs the suite every HTTP integration of Sesame passes,
// on every engine.
func TestConformance(t *testing.T) { conformance.Run(t, target) }
