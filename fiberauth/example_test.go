package fiberauth_test

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/gofiber/fiber/v2"
	_ "modernc.org/sqlite" // the "sqlite" database/sql driver

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/fiberauth"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/sqlb"
)

// a is the instance the examples share, made as a host makes it, with one
// sign-in method: the email plugin's mailed codes, here sent nowhere.
var a = func() *auth.Auth {
	db, err := sql.Open("sqlite", ":memory:")
	if err != nil {
		log.Fatal(err)
	}
	db.SetMaxOpenConns(1) // one connection, one in-memory database
	a, err := auth.New(auth.WithDB(db, sqlb.SQLite), auth.WithBaseURL("http://localhost:3000/auth"),
		auth.WithPlugins(email.New(email.WithSender(&email.LogSender{}))))
	if err != nil {
		log.Fatal(err)
	}
	if err := a.Migrate(context.Background()); err != nil {
		log.Fatal(err)
	}
	return a
}()

// show serves one request with app and prints the answer's status, its
// Location if any, and its body.
func show(app *fiber.App, method, target string) {
	res, err := app.Test(httptest.NewRequest(method, target, nil), -1)
	if err != nil {
		log.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(res.StatusCode, " ")
	if loc := res.Header.Get("Location"); loc != "" {
		fmt.Print(loc)
	}
	fmt.Println(strings.TrimSuffix(string(body), "\n"))
}

// A complete application: Sesame's routes under /auth, the session loaded
// for every route, and pages for signed-in users only.
func Example() {
	app := fiber.New()
	app.Use(fiberauth.Middleware(a))
	fiberauth.Mount(app, a, "/auth")
	app.Get("/", func(c *fiber.Ctx) error {
		if u, ok := fiberauth.User(c); ok {
			return c.SendString("hello, " + u.Name)
		}
		return c.SendString("hello, stranger")
	})
	app.Get("/account", fiberauth.RequireUser(fiberauth.RedirectTo("/sign-in")), func(c *fiber.Ctx) error {
		u, _ := fiberauth.User(c)
		return c.SendString("account of " + u.ID)
	})
	log.Fatal(app.Listen(":3000"))
}

// Mount serves every operation under a prefix; Sesame answers every
// request there, including those for routes that do not exist.
func ExampleMount() {
	app := fiber.New()
	fiberauth.Mount(app, a, "/auth")

	show(app, http.MethodGet, "/auth/session")
	show(app, http.MethodGet, "/auth/nope")
	show(app, http.MethodDelete, "/auth/session")
	// Output:
	// 401 {"error":{"code":"no_session","message":"not signed in"}}
	// 404 {"error":{"code":"not_found","message":"not found"}}
	// 405 {"error":{"code":"method_not_allowed","message":"method not allowed"}}
}

// In a group, the routes are under the group's prefix, and the group's
// handlers run in front of them.
func ExampleMount_group() {
	app := fiber.New()
	api := app.Group("/api")
	api.Use(fiberauth.Middleware(a))
	fiberauth.Mount(api, a, "/auth")

	show(app, http.MethodGet, "/api/auth/session")
	// Output:
	// 401 {"error":{"code":"no_session","message":"not signed in"}}
}

// authhttp's options apply: here EncodeErrors, which replaces the body of
// error answers and its media type (RFC 9457 problem details, as
// application/problem+json), for Sesame's routes and for RequireUser
// alike.
func ExampleMount_encodeErrors() {
	problem := authhttp.EncodeErrors(func(e *auth.Error) (string, any) {
		return "application/problem+json", map[string]any{"type": e.Code, "title": e.Message, "status": e.Status}
	})
	app := fiber.New()
	app.Use(fiberauth.Middleware(a, problem))
	fiberauth.Mount(app, a, "/auth", problem)
	app.Get("/account", fiberauth.RequireUser(), func(c *fiber.Ctx) error { return c.SendStatus(http.StatusNoContent) })

	show(app, http.MethodGet, "/auth/session")
	show(app, http.MethodGet, "/account")
	// Output:
	// 401 {"status":401,"title":"not signed in","type":"no_session"}
	// 401 {"status":401,"title":"not signed in","type":"no_session"}
}

// ErrorHandler answers fiber's own errors, here a path no route serves
// and a handler's failure, in Sesame's JSON error shape instead of plain
// text; the failure's cause goes to the instance's logger, not to the
// client.
func ExampleErrorHandler() {
	app := fiber.New(fiber.Config{ErrorHandler: fiberauth.ErrorHandler(a)})
	app.Use(fiberauth.Middleware(a))
	fiberauth.Mount(app, a, "/auth")
	app.Get("/reports", func(c *fiber.Ctx) error { return fiber.ErrServiceUnavailable })

	show(app, http.MethodGet, "/nowhere")
	show(app, http.MethodGet, "/reports")
	// Output:
	// 404 {"error":{"code":"not_found","message":"not found"}}
	// 503 {"error":{"code":"service_unavailable","message":"service unavailable"}}
}

// BlockedSession serves the page that completes a task a session check
// blocks a session for, such as a second factor still to enter: everywhere
// else that session counts as none, and RequireUser answers the check's
// refusal. A caller with nothing pending goes on to the account page.
func ExampleBlockedSession() {
	app := fiber.New()
	app.Use(fiberauth.Middleware(a))
	app.Get("/second-factor", func(c *fiber.Ctx) error {
		_, u, blocked := fiberauth.BlockedSession(c)
		if blocked == nil {
			return c.Redirect("/account", http.StatusFound)
		}
		return c.SendString(u.Name + ", enter your second factor (" + blocked.Code + ")")
	})

	show(app, http.MethodGet, "/second-factor")
	// Output:
	// 302 /account
}

// Middleware loads the session once per request for every route; User
// reads it.
func ExampleMiddleware() {
	app := fiber.New()
	app.Use(fiberauth.Middleware(a))
	app.Get("/", func(c *fiber.Ctx) error {
		if u, ok := fiberauth.User(c); ok {
			return c.SendString("hello, " + u.Name)
		}
		return c.SendString("hello, stranger")
	})

	show(app, http.MethodGet, "/")
	// Output:
	// 200 hello, stranger
}

// Go calls of operations made with c.UserContext() act for the caller
// Middleware loaded, with no second lookup of the session.
func ExampleMiddleware_goCalls() {
	app := fiber.New()
	app.Use(fiberauth.Middleware(a))
	app.Post("/sign-out-everywhere-else", func(c *fiber.Ctx) error {
		n, err := a.RevokeOtherSessions(c.UserContext())
		if err != nil {
			return c.Status(http.StatusUnauthorized).SendString(err.Error())
		}
		return c.SendString(fmt.Sprintf("%d sessions ended", n))
	})

	show(app, http.MethodPost, "/sign-out-everywhere-else")
	// Output:
	// 401 auth: no_session: not signed in
}

// RequireUser answers 401 no_session, as authhttp does, to callers who are
// not signed in.
func ExampleRequireUser() {
	app := fiber.New()
	app.Use(fiberauth.Middleware(a))
	app.Get("/account", fiberauth.RequireUser(), func(c *fiber.Ctx) error {
		u, _ := fiberauth.User(c)
		return c.SendString("account of " + u.ID)
	})

	show(app, http.MethodGet, "/account")
	// Output:
	// 401 {"error":{"code":"no_session","message":"not signed in"}}
}

// RedirectTo sends callers who are not signed in to a sign-in page, with
// the page they asked for in next: 302 to a GET, 303 to a form's POST.
func ExampleRedirectTo() {
	app := fiber.New()
	app.Use(fiberauth.Middleware(a))
	app.Use("/account", fiberauth.RequireUser(fiberauth.RedirectTo("/sign-in")))
	app.Get("/account", func(c *fiber.Ctx) error { return c.SendString("account") })
	app.Post("/account/email", func(c *fiber.Ctx) error { return c.SendString("changed") })

	show(app, http.MethodGet, "/account?tab=security")
	show(app, http.MethodPost, "/account/email")
	// Output:
	// 302 /sign-in?next=%2Faccount%3Ftab%3Dsecurity
	// 303 /sign-in?next=%2Faccount%2Femail
}

// Session reads the session Middleware loaded, next to its user.
func ExampleSession() {
	app := fiber.New()
	app.Use(fiberauth.Middleware(a))
	app.Get("/session", func(c *fiber.Ctx) error {
		s, ok := fiberauth.Session(c)
		if !ok {
			return c.SendString("no session")
		}
		return c.SendString("session " + s.ID + " until " + s.ExpiresAt.String())
	})

	show(app, http.MethodGet, "/session")
	// Output:
	// 200 no session
}

// User reads the signed-in user Middleware loaded.
func ExampleUser() {
	app := fiber.New()
	app.Use(fiberauth.Middleware(a))
	app.Get("/", func(c *fiber.Ctx) error {
		u, ok := fiberauth.User(c)
		if !ok {
			return c.SendString("hello, stranger")
		}
		return c.SendString("hello, " + u.Name)
	})

	show(app, http.MethodGet, "/")
	// Output:
	// 200 hello, stranger
}
