package routertest

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"testing"

	"github.com/go-chi/chi/v5"
	"github.com/gorilla/mux"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
)

// mePath is the host's own route, open to signed-in users only.
const mePath = "/app/me"

// router mounts Sesame in one router the way its documentation says a
// host does: the routes of authhttp.Handler under /auth/ and mePath behind
// authhttp.Middleware and authhttp.RequireUser. opts go to both Handler and
// Middleware.
type router struct {
	name  string
	mount func(a *auth.Auth, opts ...authhttp.Option) http.Handler
}

var routers = []router{
	{"servemux", func(a *auth.Auth, opts ...authhttp.Option) http.Handler {
		m := http.NewServeMux()
		m.Handle("/auth/", authhttp.Handler(a, opts...))
		m.Handle("GET "+mePath, authhttp.Middleware(a, opts...)(authhttp.RequireUser(me)))
		return m
	}},
	{"chi", func(a *auth.Auth, opts ...authhttp.Option) http.Handler {
		r := chi.NewRouter()
		r.Use(authhttp.Middleware(a, opts...))
		r.Mount("/auth", authhttp.Handler(a, opts...))
		r.With(authhttp.RequireUser).Get(mePath, me)
		return r
	}},
	{"gorilla", func(a *auth.Auth, opts ...authhttp.Option) http.Handler {
		r := mux.NewRouter()
		r.Use(mux.MiddlewareFunc(authhttp.Middleware(a, opts...)))
		r.PathPrefix("/auth/").Handler(authhttp.Handler(a, opts...))
		r.Handle(mePath, authhttp.RequireUser(me)).Methods(http.MethodGet)
		return r
	}},
}

// meAnswer is what mePath answers: what UserFrom and SessionFrom gave it.
type meAnswer struct {
	UserID    string `json:"userId"`
	Name      string `json:"name"`
	SessionID string `json:"sessionId"`
}

// me answers the signed-in user and session of the request's context.
var me http.HandlerFunc = func(w http.ResponseWriter, r *http.Request) {
	u, okUser := authhttp.UserFrom(r)
	s, okSession := authhttp.SessionFrom(r)
	if !okUser || !okSession {
		http.Error(w, "no user in the context behind RequireUser", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(meAnswer{UserID: u.ID, Name: u.Name, SessionID: s.ID})
}

// eachRouter runs fn as a subtest per router, on every engine. The
// routers of one engine share its database, so tests name their users
// after the router.
func eachRouter(t *testing.T, fn func(t *testing.T, e *authtest.Engine, rt router)) {
	t.Helper()
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		for _, rt := range routers {
			t.Run(rt.name, func(t *testing.T) { fn(t, e, rt) })
		}
	})
}

// newAuth is the instance most tests use: authtest's, counting rate
// limits in memory so that instances sharing a database do not share
// counters.
func newAuth(tb testing.TB, e *authtest.Engine, opts ...auth.Option) *auth.Auth {
	tb.Helper()
	base := []auth.Option{auth.WithRateLimitStore(auth.NewMemoryRateStore())}
	return authtest.NewAuth(tb, e, append(base, opts...)...)
}

// signIn signs name in with the test plugin's route and returns the answer.
func signIn(tb testing.TB, c *authtest.Client, name string) authtest.LoginResult {
	tb.Helper()
	res := c.Post("/auth/authtest/sign-in", map[string]string{"name": name})
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

// wantMe checks that mePath answers 200 with the user and session of in.
func wantMe(tb testing.TB, c *authtest.Client, in authtest.LoginResult) {
	tb.Helper()
	res := c.Get(mePath)
	if res.Status != http.StatusOK {
		tb.Fatalf("GET %s = %d %s, want 200", mePath, res.Status, res.Body)
	}
	var got meAnswer
	res.Decode(tb, &got)
	want := meAnswer{UserID: in.User.ID, Name: in.User.Name, SessionID: in.Session.ID}
	if got != want {
		tb.Errorf("GET %s = %+v, want %+v", mePath, got, want)
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
		return errors.New("routertest: data after the JSON value")
	}
	return nil
}
