// Command gin is the Sesame starter on gin: sign-up, sign-in, sessions,
// email verification, password reset, a course catalog and school
// sign-in, on SQLite with no set-up. The app itself is package site; this
// file wires its pages into gin and writes the JSON routes under /api as
// gin handlers, where code of your own goes. See README.md.
package main

import (
	"context"
	"io"
	"net"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/markbates/goth/providers/github"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
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

// router registers the auth routes, the site's pages and the JSON routes
// on gin.
func router(s *site.App) *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(gin.Recovery(), ginauth.Middleware(s.Auth()), secondFactor(s))
	ginauth.Mount(r, s.Auth(), site.AuthPrefix)
	signedIn := ginauth.RequireUser(ginauth.RedirectTo(site.SignInPath))
	for _, rt := range s.Routes() {
		if rt.SignedIn {
			r.Handle(rt.Method, rt.Path, signedIn, gin.WrapH(rt.Handler))
		} else {
			r.Handle(rt.Method, rt.Path, gin.WrapH(rt.Handler))
		}
	}
	// The JSON routes are gin handlers: write yours next to them.
	api := r.Group(site.APIPrefix)
	api.GET("/courses", courses(s))
	api.GET("/course", course(s))
	api.GET("/buildings", buildings(s))
	api.GET("/me", ginauth.RequireUser(), me) // 401 no_session in JSON for others
	r.NoRoute(gin.WrapH(s.NotFound()))        // the site's 404, not gin's bare one
	return r
}

// secondFactor sends a browser whose session waits for its second factor
// to the page that asks for it, from every page but that one and signing
// out (site.SecondFactorRedirect): RequireUser would answer such a
// session with the check's JSON refusal, which suits scripts, not pages.
func secondFactor(s *site.App) gin.HandlerFunc {
	return func(c *gin.Context) {
		_, _, blocked := ginauth.BlockedSession(c)
		if to, ok := s.SecondFactorRedirect(blocked, c.Request.Method, c.Request.URL.RequestURI()); ok {
			c.Header("Cache-Control", "no-store")
			c.Redirect(http.StatusSeeOther, to)
			c.Abort()
		}
	}
}

// courses answers GET /api/courses?q=words with {"courses": [...]}, best
// first.
func courses(s *site.App) gin.HandlerFunc {
	return func(c *gin.Context) {
		list, err := s.SearchCourses(c.Request.Context(), c.Query("q"))
		if err != nil {
			authhttp.WriteError(c.Writer, s.APIError(c.Request.Context(), err))
			return
		}
		c.JSON(http.StatusOK, list)
	}
}

// course answers GET /api/course?subject=CS&number=161 with the course
// and its sections.
func course(s *site.App) gin.HandlerFunc {
	return func(c *gin.Context) {
		found, err := s.Course(c.Request.Context(), c.Query("subject"), c.Query("number"))
		if err != nil {
			authhttp.WriteError(c.Writer, s.APIError(c.Request.Context(), err))
			return
		}
		c.JSON(http.StatusOK, found)
	}
}

// buildings answers GET /api/buildings?q=words with {"buildings": [...]}.
func buildings(s *site.App) gin.HandlerFunc {
	return func(c *gin.Context) {
		list, err := s.SearchBuildings(c.Request.Context(), c.Query("q"))
		if err != nil {
			authhttp.WriteError(c.Writer, s.APIError(c.Request.Context(), err))
			return
		}
		c.JSON(http.StatusOK, list)
	}
}

// me answers GET /api/me with the signed-in person, {"id","name","email"}:
// a browser's cookie and an API client's bearer token alike.
func me(c *gin.Context) {
	u, _ := ginauth.User(c) // RequireUser let only signed-in people through
	c.JSON(http.StatusOK, site.MeOf(u))
}
