// Command gin is the Sesame starter on gin: sign-up, sign-in, sessions,
// email verification, password reset, a course catalog and school
// sign-in, on SQLite with no set-up. The app itself is package site; this
// file only wires it into gin. See README.md.
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

	"github.com/gin-gonic/gin"

	"github.com/sesame-go/sesame/ginauth"
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
	cfg, err := site.ParseConfig("gin", args, os.Getenv, stdout)
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

// router registers the auth routes and the site's pages on gin.
func router(s *site.App) *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(gin.Recovery(), ginauth.Middleware(s.Auth()))
	ginauth.Mount(r, s.Auth(), site.AuthPrefix)
	signedIn := ginauth.RequireUser(ginauth.RedirectTo(site.SignInPath))
	for _, rt := range s.Routes() {
		if rt.SignedIn {
			r.Handle(rt.Method, rt.Path, signedIn, gin.WrapH(rt.Handler))
		} else {
			r.Handle(rt.Method, rt.Path, gin.WrapH(rt.Handler))
		}
	}
	return r
}
