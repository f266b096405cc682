package ginauth_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
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

// signIn signs name in at the test plugin's route under prefix and returns
// the answer.
func signIn(tb testing.TB, c *authtest.Client, prefix, name string) authtest.LoginResult {
	tb.Helper()
	res := c.Post(prefix+"/authtest/sign-in", map[string]string{"name": name})
	if res.Status != http.StatusOK {
		tb.Fatalf("sign in %s = %d %s, want 200", name, res.Status, res.Body)
	}
	var out authtest.LoginResult
	res.Decode(tb, &out)
	if out.User == nil || out.Session == nil || out.User.Name != name {
		tb.Fatalf("sign in %s answered %s", name, res.Body)
	}
	return out
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

// errorBody is the default body of an error answer, exactly.
type errorBody struct {
	Error struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// wantError checks an error answer: its status, a JSON body of exactly
// {"error":{"code","message"}} with the code and a message, and
// Cache-Control: no-store.
func wantError(tb testing.TB, what string, res *authtest.Response, status int, code string) {
	tb.Helper()
	var body errorBody
	err := strictDecode(res.Body, &body)
	if res.Status != status || err != nil || body.Error.Code != code || body.Error.Message == "" {
		tb.Errorf("%s = %d %s, want %d with code %q", what, res.Status, res.Body, status, code)
	}
	if ct := res.Header.Get("Content-Type"); ct != "application/json" {
		tb.Errorf("%s: Content-Type = %q, want application/json", what, ct)
	}
	if cc := res.Header.Get("Cache-Control"); cc != "no-store" {
		tb.Errorf("%s: Cache-Control = %q, want no-store", what, cc)
	}
}

// strictDecode decodes one JSON value into v, refusing unknown fields
// and anything after the value.
func strictDecode(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("ginauth_test: data after the JSON value")
	}
	return nil
}

// problem is the body of errors encoded by encodeProblem.
type problem struct {
	Type   string `json:"type"`
	Status int    `json:"status"`
}

func encodeProblem(e *auth.Error) any {
	return problem{Type: "https://sesame.test/errors/" + e.Code, Status: e.Status}
}
