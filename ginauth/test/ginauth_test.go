package test

import (
	"net/http"
	"os"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/ginauth"
)

func TestMain(m *testing.M) {
	gin.SetMode(gin.TestMode)
	os.Exit(m.Run())
}

// start is the time every test clock starts at.
var start = time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)

// mePath is the host's own route, open to signed-in users only; pagePath
// is a page that redirects other callers to signInPath.
const (
	mePath     = "/app/me"
	pagePath   = "/app/page"
	signInPath = "/sign-in"
)

// meAnswer is what mePath answers: what ginauth.User and ginauth.Session
// gave it.
type meAnswer struct {
	UserID    string `json:"userId"`
	Name      string `json:"name"`
	SessionID string `json:"sessionId"`
}

// me answers the signed-in user and session of c.
func me(c *gin.Context) {
	u, okUser := ginauth.User(c)
	s, okSession := ginauth.Session(c)
	if !okUser || !okSession {
		c.String(http.StatusInternalServerError, "no user in the context behind RequireUser")
		return
	}
	c.JSON(http.StatusOK, meAnswer{UserID: u.ID, Name: u.Name, SessionID: s.ID})
}

// app is a gin engine set up as the package documentation says: the
// Middleware, the routes under /auth, mePath behind RequireUser and
// pagePath behind RequireUser(RedirectTo(signInPath)). opts go to both
// Middleware and Mount.
func app(a *auth.Auth, opts ...authhttp.Option) *gin.Engine {
	r := gin.New()
	r.Use(ginauth.Middleware(a, opts...))
	ginauth.Mount(r, a, "/auth", opts...)
	r.GET(mePath, ginauth.RequireUser(), me)
	page := ginauth.RequireUser(ginauth.RedirectTo(signInPath))
	r.Match([]string{http.MethodGet, http.MethodHead, http.MethodPost}, pagePath, page, func(c *gin.Context) {
		c.String(http.StatusOK, "the page")
	})
	return r
}

// newAuth is the instance most tests use: authtest's, counting rate
// limits in memory so that instances sharing a database do not share
// counters.
func newAuth(tb testing.TB, e *authtest.Engine, opts ...auth.Option) *auth.Auth {
	tb.Helper()
	base := []auth.Option{auth.WithRateLimitStore(auth.NewMemoryRateStore())}
	return authtest.NewAuth(tb, e, append(base, opts...)...)
}

// signIn signs name in at the test plugin's route under prefix.
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
	want := meAnswer{UserID: in.User.ID, Name: in.User.Name, SessionID: in.Session.ID}
	if got != want {
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
