package test

import (
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/echoauth"
)

// mePath is the host's own route, open to signed-in users only.
const mePath = "/app/me"

// start is the time every test clock starts at.
var start = time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)

// meAnswer is what mePath answers: what User and Session gave it.
type meAnswer struct {
	UserID    string `json:"userId"`
	Name      string `json:"name"`
	SessionID string `json:"sessionId"`
}

// me answers the signed-in user and session of echo's context, and 500
// when User or Session report nothing.
func me(c echo.Context) error {
	u, okUser := echoauth.User(c)
	s, okSession := echoauth.Session(c)
	if !okUser || !okSession {
		return c.String(http.StatusInternalServerError, "no user in the context behind RequireUser")
	}
	return c.JSON(http.StatusOK, meAnswer{UserID: u.ID, Name: u.Name, SessionID: s.ID})
}

// app is an echo application wired as the documentation says a host does:
// Middleware for every route, Sesame's routes under /auth and mePath
// behind RequireUser. Its error handler counts its calls, which must stay
// at zero for Sesame's answers, and answers 418 so that a call shows.
type app struct {
	*echo.Echo
	echoErrors atomic.Int32
}

func newApp(a *auth.Auth, opts ...authhttp.Option) *app {
	e := &app{Echo: echo.New()}
	e.HTTPErrorHandler = func(err error, c echo.Context) {
		e.echoErrors.Add(1)
		if !c.Response().Committed {
			c.String(http.StatusTeapot, "echo's error handler: "+err.Error())
		}
	}
	e.Use(echoauth.Middleware(a, opts...))
	echoauth.Mount(e, a, "/auth", opts...)
	e.GET(mePath, me, echoauth.RequireUser())
	return e
}

// wantNoEchoError fails tb when echo's error handler ran.
func (e *app) wantNoEchoError(tb testing.TB, what string) {
	tb.Helper()
	if n := e.echoErrors.Load(); n != 0 {
		tb.Errorf("%s: echo's error handler ran %d times, want 0", what, n)
	}
}

// newAuth is the instance most tests use: authtest's, counting rate
// limits in memory so that instances sharing a database do not share
// counters.
func newAuth(tb testing.TB, e *authtest.Engine, opts ...auth.Option) *auth.Auth {
	tb.Helper()
	base := []auth.Option{auth.WithRateLimitStore(auth.NewMemoryRateStore())}
	return authtest.NewAuth(tb, e, append(base, opts...)...)
}

// signIn signs name in with the test plugin's route under prefix.
func signIn(tb testing.TB, c *authtest.Client, prefix, name string) authtest.LoginResult {
	tb.Helper()
	return authtest.SignIn(tb, c, prefix, name)
}

// wantMe checks that path answers 200 with the user and session of in.
func wantMe(tb testing.TB, c *authtest.Client, path string, in authtest.LoginResult) {
	tb.Helper()
	res := c.Get(path)
	if res.Status != http.StatusOK {
		tb.Fatalf("GET %s = %d %s, want 200", path, res.Status, res.Body)
	}
	var got meAnswer
	res.Decode(tb, &got)
	if want := (meAnswer{UserID: in.User.ID, Name: in.User.Name, SessionID: in.Session.ID}); got != want {
		tb.Errorf("GET %s = %+v, want %+v", path, got, want)
	}
}

// wantError checks an error answer; see [authtest.WantError].
func wantError(tb testing.TB, what string, res *authtest.Response, status int, code string) {
	tb.Helper()
	authtest.WantError(tb, what, res, status, code)
}

// problem is the body of errors encoded by encodeProblem.
type problem struct {
	Type   string `json:"type"`
	Status int    `json:"status"`
}

// encodeProblem encodes errors as RFC 9457 problem details.
func encodeProblem(e *auth.Error) (string, any) {
	return "application/problem+json", problem{Type: "https://sesame.test/errors/" + e.Code, Status: e.Status}
}

// wantProblem checks an error answer encoded by encodeProblem, media type
// included.
func wantProblem(tb testing.TB, what string, res *authtest.Response, status int, code string) {
	tb.Helper()
	var got problem
	want := problem{Type: "https://sesame.test/errors/" + code, Status: status}
	if err := authtest.StrictDecode(res.Body, &got); err != nil || res.Status != status || got != want {
		tb.Errorf("%s = %d %s, want %d %+v", what, res.Status, res.Body, status, want)
	}
	if ct := res.Header.Get("Content-Type"); ct != "application/problem+json" {
		tb.Errorf("%s: Content-Type = %q, want application/problem+json", what, ct)
	}
}
