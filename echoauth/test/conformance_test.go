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
		return e
	}))
}
