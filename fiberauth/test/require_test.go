package test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v2"
	"github.com/valyala/fasthttp"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/fiberauth"
)

// TestRedirectTo redirects callers who are not signed in to the sign-in
// page with where they were going, and lets signed-in ones through.
func TestRedirectTo(t *testing.T) {
	e := authtest.SQLiteEngine(t)
	tests := []struct {
		name     string
		to       string
		method   string
		path     string
		status   int
		location string
	}{
		{"GET", "/sign-in", http.MethodGet, "/app/me", http.StatusFound, "/sign-in?next=%2Fapp%2Fme"},
		{"HEAD", "/sign-in", http.MethodHead, "/app/me", http.StatusFound, "/sign-in?next=%2Fapp%2Fme"},
		{"POST", "/sign-in", http.MethodPost, "/app/me", http.StatusSeeOther, "/sign-in?next=%2Fapp%2Fme"},
		{"query and escapes kept", "/sign-in", http.MethodGet, "/app/a%2Fb?tab=1&q=caf%C3%A9", http.StatusFound,
			"/sign-in?next=%2Fapp%2Fa%252Fb%3Ftab%3D1%26q%3Dcaf%25C3%25A9"},
		{"page with a query", "/sign-in?lang=fr", http.MethodGet, "/app/me", http.StatusFound, "/sign-in?lang=fr&next=%2Fapp%2Fme"},
		{"next stays on this site", "/sign-in", http.MethodGet, "//evil.test/app", http.StatusFound, "/sign-in?next=%2Fevil.test%2Fapp"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := newAuth(t, e)
			app := newApp(a, func(app *fiber.App) {
				app.Use(fiberauth.RequireUser(fiberauth.RedirectTo(tt.to)), func(c *fiber.Ctx) error { return c.SendString("page") })
			})
			base := listen(t, "tcp4", app)
			res := noFollow(t, tt.method, base+tt.path)
			if res.StatusCode != tt.status || res.Header.Get("Location") != tt.location || res.Header.Get("Cache-Control") != "no-store" {
				t.Errorf("%s %s = %d Location %q Cache-Control %q, want %d %q no-store", tt.method, tt.path, res.StatusCode,
					res.Header.Get("Location"), res.Header.Get("Cache-Control"), tt.status, tt.location)
			}
			c := authtest.ClientOf(t, base)
			signIn(t, c, "ada")
			if res := c.Get("/app/me"); res.Status != http.StatusOK || string(res.Body) != "page" {
				t.Errorf("GET /app/me signed in = %d %s, want 200 page", res.Status, res.Body)
			}
		})
	}
}

// noFollow sends a request without following a redirect.
func noFollow(t *testing.T, method, url string) *http.Response {
	t.Helper()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	res.Body.Close()
	client.CloseIdleConnections()
	return res
}

// TestRedirectToPanics refuses a redirect target that is not a path of
// this site: a wiring mistake.
func TestRedirectToPanics(t *testing.T) {
	for _, to := range []string{"", "sign-in", "https://evil.test/sign-in", "//evil.test/sign-in", `/\evil.test`, "/%zz"} {
		t.Run(to, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("RedirectTo(%q) did not panic", to)
				}
			}()
			fiberauth.RedirectTo(to)
		})
	}
}

// TestRequireUserWithoutMiddleware panics: RequireUser cannot know the
// caller without Middleware in front of it, a wiring mistake.
func TestRequireUserWithoutMiddleware(t *testing.T) {
	app := newFiber()
	c := app.AcquireCtx(&fasthttp.RequestCtx{})
	defer app.ReleaseCtx(c)
	defer func() {
		if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "Middleware") {
			t.Errorf("RequireUser without Middleware: recovered %v, want a panic naming Middleware", r)
		}
	}()
	fiberauth.RequireUser()(c)
}
