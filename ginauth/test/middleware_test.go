package test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/ginauth"
)

// whoami answers what User and Session report, through c, a copy of c
// (as handed to a goroutine) and the request's context (as Go calls of
// operations see it); "" where they report nothing.
func whoami(c *gin.Context) {
	id := func(u *auth.User, s *auth.Session) string {
		if u == nil || s == nil {
			return ""
		}
		return u.ID + "/" + s.ID
	}
	u, okUser := ginauth.User(c)
	s, okSession := ginauth.Session(c)
	if okUser != (u != nil) || okSession != (s != nil) {
		c.String(http.StatusInternalServerError, "ok disagrees with the value")
		return
	}
	cp := c.Copy()
	cu, _ := ginauth.User(cp)
	cs, _ := ginauth.Session(cp)
	ru, _ := authhttp.UserFrom(c.Request)
	rs, _ := authhttp.SessionFrom(c.Request)
	c.JSON(http.StatusOK, map[string]string{"gin": id(u, s), "copy": id(cu, cs), "request": id(ru, rs)})
}

// TestUserAndSession reads the caller through the accessors in handlers
// mounted in different ways: behind the Middleware, behind authhttp's
// Middleware wrapping the engine, behind a middleware that drops the
// request's context (the caller stays in c's keys), and with none.
func TestUserAndSession(t *testing.T) {
	tests := []struct {
		name   string
		engine func(a *auth.Auth) http.Handler
		want   func(in authtest.LoginResult) map[string]string
	}{
		{"Middleware", func(a *auth.Auth) http.Handler {
			r := gin.New()
			r.Use(ginauth.Middleware(a))
			ginauth.Mount(r, a, "/auth")
			r.GET("/whoami", whoami)
			return r
		}, func(in authtest.LoginResult) map[string]string {
			id := in.User.ID + "/" + in.Session.ID
			return map[string]string{"gin": id, "copy": id, "request": id}
		}},
		{"authhttp.Middleware in front of the engine", func(a *auth.Auth) http.Handler {
			r := gin.New()
			ginauth.Mount(r, a, "/auth")
			r.GET("/whoami", whoami)
			return authhttp.Middleware(a)(r)
		}, func(in authtest.LoginResult) map[string]string {
			id := in.User.ID + "/" + in.Session.ID
			return map[string]string{"gin": id, "copy": id, "request": id}
		}},
		{"request replaced after the Middleware", func(a *auth.Auth) http.Handler {
			r := gin.New()
			r.Use(ginauth.Middleware(a), func(c *gin.Context) {
				c.Request = c.Request.WithContext(context.Background()) // a careless middleware
			})
			ginauth.Mount(r, a, "/auth")
			r.GET("/whoami", whoami)
			return r
		}, func(in authtest.LoginResult) map[string]string {
			id := in.User.ID + "/" + in.Session.ID
			return map[string]string{"gin": id, "copy": id, "request": ""}
		}},
		{"no middleware", func(a *auth.Auth) http.Handler {
			r := gin.New()
			ginauth.Mount(r, a, "/auth")
			r.GET("/whoami", whoami)
			return r
		}, func(authtest.LoginResult) map[string]string {
			return map[string]string{"gin": "", "copy": "", "request": ""}
		}},
	}
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		a := newAuth(t, e)
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				c := authtest.NewClient(t, tt.engine(a))
				var got map[string]string
				res := c.Get("/whoami")
				res.Decode(t, &got)
				if want := map[string]string{"gin": "", "copy": "", "request": ""}; res.Status != http.StatusOK || !equal(got, want) {
					t.Errorf("GET /whoami before sign-in = %d %s, want 200 %v", res.Status, res.Body, want)
				}
				in := signIn(t, c, "/auth", "ada-"+strings.ReplaceAll(tt.name, " ", "-"))
				res = c.Get("/whoami")
				res.Decode(t, &got)
				if want := tt.want(in); res.Status != http.StatusOK || !equal(got, want) {
					t.Errorf("GET /whoami signed in = %d %s, want 200 %v", res.Status, res.Body, want)
				}
			})
		}
	})
}

func equal(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// TestResolveOnce counts the statements of one request with a session
// cookie: the session and its user cost one query however many layers
// (Middleware, the routes of Mount, RequireUser, the accessors) look at
// it, plus one write when the session is due for a refresh. The cookie is
// renewed, or cleared when it names no live session, once. Every handler
// of the chain runs once.
func TestResolveOnce(t *testing.T) {
	tests := []struct {
		name       string
		path       string
		advance    time.Duration
		stale      bool // the cookie's session was revoked
		status     int
		statements int
		cookie     string // what the one Set-Cookie holds, "" for none
	}{
		{"RequireUser route", mePath, 0, false, http.StatusOK, 1, ""},
		{"session route", "/auth/session", 0, false, http.StatusOK, 1, ""},
		{"session route in a group", "/api/auth/session", 0, false, http.StatusOK, 1, ""},
		{"RequireUser route, due for a refresh", mePath, 2 * time.Hour, false, http.StatusOK, 2, "Max-Age=604800"},
		{"session route, due for a refresh", "/auth/session", 2 * time.Hour, false, http.StatusOK, 2, "Max-Age=604800"},
		{"RequireUser route, revoked session", mePath, 0, true, http.StatusUnauthorized, 1, "Max-Age=0"},
		{"session route, revoked session", "/auth/session", 0, true, http.StatusUnauthorized, 1, "Max-Age=0"},
	}
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		clock := authtest.NewClock(start)
		a := newAuth(t, &authtest.Engine{Name: e.Name, Dialect: e.Dialect, DB: pool},
			auth.WithClock(clock.Now), auth.WithSessionUpdateAge(time.Hour), auth.WithSessionLifetime(7*24*time.Hour))
		var before, after int
		r := gin.New()
		r.Use(func(c *gin.Context) { before++ }, ginauth.Middleware(a), func(c *gin.Context) { after++ })
		ginauth.Mount(r, a, "/auth")
		ginauth.Mount(r.Group("/api"), a, "/auth")
		r.GET(mePath, ginauth.RequireUser(), me)
		c := authtest.NewClient(t, r)
		signIn(t, c, "/auth", "ada")
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				clock.Advance(tt.advance)
				caller := c
				if tt.stale {
					caller = authtest.NewClient(t, r)
					in := signIn(t, caller, "/auth", "ada")
					if res := c.Post("/auth/sessions/revoke", map[string]string{"id": in.Session.ID}); res.Status != http.StatusOK {
						t.Fatalf("revoke = %d %s, want 200", res.Status, res.Body)
					}
				}
				faults.Reset()
				before, after = 0, 0
				res := caller.Get(tt.path)
				if res.Status != tt.status {
					t.Fatalf("GET %s = %d %s, want %d", tt.path, res.Status, res.Body, tt.status)
				}
				if got := faults.Statements(); got != tt.statements {
					t.Errorf("GET %s ran %d statements, want %d", tt.path, got, tt.statements)
				}
				if before != 1 || after != 1 {
					t.Errorf("GET %s ran the handlers around the Middleware %d and %d times, want once each", tt.path, before, after)
				}
				got := res.Header.Values("Set-Cookie")
				if tt.cookie == "" && len(got) != 0 || tt.cookie != "" && (len(got) != 1 || !strings.Contains(got[0], tt.cookie)) {
					t.Errorf("GET %s: Set-Cookie %q, want one with %q", tt.path, got, tt.cookie)
				}
			})
		}
	})
}

// TestMiddlewareDatabaseFailure fails the session lookup: the Middleware
// answers 500 internal, in the EncodeErrors body when there is one, and
// nothing after it runs. The next request, with the database back, goes
// through.
func TestMiddlewareDatabaseFailure(t *testing.T) {
	encodings := []struct {
		name string
		opts []authhttp.Option
		want func(t *testing.T, res *authtest.Response)
	}{
		{"default", nil, func(t *testing.T, res *authtest.Response) {
			wantError(t, "GET with a failing database", res, http.StatusInternalServerError, "internal")
		}},
		{"EncodeErrors", []authhttp.Option{authhttp.EncodeErrors(encodeProblem)}, func(t *testing.T, res *authtest.Response) {
			wantProblem(t, "GET with a failing database", res, http.StatusInternalServerError, "internal")
		}},
	}
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		a := newAuth(t, &authtest.Engine{Name: e.Name, Dialect: e.Dialect, DB: pool})
		for _, enc := range encodings {
			t.Run(enc.name, func(t *testing.T) {
				ran := 0
				r := gin.New()
				r.Use(ginauth.Middleware(a, enc.opts...), func(*gin.Context) { ran++ })
				ginauth.Mount(r, a, "/auth", enc.opts...)
				r.GET(mePath, ginauth.RequireUser(), me)
				c := authtest.NewClient(t, r)
				in := signIn(t, c, "/auth", "ada-"+enc.name)
				for _, path := range []string{mePath, "/auth/session"} {
					ran = 0
					faults.FailAt(1)
					res := c.Get(path)
					if !faults.Fired() {
						t.Fatalf("GET %s: the fault never fired", path)
					}
					enc.want(t, res)
					if ran != 0 {
						t.Errorf("GET %s with a failing database: the chain went on past the Middleware", path)
					}
					if sc := res.Header.Values("Set-Cookie"); len(sc) != 0 {
						t.Errorf("GET %s with a failing database: Set-Cookie %q, want none: the session may be alive", path, sc)
					}
				}
				faults.Reset()
				wantMe(t, c, mePath, in)
			})
		}
	})
}
