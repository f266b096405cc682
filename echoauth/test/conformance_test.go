package test

import (
	"net/http"
	"testing"

	"github.com/labstack/echo/v4"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest/conformance"
	"github.com/sesame-go/sesame/echoauth"
)

// TestConformance runs the suite every HTTP integration of Sesame runs,
// on every engine, against an echo application wired as a host does.
func TestConformance(t *testing.T) {
	conformance.Run(t, conformance.HandlerTarget("echo", func(a *auth.Auth, opts ...authhttp.Option) http.Handler {
		e := echo.New()
		echoauth.Mount(e, a, "/auth", opts...)
		e.Use(echoauth.Middleware(a, opts...))
		e.GET(conformance.MePath, func(c echo.Context) error {
			u, okUser := echoauth.User(c)
			s, okSession := echoauth.Session(c)
			if !okUser || !okSession {
				return c.String(http.StatusInternalServerError, "no user in the context behind RequireUser")
			}
			return c.JSON(http.StatusOK, conformance.MeAnswer{UserID: u.ID, Name: u.Name, SessionID: s.ID})
		}, echoauth.RequireUser())
		e.GET(conformance.WhoPath, func(c echo.Context) error {
			var who conformance.WhoAnswer
			if u, ok := echoauth.User(c); ok {
				who.UserID = u.ID
			}
			if s, ok := echoauth.Session(c); ok {
				who.SessionID = s.ID
			}
			if s, u, blocked := echoauth.BlockedSession(c); blocked != nil {
				who.BlockedSessionID, who.BlockedUserID, who.BlockedCode = s.ID, u.ID, blocked.Code
			}
			return c.JSON(http.StatusOK, who)
		})
		return e
	}))
}
