// Command echo is the Sesame starter on echo: sign-up, sign-in, sessions,
// email verification, password reset, a course catalog and school
// sign-in, on SQLite with no set-up. The app itself is package site; this
// file only wires it into echo. See README.md.
package main

import (
	"context"
	"io"
	"net"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/sesame-go/sesame/echoauth"
	"github.com/sesame-go/sesame/starters/site"
)

func main() { site.Main("echo", serve) }

// run is main's work, for tests.
func run(ctx context.Context, args []string, stdout io.Writer) error {
	return site.Run(ctx, "echo", args, stdout, serve)
}

// serve serves the app until ctx ends, then shuts it down gracefully.
func serve(ctx context.Context, s *site.App, ln net.Listener) error {
	return site.Serve(ctx, router(s), ln)
}

// router registers the auth routes and the site's pages on echo.
func router(s *site.App) *echo.Echo {
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.Use(middleware.Recover(), echoauth.Middleware(s.Auth()))
	echoauth.Mount(e, s.Auth(), site.AuthPrefix)
	signedIn := echoauth.RequireUser(echoauth.RedirectTo(site.SignInPath))
	for _, rt := range s.Routes() {
		if rt.SignedIn {
			e.Add(rt.Method, rt.Path, echo.WrapHandler(rt.Handler), signedIn)
		} else {
			e.Add(rt.Method, rt.Path, echo.WrapHandler(rt.Handler))
		}
	}
	e.RouteNotFound("/*", echo.WrapHandler(s.NotFound())) // the site's 404, not echo's bare one
	return e
}
