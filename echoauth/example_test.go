package echoauth_test

import (
	"database/sql"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"

	"github.com/labstack/echo/v4"
	_ "modernc.org/sqlite" // the "sqlite" database/sql driver

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/echoauth"
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
	a, err := auth.New(auth.WithDB(db, sqlb.SQLite), auth.WithBaseURL("http://localhost:8080/auth"),
		auth.WithPlugins(email.New(email.WithSender(&email.LogSender{}))))
	if err != nil {
		log.Fatal(err)
	}
	return a
}()

// show serves one request and prints the answer's status, its Location if
// any, and its body.
func show(h http.Handler, method, target string) {
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(method, target, nil))
	fmt.Print(w.Code, " ")
	if loc := w.Header().Get("Location"); loc != "" {
		fmt.Println(loc)
	}
	fmt.Print(w.Body.String())
}

// A complete application: Sesame's routes under /auth, the session loaded
// for every route, and pages for signed-in users only.
func Example() {
	e := echo.New()
	e.Use(echoauth.Middleware(a))
	echoauth.Mount(e, a, "/auth")
	e.GET("/", func(c echo.Context) error {
		if u, ok := echoauth.User(c); ok {
			return c.String(http.StatusOK, "hello, "+u.Name)
		}
		return c.String(http.StatusOK, "hello, stranger")
	})
	e.GET("/account", func(c echo.Context) error {
		u, _ := echoauth.User(c)
		return c.String(http.StatusOK, "account of "+u.ID)
	}, echoauth.RequireUser(echoauth.RedirectTo("/sign-in")))
	log.Fatal(e.Start(":8080"))
}

// Mount serves every operation under a prefix; Sesame answers every
// request there, including those for routes that do not exist.
func ExampleMount() {
	e := echo.New()
	echoauth.Mount(e, a, "/auth")

	show(e, http.MethodGet, "/auth/session")
	show(e, http.MethodGet, "/auth/nope")
	// Output:
	// 401 {"error":{"code":"no_session","message":"not signed in"}}
	// 404 {"error":{"code":"not_found","message":"not found"}}
}

// In a group, the routes are under the group's prefix, and the group's
// middleware runs in front of them.
func ExampleMount_group() {
	e := echo.New()
	api := e.Group("/api")
	echoauth.Mount(api, a, "/auth")

	show(e, http.MethodGet, "/api/auth/session")
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
	e := echo.New()
	e.Use(echoauth.Middleware(a, problem))
	echoauth.Mount(e, a, "/auth", problem)
	e.GET("/account", func(c echo.Context) error { return c.NoContent(http.StatusNoContent) }, echoauth.RequireUser())

	show(e, http.MethodGet, "/auth/session")
	show(e, http.MethodGet, "/account")
	// Output:
	// 401 {"status":401,"title":"not signed in","type":"no_session"}
	// 401 {"status":401,"title":"not signed in","type":"no_session"}
}

// BlockedSession serves the page that completes a task a session check
// blocks a session for, such as a second factor still to enter: everywhere
// else that session counts as none, and RequireUser answers the check's
// refusal. A caller with nothing pending goes on to the account page.
func ExampleBlockedSession() {
	e := echo.New()
	e.Use(echoauth.Middleware(a))
	e.GET("/second-factor", func(c echo.Context) error {
		_, u, blocked := echoauth.BlockedSession(c)
		if blocked == nil {
			return c.Redirect(http.StatusFound, "/account")
		}
		return c.String(http.StatusOK, u.Name+", enter your second factor ("+blocked.Code+")\n")
	})

	show(e, http.MethodGet, "/second-factor")
	// Output:
	// 302 /account
}

// Middleware loads the session once per request for every route; User
// reads it.
func ExampleMiddleware() {
	e := echo.New()
	e.Use(echoauth.Middleware(a))
	e.GET("/", func(c echo.Context) error {
		if u, ok := echoauth.User(c); ok {
			return c.String(http.StatusOK, "hello, "+u.Name+"\n")
		}
		return c.String(http.StatusOK, "hello, stranger\n")
	})

	show(e, http.MethodGet, "/")
	// Output:
	// 200 hello, stranger
}

// RequireUser answers 401 no_session to callers who are not signed in.
func ExampleRequireUser() {
	e := echo.New()
	e.Use(echoauth.Middleware(a))
	e.GET("/api/orders", func(c echo.Context) error {
		u, _ := echoauth.User(c)
		return c.JSON(http.StatusOK, map[string]string{"owner": u.ID})
	}, echoauth.RequireUser())

	show(e, http.MethodGet, "/api/orders")
	// Output:
	// 401 {"error":{"code":"no_session","message":"not signed in"}}
}

// For pages, RedirectTo sends browsers to the sign-in page instead, with
// the page they asked for in next.
func ExampleRedirectTo() {
	e := echo.New()
	e.Use(echoauth.Middleware(a))
	e.GET("/account", func(c echo.Context) error {
		return c.String(http.StatusOK, "your account")
	}, echoauth.RequireUser(echoauth.RedirectTo("/sign-in")))

	show(e, http.MethodGet, "/account?tab=security")
	// Output:
	// 302 /sign-in?next=%2Faccount%3Ftab%3Dsecurity
}

// Session gives the caller's session, for what a page shows of it.
func ExampleSession() {
	e := echo.New()
	e.Use(echoauth.Middleware(a))
	e.GET("/session-ends", func(c echo.Context) error {
		s, ok := echoauth.Session(c)
		if !ok {
			return c.String(http.StatusOK, "no session\n")
		}
		return c.String(http.StatusOK, s.ExpiresAt.String()+"\n")
	})

	show(e, http.MethodGet, "/session-ends")
	// Output:
	// 200 no session
}
