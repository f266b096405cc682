package test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"

	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/ginauth"
)

// TestRequireUser calls a route behind RequireUser without a session, by
// cookie and by bearer token, and after signing out.
func TestRequireUser(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		h := app(newAuth(t, e))
		c := authtest.NewClient(t, h)
		wantError(t, "GET "+mePath+" without a session", c.Get(mePath), http.StatusUnauthorized, "no_session")

		in := signIn(t, c, "/auth", "ada")
		wantMe(t, c, mePath, in)

		bearer := authtest.NewClient(t, h)
		bearer.Bearer, bearer.Origin = true, ""
		wantError(t, "GET "+mePath+" by bearer without a token", bearer.Get(mePath), http.StatusUnauthorized, "no_session")
		wantMe(t, bearer, mePath, signIn(t, bearer, "/auth", "grace"))
		bearer.Token = "not-a-token"
		wantError(t, "GET "+mePath+" with a malformed token", bearer.Get(mePath), http.StatusUnauthorized, "no_session")

		if res := c.Post("/auth/sign-out", nil); res.Status != http.StatusOK {
			t.Fatalf("sign-out = %d %s, want 200", res.Status, res.Body)
		}
		wantError(t, "GET "+mePath+" after sign-out", c.Get(mePath), http.StatusUnauthorized, "no_session")
	})
}

// TestRequireUserEncodeErrors proves that RequireUser answers in the body
// of the Middleware's EncodeErrors, as authhttp.RequireUser does, and
// that nothing after it runs.
func TestRequireUserEncodeErrors(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		a := newAuth(t, e)
		r := gin.New()
		r.Use(ginauth.Middleware(a, authhttp.EncodeErrors(encodeProblem)))
		ran := false
		r.GET(mePath, ginauth.RequireUser(), func(*gin.Context) { ran = true })
		res := authtest.NewClient(t, r).Get(mePath)
		wantProblem(t, "GET "+mePath, res, http.StatusUnauthorized, "no_session")
		if ran {
			t.Errorf("GET %s: the handler behind RequireUser ran", mePath)
		}
	})
}

// TestRequireUserWithoutMiddleware proves that RequireUser panics, naming
// the mistake, when no Middleware ran before it.
func TestRequireUserWithoutMiddleware(t *testing.T) {
	r := gin.New()
	r.GET(mePath, ginauth.RequireUser(), me)
	defer func() {
		if v := recover(); v == nil || !strings.Contains(v.(string), "ginauth.Middleware") {
			t.Errorf("RequireUser without Middleware: recovered %v, want a panic naming ginauth.Middleware", v)
		}
	}()
	r.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, mePath, nil))
}

// TestRedirectTo sends callers without a session to the sign-in page with
// the page they asked for, and lets signed-in ones through.
func TestRedirectTo(t *testing.T) {
	tests := []struct {
		name     string
		to       string
		method   string
		target   string
		cookie   string // a Cookie header to send
		status   int
		location string
	}{
		{"GET", "/sign-in", http.MethodGet, "/app/page", "", http.StatusFound, "/sign-in?next=%2Fapp%2Fpage"},
		{"GET with a query", "/sign-in", http.MethodGet, "/app/page?tab=a&b=c%20d", "", http.StatusFound,
			"/sign-in?next=%2Fapp%2Fpage%3Ftab%3Da%26b%3Dc%2520d"},
		{"HEAD", "/sign-in", http.MethodHead, "/app/page", "", http.StatusFound, "/sign-in?next=%2Fapp%2Fpage"},
		{"POST", "/sign-in", http.MethodPost, "/app/page", "", http.StatusSeeOther, "/sign-in?next=%2Fapp%2Fpage"},
		{"DELETE", "/sign-in", http.MethodDelete, "/app/page", "", http.StatusSeeOther, "/sign-in?next=%2Fapp%2Fpage"},
		{"sign-in page with a query", "/sign-in?lang=en", http.MethodGet, "/app/page", "", http.StatusFound,
			"/sign-in?lang=en&next=%2Fapp%2Fpage"},
		{"path naming another host", "/sign-in", http.MethodGet, "//evil.test/x", "", http.StatusFound,
			"/sign-in?next=%2Fevil.test%2Fx"},
		{"malformed session cookie", "/sign-in", http.MethodGet, "/app/page", "sesame_session=nope", http.StatusFound,
			"/sign-in?next=%2Fapp%2Fpage"},
	}
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		a := newAuth(t, e)
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				r := gin.New()
				r.Use(ginauth.Middleware(a), ginauth.RequireUser(ginauth.RedirectTo(tt.to)))
				ran := false
				r.Any("/*path", func(*gin.Context) { ran = true })
				w := httptest.NewRecorder()
				req := httptest.NewRequest(tt.method, tt.target, nil)
				if tt.cookie != "" {
					req.Header.Set("Cookie", tt.cookie)
				}
				r.ServeHTTP(w, req)
				if w.Code != tt.status || w.Header().Get("Location") != tt.location {
					t.Errorf("%s %s = %d to %q, want %d to %q", tt.method, tt.target, w.Code, w.Header().Get("Location"), tt.status, tt.location)
				}
				if cc := w.Header().Get("Cache-Control"); cc != "no-store" {
					t.Errorf("%s %s: Cache-Control = %q, want no-store", tt.method, tt.target, cc)
				}
				if ran {
					t.Errorf("%s %s: the handler behind RequireUser ran", tt.method, tt.target)
				}
				// The Middleware's answer stays: a cookie naming no session is cleared.
				sc := w.Header().Values("Set-Cookie")
				if tt.cookie != "" && (len(sc) != 1 || !strings.Contains(sc[0], "Max-Age=0")) ||
					tt.cookie == "" && len(sc) != 0 {
					t.Errorf("%s %s: Set-Cookie %q, want the cookie cleared only when one was sent", tt.method, tt.target, sc)
				}
			})
		}
		t.Run("signed in", func(t *testing.T) {
			c := authtest.NewClient(t, app(a))
			signIn(t, c, "/auth", "ada")
			for _, method := range []string{http.MethodGet, http.MethodPost} {
				if res := c.Do(method, pagePath, nil, nil); res.Status != http.StatusOK || string(res.Body) != "the page" {
					t.Errorf("%s %s signed in = %d %q, want 200 %q", method, pagePath, res.Status, res.Body, "the page")
				}
			}
		})
	})
}

// TestRedirectToPanics proves that RedirectTo refuses targets that are
// not a path of this site.
func TestRedirectToPanics(t *testing.T) {
	for _, path := range []string{"", "sign-in", "//evil.test/sign-in", `/\evil.test`, "https://evil.test/sign-in", "/%zz"} {
		t.Run(path, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("RedirectTo(%q) did not panic", path)
				}
			}()
			ginauth.RedirectTo(path)
		})
	}
}
