package test

import (
	"net/http"
	"testing"

	"github.com/gin-gonic/gin"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/ginauth"
)

// TestMount serves the routes under prefixes of the engine and of groups,
// with and without the Middleware, and checks that every method and path
// under the prefix reaches authhttp, which answers 404 and 405 itself.
func TestMount(t *testing.T) {
	tests := []struct {
		name       string
		group      string // "" mounts on the engine
		prefix     string
		served     string // where the routes are
		middleware bool
		opts       []authhttp.Option
	}{
		{"engine", "", "/auth", "/auth", true, nil},
		{"engine, no Middleware", "", "/auth", "/auth", false, nil},
		{"trailing slash", "", "/auth/", "/auth", true, nil},
		{"group", "/api", "/auth", "/api/auth", true, nil},
		{"group with a trailing slash", "/api/", "/auth", "/api/auth", true, nil},
		{"group, no Middleware", "/api", "/auth", "/api/auth", false, nil},
		{"Prefix option overridden", "", "/auth", "/auth", true, []authhttp.Option{authhttp.Prefix("/elsewhere")}},
	}
	failures := []struct {
		method, path string
		status       int
		code         string
		allow        string
	}{
		{http.MethodGet, "/nope", http.StatusNotFound, "not_found", ""},
		{http.MethodGet, "/", http.StatusNotFound, "not_found", ""},
		{http.MethodGet, "/sign-out", http.StatusMethodNotAllowed, "method_not_allowed", "POST"},
		{http.MethodPost, "/session", http.StatusMethodNotAllowed, "method_not_allowed", "GET"},
		{http.MethodPut, "/authtest/sign-in", http.StatusMethodNotAllowed, "method_not_allowed", "POST"},
		{http.MethodPatch, "/authtest/sign-in", http.StatusMethodNotAllowed, "method_not_allowed", "POST"},
		{http.MethodDelete, "/authtest/sign-in", http.StatusMethodNotAllowed, "method_not_allowed", "POST"},
		{http.MethodOptions, "/authtest/sign-in", http.StatusMethodNotAllowed, "method_not_allowed", "POST"},
	}
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		a := newAuth(t, e)
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				r := gin.New()
				if tt.middleware {
					r.Use(ginauth.Middleware(a))
				}
				var router gin.IRouter = r
				if tt.group != "" {
					router = r.Group(tt.group)
				}
				ginauth.Mount(router, a, tt.prefix, tt.opts...)
				c := authtest.NewClient(t, r)
				wantError(t, "GET session before sign-in", c.Get(tt.served+"/session"), http.StatusUnauthorized, "no_session")
				in := signIn(t, c, tt.served, "ada-"+tt.name)
				res := c.Get(tt.served + "/session")
				var info auth.SessionInfo
				res.Decode(t, &info)
				if res.Status != http.StatusOK || info.Session == nil || info.Session.ID != in.Session.ID {
					t.Errorf("GET %s/session = %d %s, want 200 and session %s", tt.served, res.Status, res.Body, in.Session.ID)
				}
				for _, er := range failures {
					res := c.Do(er.method, tt.served+er.path, nil, nil)
					wantError(t, er.method+" "+tt.served+er.path, res, er.status, er.code)
					if got := res.Header.Get("Allow"); got != er.allow {
						t.Errorf("%s %s: Allow = %q, want %q", er.method, tt.served+er.path, got, er.allow)
					}
				}
			})
		}
	})
}

// TestMountOptions proves that Mount hands its options to authhttp.
func TestMountOptions(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		a := newAuth(t, e)
		r := gin.New()
		ginauth.Mount(r, a, "/auth", authhttp.BodyLimit(16), authhttp.EncodeErrors(encodeProblem))
		res := authtest.NewClient(t, r).Post("/auth/authtest/sign-in", map[string]string{"name": "a rather long name"})
		wantProblem(t, "sign-in over BodyLimit", res, http.StatusRequestEntityTooLarge, "body_too_large")
	})
}
