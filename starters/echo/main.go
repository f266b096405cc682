// Command echo is the Sesame starter on echo: sign-up, sign-in, sessions,
// email verification, password reset, a course catalog and school
// sign-in, on SQLite with no set-up. The app itself is package site; this
// file wires its pages into echo and writes the JSON routes under /api as
// echo handlers, where code of your own goes. See README.md.
package main

import (
	"context"
	"io"
	"net"
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/sesame-go/sesame/authhttp"
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

// router registers the auth routes, the site's pages and the JSON routes
// on echo.
func router(s *site.App) *echo.Echo {
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.Use(middleware.Recover(), echoauth.Middleware(s.Auth()), secondFactor(s))
	echoauth.Mount(e, s.Auth(), site.AuthPrefix)
	signedIn := echoauth.RequireUser(echoauth.RedirectTo(site.SignInPath))
	for _, rt := range s.Routes() {
		if rt.SignedIn {
			e.Add(rt.Method, rt.Path, echo.WrapHandler(rt.Handler), signedIn)
		} else {
			e.Add(rt.Method, rt.Path, echo.WrapHandler(rt.Handler))
		}
	}
	// The JSON routes are echo handlers: write yours next to them.
	api := e.Group(site.APIPrefix)
	api.GET("/courses", courses(s))
	api.GET("/course", course(s))
	api.GET("/buildings", buildings(s))
	api.GET("/me", me, echoauth.RequireUser())            // 401 no_session in JSON for others
	e.RouteNotFound("/*", echo.WrapHandler(s.NotFound())) // the site's 404, not echo's bare one
	return e
}

// secondFactor sends a browser whose session waits for its second factor
// to the page that asks for it, from every page but that one and signing
// out (site.SecondFactorRedirect): RequireUser would answer such a
// session with the check's JSON refusal, which suits scripts, not pages.
func secondFactor(s *site.App) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			_, _, blocked := echoauth.BlockedSession(c)
			r := c.Request()
			if to, ok := s.SecondFactorRedirect(blocked, r.Method, r.URL.RequestURI()); ok {
				c.Response().Header().Set("Cache-Control", "no-store")
				return c.Redirect(http.StatusSeeOther, to)
			}
			return next(c)
		}
	}
}

// courses answers GET /api/courses?q=words with {"courses": [...]}, best
// first.
func courses(s *site.App) echo.HandlerFunc {
	return func(c echo.Context) error {
		ctx := c.Request().Context()
		list, err := s.SearchCourses(ctx, c.QueryParam("q"))
		if err != nil {
			authhttp.WriteError(c.Response(), s.APIError(ctx, err))
			return nil
		}
		return c.JSON(http.StatusOK, list)
	}
}

// course answers GET /api/course?subject=CS&number=161 with the course
// and its sections.
func course(s *site.App) echo.HandlerFunc {
	return func(c echo.Context) error {
		ctx := c.Request().Context()
		found, err := s.Course(ctx, c.QueryParam("subject"), c.QueryParam("number"))
		if err != nil {
			authhttp.WriteError(c.Response(), s.APIError(ctx, err))
			return nil
		}
		return c.JSON(http.StatusOK, found)
	}
}

// buildings answers GET /api/buildings?q=words with {"buildings": [...]}.
func buildings(s *site.App) echo.HandlerFunc {
	return func(c echo.Context) error {
		ctx := c.Request().Context()
		list, err := s.SearchBuildings(ctx, c.QueryParam("q"))
		if err != nil {
			authhttp.WriteError(c.Response(), s.APIError(ctx, err))
			return nil
		}
		return c.JSON(http.StatusOK, list)
	}
}

// me answers GET /api/me with the signed-in person, {"id","name","email"}:
// a browser's cookie and an API client's bearer token alike.
func me(c echo.Context) error {
	u, _ := echoauth.User(c) // RequireUser let only signed-in people through
	return c.JSON(http.StatusOK, site.MeOf(u))
}
