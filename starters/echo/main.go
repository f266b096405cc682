// Command echo is the Sesame starter on echo: sign-up, sign-in, sessions,
// email verification, password reset, a course catalog and school
// sign-in, on SQLite with no set-up. The app itself is package site; this
// file only wires it into echo. See README.md.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/sesame-go/sesame/echoauth"
	"github.com/sesame-go/sesame/starters/site"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout)
	stop()
	if err != nil && !errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// run serves the app until ctx ends, then shuts it down gracefully.
func run(ctx context.Context, args []string, stdout io.Writer) (err error) {
	cfg, err := site.ParseConfig("echo", args, os.Getenv, stdout)
	if err != nil {
		return err
	}
	ln, err := cfg.Listen()
	if err != nil {
		return err
	}
	s, err := site.New(ctx, cfg, stdout)
	if err != nil {
		return errors.Join(err, ln.Close())
	}
	defer func() { err = errors.Join(err, s.Close()) }()
	site.Announce(stdout, ln, cfg.BaseURL)
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
	return e
}
