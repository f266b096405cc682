package coretest

import (
	"context"
	"crypto/rand"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/admin"
	"github.com/sesame-go/sesame/sqlb"
)

// newKey returns a random 32-byte sealing key.
func newKey(t testing.TB) []byte {
	k := make([]byte, 32)
	if _, err := rand.Read(k); err != nil {
		t.Fatal(err)
	}
	return k
}

// sealerOf returns a sealer of keys, the first sealing.
func sealerOf(t testing.TB, keys ...[]byte) *auth.Sealer {
	t.Helper()
	s, err := auth.NewSealer(keys...)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// stateless is an instance with stateless sessions on a faulting pool,
// served over HTTP behind the Middleware, with a settable clock and an
// admin plugin that lets server calls ban.
type stateless struct {
	a      *auth.Auth
	adm    *admin.Plugin
	clock  *authtest.Clock
	faults *authtest.Faults
	h      http.Handler
	clean  *sqlb.DB // the engine's own pool, for counting rows
}

// allowAll is an admin authorizer that lets the host's server calls do
// anything: the tests ban as the host would from its own code.
type allowAll struct{}

func (allowAll) Allowed(context.Context, *auth.Call, *auth.User, admin.Action) (bool, error) {
	return true, nil
}
func (allowAll) IsAdmin(context.Context, *auth.Call, *auth.User) (bool, error) { return false, nil }

// newStateless makes an instance with stateless sessions sealed with keys
// (a fresh key when none) on e, with opts.
func newStateless(t *testing.T, e *authtest.Engine, keys *auth.Sealer, opts ...auth.Option) *stateless {
	t.Helper()
	if keys == nil {
		keys = sealerOf(t, newKey(t))
	}
	pool, faults := e.Faulty(t)
	clock := authtest.NewClock(start)
	adm := admin.New(admin.WithAuthorizer(allowAll{}))
	base := []auth.Option{auth.WithDB(pool, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
		auth.WithPlugins(authtest.NewLogin(), adm), auth.WithClock(clock.Now),
		auth.WithoutRateLimits(), auth.WithStatelessSessions(keys)}
	a, err := auth.New(append(base, opts...)...)
	if err != nil {
		t.Fatalf("auth.New: %v", err)
	}
	if err := a.Migrate(context.Background()); err != nil {
		t.Fatalf("Migrate: %v", err)
	}
	app := http.NewServeMux()
	app.Handle("/auth/", authhttp.Handler(a))
	app.Handle("/app/me", authhttp.RequireUser(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u, _ := authhttp.UserFrom(r)
		w.Write([]byte(u.Name))
	})))
	// A page of the host's that signs the other sessions out through the
	// Go call, as server-rendered pages do.
	app.HandleFunc("POST /app/sign-out-others", func(w http.ResponseWriter, r *http.Request) {
		if _, err := a.RevokeOtherSessions(r.Context()); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		authhttp.RenewSessionCookie(w, r, a)
	})
	return &stateless{a: a, adm: adm, clock: clock, faults: faults, h: authhttp.Middleware(a)(app), clean: e.SQL()}
}

// asAdmin returns a context of an administrator's session, for the admin
// plugin's calls (any signed-in user is one, by allowAll).
func (s *stateless) asAdmin(t *testing.T) context.Context {
	t.Helper()
	c := s.client(t, true)
	authtest.SignIn(t, c, "/auth", "root")
	return auth.WithSessionToken(context.Background(), auth.NewSecret(c.Token))
}

// client returns a client of the instance, bearer or cookie.
func (s *stateless) client(t *testing.T, bearer bool) *authtest.Client {
	c := authtest.NewClient(t, s.h)
	c.Bearer = bearer
	return c
}

// count returns the number of rows of table on the engine.
func (s *stateless) count(t *testing.T, table *sqlb.Table, col sqlb.Column[string]) int {
	t.Helper()
	var id string
	n := 0
	if err := s.clean.All(context.Background(), sqlb.Select(col.Into(&id)).From(table), func() error { n++; return nil }); err != nil {
		t.Fatal(err)
	}
	return n
}

// sessionCookie returns the session cookie an answer sets, and whether it
// sets one.
func sessionCookie(res *authtest.Response) (*http.Cookie, bool) {
	for _, c := range (&http.Response{Header: res.Header}).Cookies() {
		if c.Name == "sesame_session" {
			return c, true
		}
	}
	return nil, false
}

// reissued returns the token an answer gives the client anew: the
// Auth-Token header, or the session cookie's value.
func reissued(res *authtest.Response) string {
	if t := res.Header.Get(authhttp.HeaderToken); t != "" {
		return t
	}
	if c, ok := sessionCookie(res); ok && c.MaxAge >= 0 {
		return c.Value
	}
	return ""
}

// presenting returns a fresh client that presents token as a bearer
// token, as a thief holding a copy would.
func (s *stateless) presenting(t *testing.T, token string) *authtest.Client {
	c := s.client(t, true)
	c.Token = token
	return c
}

// getSession asks for the session and returns the answer and the number
// of statements it ran.
func (s *stateless) getSession(c *authtest.Client) (*authtest.Response, int) {
	s.faults.Reset()
	res := c.Get("/auth/session")
	return res, s.faults.Statements()
}

// sessionOf decodes the session route's answer.
func sessionOf(t *testing.T, res *authtest.Response) auth.SessionInfo {
	t.Helper()
	if res.Status != http.StatusOK {
		t.Fatalf("GET /auth/session = %d %s, want 200", res.Status, res.Body)
	}
	var info auth.SessionInfo
	res.Decode(t, &info)
	return info
}

// refused checks that a token is no session: 401, no_session or
// invalid_token.
func refused(t *testing.T, what string, res *authtest.Response) {
	t.Helper()
	if res.Status != http.StatusUnauthorized || (res.ErrorCode() != "no_session" && res.ErrorCode() != "invalid_token") {
		t.Errorf("%s = %d %s, want 401 no_session or invalid_token", what, res.Status, res.Body)
	}
}

// tamper returns token with the character at i changed.
func tamper(token string, i int) string {
	b := []byte(token)
	if b[i] == 'A' {
		b[i] = 'B'
	} else {
		b[i] = 'A'
	}
	return string(b)
}

// day is a day.
const day = 24 * time.Hour

// isStateless reports whether a token has the sealed form.
func isStateless(token string) bool { return strings.HasPrefix(token, "v1.") }
