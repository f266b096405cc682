package test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/admin"
	"github.com/sesame-go/sesame/plugin/apikey"
	"github.com/sesame-go/sesame/sqlb"
)

var epoch = time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)

// fixture is an instance with the test sign-in, the admin plugin (for
// bans) and the apikey plugin, served as a host serves it: the
// middleware in front of the routes under /auth/ and of the app's API,
// whose /api/read and /api/write need the scopes of their names and
// /api/me only a signed-in caller.
type fixture struct {
	t     testing.TB
	a     *auth.Auth
	e     *authtest.Engine
	clock *authtest.Clock
	keys  *apikey.Plugin
	h     http.Handler
	first *authtest.Client
}

type setup struct {
	keys []apikey.Option
	auth []auth.Option
	db   *sql.DB // a pool of e's database other than e.DB (a faulty one)
	// limits keeps the rate limits on, counted in memory, or with
	// dbLimits in the database (the default store).
	limits, dbLimits bool
}

func newFixture(t testing.TB, e *authtest.Engine, s setup) *fixture {
	t.Helper()
	f := &fixture{t: t, e: e, clock: authtest.NewClock(epoch)}
	f.keys = apikey.New(append([]apikey.Option{apikey.WithPrefix("sk_test_"), apikey.WithHeader("X-API-Key"),
		apikey.WithScopes("read", "write")}, s.keys...)...)
	db := e.DB
	if s.db != nil {
		db = s.db
	}
	opts := append([]auth.Option{auth.WithDB(db, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
		auth.WithPlugins(authtest.NewLogin(), admin.New(), f.keys), auth.WithClock(f.clock.Now)}, s.auth...)
	switch {
	case s.dbLimits:
	case s.limits:
		opts = append(opts, auth.WithRateLimitStore(auth.NewMemoryRateStore()))
	default:
		opts = append(opts, auth.WithoutRateLimits())
	}
	var err error
	if f.a, err = auth.New(opts...); err != nil {
		t.Fatal(err)
	}
	if err := f.a.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/auth/", authhttp.Handler(f.a))
	mux.Handle("/api/read", f.keys.RequireScope("read")(http.HandlerFunc(whoami)))
	mux.Handle("/api/write", f.keys.RequireScope("write")(http.HandlerFunc(whoami)))
	mux.Handle("/api/me", authhttp.RequireUser(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u, _ := authhttp.UserFrom(r)
		io.WriteString(w, u.ID)
	})))
	f.h = authhttp.Middleware(f.a)(mux)
	f.first = authtest.NewClient(t, f.h)
	return f
}

// whoami answers "user key-or-session": who the middleware admitted.
func whoami(w http.ResponseWriter, r *http.Request) {
	u, _ := authhttp.UserFrom(r)
	s, _ := authhttp.SessionFrom(r)
	id, _, isKey := apikey.KeyOf(s)
	if !isKey {
		id = "session"
	}
	fmt.Fprintf(w, "%s %s", u.ID, id)
}

// client returns a new bearer client (an app) of the fixture's server.
func (f *fixture) client() *authtest.Client {
	c := authtest.ClientOf(f.t, f.first.BaseURL())
	c.Bearer = true
	return c
}

// signIn signs name in on a new bearer client, and returns it and the
// user's ID.
func (f *fixture) signIn(t testing.TB, name string) (*authtest.Client, string) {
	t.Helper()
	c := f.client()
	return c, authtest.SignIn(t, c, "/auth", name).User.ID
}

// created is the answer of a creation or rotation.
type created struct {
	Key    string     `json:"key"`
	APIKey apikey.Key `json:"apiKey"`
}

// create makes a key from c's session and returns it.
func create(t testing.TB, c *authtest.Client, body any) created {
	t.Helper()
	return mustCreate(t, c, "/auth/api-keys/create", body)
}

func mustCreate(t testing.TB, c *authtest.Client, path string, body any) created {
	t.Helper()
	res := c.Post(path, body)
	if res.Status != http.StatusOK {
		t.Fatalf("POST %s = %d %s, want 200", path, res.Status, res.Body)
	}
	var out created
	res.Decode(t, &out)
	if !apikey.LooksValid(out.Key) || out.APIKey.ID == "" {
		t.Fatalf("POST %s answered %s", path, res.Body)
	}
	return out
}

// readKey is a key with the read scope.
var readKey = map[string]any{"name": "deploy script", "scopes": []string{"read"}}

// withKey sends a request with a key as "Authorization: Bearer <key>".
func (f *fixture) withKey(key, method, path string, body any) *authtest.Response {
	c := authtest.ClientOf(f.t, f.first.BaseURL())
	c.Origin = ""
	return c.Do(method, path, body, http.Header{"Authorization": {"Bearer " + key}})
}

// use reads /api/read with a key and returns the status and body.
func (f *fixture) use(key string) (int, string) {
	res := f.withKey(key, http.MethodGet, "/api/read", nil)
	return res.Status, string(res.Body)
}

// wantWorks checks that key reads /api/read as userID.
func (f *fixture) wantWorks(t testing.TB, what, key, userID string) {
	t.Helper()
	if status, body := f.use(key); status != http.StatusOK || !strings.HasPrefix(body, userID+" ") {
		t.Fatalf("%s: GET /api/read with the key = %d %s, want 200 as %s", what, status, body, userID)
	}
}

// wantStopped checks that key reads nothing: 401 no_session, as for a
// key never issued.
func (f *fixture) wantStopped(t testing.TB, what, key string) {
	t.Helper()
	res := f.withKey(key, http.MethodGet, "/api/read", nil)
	authtest.WantError(t, what+": GET /api/read with the key", res, http.StatusUnauthorized, "no_session")
}

// keyRows renders the key table, with the last-used times if used, so
// that a failed call can be shown to have changed nothing.
func keyRows(t testing.TB, db *sqlb.DB, used bool) string {
	t.Helper()
	var out []string
	var id, user string
	var expires, last sql.Null[time.Time]
	var replaced sql.Null[string]
	q := sqlb.Select(apikey.KeyID.Into(&id), apikey.KeyUserID.Into(&user), apikey.KeyExpiresAt.Into(&expires),
		apikey.KeyLastUsedAt.Into(&last), apikey.KeyReplacedBy.Into(&replaced)).From(apikey.Keys).OrderBy(apikey.KeyID.Asc())
	err := db.All(context.Background(), q, func() error {
		if !used {
			last = sql.Null[time.Time]{}
		}
		out = append(out, fmt.Sprint(id, " ", user, " ", expires, " ", last, " ", replaced))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(out, "\n")
}

// errorIs reports whether err is an *auth.Error of the code.
func errorIs(err error, code string) bool {
	var e *auth.Error
	return errors.As(err, &e) && e.Code == code
}

// goCtx is a context for Go calls made with a client's session.
func goCtx(c *authtest.Client) context.Context {
	return auth.WithSessionToken(context.Background(), auth.NewSecret(c.Token))
}

// admin signs in an administrator named name.
func (f *fixture) admin(t testing.TB, name string) *authtest.Client {
	t.Helper()
	_, id := f.signIn(t, name)
	f.setBanned(t, id, false, admin.RoleAdmin)
	c, _ := f.signIn(t, name)
	return c
}

// setBanned sets a user's ban and role by SQL, as a host seeds its first
// administrator, with no account-security event.
func (f *fixture) setBanned(t testing.TB, userID string, banned bool, role string) {
	t.Helper()
	ctx := context.Background()
	_, err := f.a.DB().Exec(ctx, sqlb.Update(auth.Users).Set(admin.UserBanned.Set(banned), admin.UserRole.Set(role)).
		Where(auth.UserID.Eq(userID)))
	if err != nil {
		t.Fatal(err)
	}
}
