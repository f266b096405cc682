// Command fiber is the Sesame starter on fiber: sign-up, sign-in,
// sessions, email verification, password reset, a course catalog and
// school sign-in, on SQLite with no set-up. The app itself is package
// site; this file wires its pages into fiber and writes the JSON routes
// under /api as fiber handlers, where code of your own goes. See
// README.md.
package main

import (
	"context"
	"errors"
	"io"
	"net"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/recover"

	"github.com/sesame-go/sesame/fiberauth"
	"github.com/sesame-go/sesame/starters/site"
)

func main() { site.Main("fiber", serve) }

// run is main's work, for tests.
func run(ctx context.Context, args []string, stdout io.Writer) error {
	return site.Run(ctx, "fiber", args, stdout, serve)
}

// serve serves the app on fiber until ctx ends, then shuts it down.
func serve(ctx context.Context, s *site.App, ln net.Listener) error {
	app := router(s)
	served := make(chan error, 1)
	go func() { served <- app.Listener(ln) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), site.ShutdownTimeout)
	defer cancel()
	return errors.Join(app.ShutdownWithContext(shutdown), <-served)
}

// router registers the auth routes, the site's pages and the JSON routes
// on fiber.
func router(s *site.App) *fiber.App {
	app := fiber.New(fiber.Config{DisableStartupMessage: true, ReadTimeout: 30 * time.Second, IdleTimeout: 2 * time.Minute,
		// fiber's own refusals (a body or headers too large ...) and
		// handlers' errors answer Sesame's JSON error, not plain text.
		ErrorHandler: fiberauth.ErrorHandler(s.Auth())})
	app.Use(recover.New(), fiberauth.Middleware(s.Auth()), secondFactor(s))
	fiberauth.Mount(app, s.Auth(), site.AuthPrefix)
	signedIn := fiberauth.RequireUser(fiberauth.RedirectTo(site.SignInPath))
	// The pages are net/http handlers; fiberauth.WrapHandler runs them on
	// the request translated as the auth routes are, session included.
	for _, rt := range s.Routes() {
		if rt.SignedIn {
			app.Add(rt.Method, rt.Path, signedIn, fiberauth.WrapHandler(rt.Handler))
		} else {
			app.Add(rt.Method, rt.Path, fiberauth.WrapHandler(rt.Handler))
		}
	}
	// The JSON routes are fiber handlers: write yours next to them. Their
	// errors go to the ErrorHandler, which answers an *auth.Error as it is.
	api := app.Group(site.APIPrefix)
	api.Get("/courses", courses(s))
	api.Get("/course", course(s))
	api.Get("/buildings", buildings(s))
	api.Get("/me", fiberauth.RequireUser(), me) // 401 no_session in JSON for others
	// Last, so that it takes only what no route took: the site's 404, not
	// fiber's bare one.
	app.Use(fiberauth.WrapHandler(s.NotFound()))
	return app
}

// secondFactor sends a browser whose session waits for its second factor
// to the page that asks for it, from every page but that one and signing
// out (site.SecondFactorRedirect): RequireUser would answer such a
// session with the check's JSON refusal, which suits scripts, not pages.
func secondFactor(s *site.App) fiber.Handler {
	return func(c *fiber.Ctx) error {
		_, _, blocked := fiberauth.BlockedSession(c)
		if to, ok := s.SecondFactorRedirect(blocked, c.Method(), c.OriginalURL()); ok {
			c.Set("Cache-Control", "no-store")
			return c.Redirect(to, fiber.StatusSeeOther)
		}
		return c.Next()
	}
}

// courses answers GET /api/courses?q=words with {"courses": [...]}, best
// first.
func courses(s *site.App) fiber.Handler {
	return func(c *fiber.Ctx) error {
		list, err := s.SearchCourses(c.UserContext(), c.Query("q"))
		if err != nil {
			return s.APIError(c.UserContext(), err)
		}
		return c.JSON(list)
	}
}

// course answers GET /api/course?subject=CS&number=161 with the course
// and its sections.
func course(s *site.App) fiber.Handler {
	return func(c *fiber.Ctx) error {
		found, err := s.Course(c.UserContext(), c.Query("subject"), c.Query("number"))
		if err != nil {
			return s.APIError(c.UserContext(), err)
		}
		return c.JSON(found)
	}
}

// buildings answers GET /api/buildings?q=words with {"buildings": [...]}.
func buildings(s *site.App) fiber.Handler {
	return func(c *fiber.Ctx) error {
		list, err := s.SearchBuildings(c.UserContext(), c.Query("q"))
		if err != nil {
			return s.APIError(c.UserContext(), err)
		}
		return c.JSON(list)
	}
}

// me answers GET /api/me with the signed-in person, {"id","name","email"}:
// a browser's cookie and an API client's bearer token alike.
func me(c *fiber.Ctx) error {
	u, _ := fiberauth.User(c) // RequireUser let only signed-in people through
	return c.JSON(site.MeOf(u))
}
