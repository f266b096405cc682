package ginauth_test

import (
	"context"
	"database/sql"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"
	_ "modernc.org/sqlite" // the "sqlite" database/sql driver

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/ginauth"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/sqlb"
)

// TestMain puts gin in test mode, in which it prints no debug lines into
// the examples' output. The tests that need authtest's engines are in the
// module ginauth/test.
func TestMain(m *testing.M) {
	gin.SetMode(gin.TestMode)
	os.Exit(m.Run())
}

// A gin app with Sesame: the session middleware for every route, the auth
// routes under /auth and an account page for signed-in users only.
func Example() {
	a := exampleAuth() // auth.New(auth.WithDB(db, sqlb.SQLite), auth.WithPlugins(...), ...)

	r := gin.New()
	r.Use(ginauth.Middleware(a)) // before the routes it covers
	ginauth.Mount(r, a, "/auth")
	r.GET("/account", ginauth.RequireUser(), func(c *gin.Context) {
		u, _ := ginauth.User(c)
		c.String(http.StatusOK, "hello, %s", u.Name)
	})

	// A browser asks for the account page, signs in, and asks again.
	res := serve(r, http.MethodGet, "/account", "", nil)
	fmt.Println(res.Code, strings.TrimSpace(res.Body.String()))
	res = serve(r, http.MethodPost, "/auth/password/sign-in", `{"email":"ada@example.com","password":"correct horse battery"}`, nil)
	fmt.Println(res.Code)
	res = serve(r, http.MethodGet, "/account", "", res.Result().Cookies())
	fmt.Println(res.Code, res.Body.String())
	// Output:
	// 401 {"error":{"code":"no_session","message":"not signed in"}}
	// 200
	// 200 hello, Ada
}

// Mount serves every Sesame route under a prefix, here of a group:
// /api/auth/session, /api/auth/sign-out ... Options go to authhttp.
func ExampleMount() {
	a := exampleAuth()
	r := gin.New()
	api := r.Group("/api")
	ginauth.Mount(api, a, "/auth", authhttp.BodyLimit(16<<10))

	res := serve(r, http.MethodGet, "/api/auth/session", "", nil)
	fmt.Println(res.Code, strings.TrimSpace(res.Body.String()))
	// Output:
	// 401 {"error":{"code":"no_session","message":"not signed in"}}
}

// Middleware loads the session once per request, for every route
// registered after it. A Go call of an operation made with
// c.Request.Context() acts for the caller, with no second lookup.
func ExampleMiddleware() {
	a := exampleAuth()
	r := gin.New()
	r.Use(ginauth.Middleware(a))
	ginauth.Mount(r, a, "/auth")
	r.GET("/account/devices", ginauth.RequireUser(), func(c *gin.Context) {
		sessions, err := a.ListSessions(c.Request.Context()) // not c: see the package doc
		if err != nil {
			c.Status(http.StatusInternalServerError)
			return
		}
		c.String(http.StatusOK, "%d devices", len(sessions))
	})

	signIn := `{"email":"ada@example.com","password":"correct horse battery"}`
	serve(r, http.MethodPost, "/auth/password/sign-in", signIn, nil) // on a phone
	laptop := serve(r, http.MethodPost, "/auth/password/sign-in", signIn, nil).Result().Cookies()
	fmt.Println(serve(r, http.MethodGet, "/account/devices", "", laptop).Body.String())
	// Output:
	// 2 devices
}

// RequireUser answers 401 no_session, in the body and media type the
// Middleware's EncodeErrors chose (here RFC 9457 problem details), to
// callers who are not signed in.
func ExampleRequireUser() {
	a := exampleAuth()
	r := gin.New()
	r.Use(ginauth.Middleware(a, authhttp.EncodeErrors(func(e *auth.Error) (string, any) {
		return "application/problem+json", map[string]string{"type": e.Code}
	})))
	r.GET("/api/orders", ginauth.RequireUser(), func(c *gin.Context) {
		c.JSON(http.StatusOK, []string{})
	})

	res := serve(r, http.MethodGet, "/api/orders", "", nil)
	fmt.Println(res.Code, res.Header().Get("Content-Type"), strings.TrimSpace(res.Body.String()))
	// Output:
	// 401 application/problem+json {"type":"no_session"}
}

// RedirectTo sends browsers that are not signed in to the sign-in page,
// which can send them back to next once they are.
func ExampleRedirectTo() {
	a := exampleAuth()
	r := gin.New()
	r.Use(ginauth.Middleware(a))
	pages := r.Group("/courses", ginauth.RequireUser(ginauth.RedirectTo("/sign-in")))
	pages.GET("/:id", func(c *gin.Context) { c.String(http.StatusOK, "course %s", c.Param("id")) })

	res := serve(r, http.MethodGet, "/courses/cs101?tab=notes", "", nil)
	fmt.Println(res.Code, res.Header().Get("Location"))
	// Output:
	// 302 /sign-in?next=%2Fcourses%2Fcs101%3Ftab%3Dnotes
}

// User and Session read the caller that the Middleware loaded; behind
// RequireUser they always report one.
func ExampleSession() {
	a := exampleAuth()
	r := gin.New()
	r.Use(ginauth.Middleware(a))
	ginauth.Mount(r, a, "/auth")
	r.GET("/", func(c *gin.Context) {
		u, ok := ginauth.User(c)
		if !ok {
			c.String(http.StatusOK, "hello, stranger")
			return
		}
		s, _ := ginauth.Session(c)
		c.String(http.StatusOK, "hello, %s (signed in with %s)", u.Name, s.Credential)
	})

	fmt.Println(serve(r, http.MethodGet, "/", "", nil).Body.String())
	signIn := `{"email":"grace@example.com","password":"correct horse battery"}`
	cookies := serve(r, http.MethodPost, "/auth/password/sign-in", signIn, nil).Result().Cookies()
	fmt.Println(serve(r, http.MethodGet, "/", "", cookies).Body.String())
	// Output:
	// hello, stranger
	// hello, Grace (signed in with password)
}

// termsPending is a session check such as a terms plugin makes: a session
// whose user has not accepted the terms reaches nothing but sign-out (and,
// in a real plugin, the operation that accepts them).
type termsPending struct{}

var errTermsPending = auth.NewError("terms_pending", http.StatusForbidden, "accept the terms first")

func (termsPending) Name() string              { return "terms" }
func (termsPending) ErrorCodes() []*auth.Error { return []*auth.Error{errTermsPending} }
func (termsPending) CheckSession(_ context.Context, c *auth.Call) error {
	if c.Op().Name == "core.signOut" {
		return nil
	}
	return errTermsPending
}

// BlockedSession serves the page that completes a task a session check
// blocks a session for, here terms to accept. Everywhere else the session
// counts as none, and RequireUser answers the check's refusal.
func ExampleBlockedSession() {
	a := exampleAuth(termsPending{})
	r := gin.New()
	r.Use(ginauth.Middleware(a))
	ginauth.Mount(r, a, "/auth")
	r.GET("/account", ginauth.RequireUser(), func(c *gin.Context) { c.String(http.StatusOK, "your account") })
	r.GET("/terms", func(c *gin.Context) {
		if _, u, blocked := ginauth.BlockedSession(c); blocked != nil {
			c.String(http.StatusOK, "%s, accept the terms to go on (%s)", u.Name, blocked.Code)
			return
		}
		c.Redirect(http.StatusFound, "/account") // nothing to accept
	})

	signIn := `{"email":"ada@example.com","password":"correct horse battery"}`
	cookies := serve(r, http.MethodPost, "/auth/password/sign-in", signIn, nil).Result().Cookies()
	res := serve(r, http.MethodGet, "/account", "", cookies)
	fmt.Println(res.Code, strings.TrimSpace(res.Body.String()))
	fmt.Println(serve(r, http.MethodGet, "/terms", "", cookies).Body.String())
	// Output:
	// 403 {"error":{"code":"terms_pending","message":"accept the terms first"}}
	// Ada, accept the terms to go on (terms_pending)
}

// exampleAuth returns the instance of the examples: an in-memory SQLite
// database, the email and password plugins with the plugins given, and
// two people who can sign in with the password "correct horse battery":
// ada@example.com (Ada) and grace@example.com (Grace).
func exampleAuth(plugins ...auth.Plugin) *auth.Auth {
	db, err := sql.Open("sqlite", ":memory:")
	if err != nil {
		log.Fatal(err)
	}
	db.SetMaxOpenConns(1) // one connection: one in-memory database
	// No mail goes out here: a LogSender with no writer drops it.
	mail := email.New(email.WithSender(&email.LogSender{}))
	pw := password.New(password.WithoutVerification())
	a, err := auth.New(auth.WithDB(db, sqlb.SQLite), auth.WithBaseURL("http://localhost:8080/auth"),
		auth.WithPlugins(append([]auth.Plugin{mail, pw}, plugins...)...))
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	if err := a.Migrate(ctx); err != nil {
		log.Fatal(err)
	}
	for _, name := range []string{"Ada", "Grace"} {
		in := password.SignUpRequest{Email: strings.ToLower(name) + "@example.com", Password: auth.NewSecret("correct horse battery"), Name: name}
		if _, err := pw.SignUp(ctx, in); err != nil {
			log.Fatal(err)
		}
	}
	return a
}

// serve sends a request to h as a browser on the instance's own origin
// would, with a JSON body if body is not empty and the cookies given.
func serve(h http.Handler, method, target, body string, cookies []*http.Cookie) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	req.Header.Set("Origin", "http://localhost:8080")
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for _, c := range cookies {
		req.AddCookie(c)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}
