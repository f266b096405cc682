package test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/echoauth"
)

// TestRequireUser calls the host's route guarded by RequireUser without a
// session, with a malformed token, with a session and after signing out;
// refusals are authhttp's 401 no_session, in the body EncodeErrors chose
// for Middleware, never echo's.
func TestRequireUser(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		for _, enc := range []struct {
			name string
			opts []authhttp.Option
		}{{"default", nil}, {"EncodeErrors", []authhttp.Option{authhttp.EncodeErrors(encodeProblem)}}} {
			t.Run(enc.name, func(t *testing.T) {
				app := newApp(newAuth(t, e), enc.opts...)
				c := authtest.NewClient(t, app)
				want := func(what string, res *authtest.Response) {
					t.Helper()
					if enc.opts == nil {
						wantError(t, what, res, http.StatusUnauthorized, "no_session")
					} else {
						wantProblem(t, what, res, http.StatusUnauthorized, "no_session")
					}
				}
				want("GET "+mePath+" without a session", c.Get(mePath))
				bad := http.Header{"Authorization": {"Bearer not-a-token"}}
				want("GET "+mePath+" with a malformed token", c.Do(http.MethodGet, mePath, nil, bad))

				in := signIn(t, c, "/auth", "ada-"+enc.name)
				wantMe(t, c, mePath, in)
				if res := c.Post("/auth/sign-out", nil); res.Status != http.StatusOK {
					t.Fatalf("sign-out = %d %s, want 200", res.Status, res.Body)
				}
				want("GET "+mePath+" after sign-out", c.Get(mePath))
				app.wantNoEchoError(t, "the requests")
			})
		}
	})
}

// TestRequireUserWithoutMiddleware: RequireUser with no Middleware in
// front is a wiring mistake, which panics at the first request.
func TestRequireUserWithoutMiddleware(t *testing.T) {
	for _, opts := range [][]echoauth.Option{nil, {echoauth.RedirectTo("/sign-in")}} {
		app := echo.New()
		app.GET(mePath, me, echoauth.RequireUser(opts...))
		func() {
			defer func() {
				if r := recover(); r == nil || !strings.Contains(r.(string), "echoauth.Middleware") {
					t.Errorf("RequireUser(%d options) without Middleware: recovered %v, want a panic naming echoauth.Middleware", len(opts), r)
				}
			}()
			app.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, mePath, nil))
		}()
	}
}

// TestRedirectTo sends callers who are not signed in to the sign-in page
// with the page they asked for; signed-in callers reach the page.
func TestRedirectTo(t *testing.T) {
	tests := []struct {
		name     string
		to       string // RedirectTo's path
		method   string
		target   string // the request's path and query
		signedIn bool
		status   int
		location string
	}{
		{"GET", "/sign-in", http.MethodGet, "/account", false, http.StatusFound, "/sign-in?next=%2Faccount"},
		{"HEAD", "/sign-in", http.MethodHead, "/account", false, http.StatusFound, "/sign-in?next=%2Faccount"},
		{"GET with a query", "/sign-in", http.MethodGet, "/account?tab=keys&x=%2F", false, http.StatusFound,
			"/sign-in?next=%2Faccount%3Ftab%3Dkeys%26x%3D%252F"},
		{"POST", "/sign-in", http.MethodPost, "/account", false, http.StatusSeeOther, "/sign-in?next=%2Faccount"},
		{"DELETE", "/sign-in", http.MethodDelete, "/account", false, http.StatusSeeOther, "/sign-in?next=%2Faccount"},
		{"a sign-in page with a query", "/sign-in?lang=fr", http.MethodGet, "/account", false, http.StatusFound,
			"/sign-in?lang=fr&next=%2Faccount"},
		{"an absolute sign-in page", "https://id.sesame.test/sign-in", http.MethodGet, "/account", false, http.StatusFound,
			"https://id.sesame.test/sign-in?next=%2Faccount"},
		{"signed in, GET", "/sign-in", http.MethodGet, "/account", true, http.StatusNoContent, ""},
		{"signed in, POST", "/sign-in", http.MethodPost, "/account", true, http.StatusNoContent, ""},
	}
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		a := newAuth(t, e)
		signedIn := authtest.NewClient(t, newApp(a))
		signedIn.Bearer, signedIn.Origin = true, ""
		signIn(t, signedIn, "/auth", "ada")
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				app := newApp(a)
				page := func(c echo.Context) error {
					if _, ok := echoauth.User(c); !ok {
						t.Errorf("%s %s: the page ran with no user", tt.method, tt.target)
					}
					return c.NoContent(http.StatusNoContent)
				}
				app.Match([]string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodDelete},
					"/account", page, echoauth.RequireUser(echoauth.RedirectTo(tt.to)))
				r := httptest.NewRequest(tt.method, tt.target, nil)
				if tt.signedIn {
					r.Header.Set("Authorization", "Bearer "+signedIn.Token)
				}
				w := httptest.NewRecorder()
				app.ServeHTTP(w, r)
				if w.Code != tt.status || w.Header().Get("Location") != tt.location {
					t.Errorf("%s %s = %d Location %q, want %d %q", tt.method, tt.target, w.Code, w.Header().Get("Location"), tt.status, tt.location)
				}
				if cc := w.Header().Get("Cache-Control"); tt.location != "" && cc != "no-store" {
					t.Errorf("%s %s: Cache-Control = %q, want no-store", tt.method, tt.target, cc)
				}
				app.wantNoEchoError(t, tt.method+" "+tt.target)
			})
		}
	})
}

// TestRedirectToInvalid: RedirectTo panics on a path that is no URL.
func TestRedirectToInvalid(t *testing.T) {
	for _, path := range []string{"", "/sign-in\x7f", "%zz"} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("RedirectTo(%q) did not panic", path)
				}
			}()
			echoauth.RedirectTo(path)
		}()
	}
}
