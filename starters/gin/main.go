// Command gin is the Sesame starter on gin: sign-up, sign-in, sessions,
// email verification, password reset, a course catalog and school
// sign-in, on SQLite with no set-up. The app itself is package site; this
// file only wires it into gin. See README.md.
package main

import (
	"context"
	"io"
	"net"

	"github.com/gin-gonic/gin"

	"github.com/markbates/goth/providers/github"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/ginauth"
	"github.com/sesame-go/sesame/plugin/oauth"
	gothoauth "github.com/sesame-go/sesame/plugin/oauth/goth"
	"github.com/sesame-go/sesame/starters/site"
)

func main() { site.Main("gin", serve, site.WithGitHub(gitHub)) }

// run is main's work, for tests.
func run(ctx context.Context, args []string, stdout io.Writer) error {
	return site.Run(ctx, "gin", args, stdout, serve, site.WithGitHub(gitHub))
}

// gitHub makes "Sign in with GitHub" (flags -github-client-id and
// -github-client-secret) with goth's GitHub provider, through the oauth
// plugin's goth adapter: any goth provider plugs in the same way. goth
// does not say whether GitHub verified the address it returns, so the
// plugin treats it as unverified and never joins it to an existing person.
func gitHub(clientID string, secret auth.Secret, callbackURL string) *oauth.Provider {
	return gothoauth.Provider(github.New(clientID, secret.Reveal(), callbackURL, "read:user", "user:email"),
		gothoauth.WithName("github"))
}

// serve serves the app until ctx ends, then shuts it down gracefully.
func serve(ctx context.Context, s *site.App, ln net.Listener) error {
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
	r.NoRoute(gin.WrapH(s.NotFound())) // the site's 404, not gin's bare one
	return r
}
