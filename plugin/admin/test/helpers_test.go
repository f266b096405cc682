package test

import (
	"context"
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

var start = time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)

// freshOp is a test plugin with an operation that needs a fresh session,
// as credential changes do.
type freshOp struct {
	op *auth.Op[auth.Empty, auth.Empty]
}

func newFreshOp() *freshOp {
	return &freshOp{op: &auth.Op[auth.Empty, auth.Empty]{Name: "test.fresh", Method: http.MethodPost, Path: "/test/fresh",
		Session: auth.SessionFresh, Writes: true,
		Handler: func(context.Context, *auth.Call, auth.Empty) (auth.Empty, error) { return auth.Empty{}, nil }}}
}

func (f *freshOp) Name() string                 { return "test" }
func (f *freshOp) Operations() []auth.Operation { return []auth.Operation{f.op} }

type fixture struct {
	t      testing.TB
	e      *authtest.Engine
	a      *auth.Auth
	adm    *admin.Plugin
	login  *authtest.Login
	clock  *authtest.Clock
	events *authtest.EventLog
	h      http.Handler
	first  *authtest.Client
}

// newFixture makes an instance with the admin plugin, the test sign-in,
// and a route that needs a fresh session, served over HTTP with the
// middleware in front (so that host routes are admitted).
func newFixture(t testing.TB, e *authtest.Engine, opts []admin.Option, more ...auth.Option) *fixture {
	t.Helper()
	f := &fixture{t: t, e: e, clock: authtest.NewClock(start), events: &authtest.EventLog{}, adm: admin.New(opts...), login: authtest.NewLogin()}
	all := append([]auth.Option{auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
		auth.WithPlugins(f.login, f.adm, newFreshOp()), auth.WithClock(f.clock.Now), auth.WithoutRateLimits(),
		auth.WithEventSink(f.events.Sink)}, more...)
	var err error
	if f.a, err = auth.New(all...); err != nil {
		t.Fatal(err)
	}
	if err := f.a.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/auth/", authhttp.Handler(f.a))
	mux.Handle("/app", authhttp.RequireUser(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u, _ := authhttp.UserFrom(r)
		w.Write([]byte(u.ID))
	})))
	f.h = authhttp.Middleware(f.a)(mux)
	f.first = authtest.NewClient(t, f.h)
	return f
}

// client returns a new bearer client of the fixture's server.
func (f *fixture) client() *authtest.Client {
	c := authtest.ClientOf(f.t, f.first.BaseURL())
	c.Bearer = true
	return c
}

// signIn signs name in on a new bearer client and returns it and the user's ID.
func (f *fixture) signIn(t testing.TB, name string) (*authtest.Client, string) {
	t.Helper()
	c := f.client()
	res := c.Post("/auth/authtest/sign-in", map[string]string{"name": name})
	if res.Status != http.StatusOK {
		t.Fatalf("sign in %s = %d %s", name, res.Status, res.Body)
	}
	var out authtest.LoginResult
	res.Decode(t, &out)
	return c, out.User.ID
}

// setRole gives a user a role by SQL, as a host seeds its first admin.
func (f *fixture) setRole(t testing.TB, userID, role string) {
	t.Helper()
	ctx := context.Background()
	if _, err := f.a.DB().Exec(ctx, sqlb.Update(auth.Users).Set(admin.UserRole.Set(role)).Where(auth.UserID.Eq(userID))); err != nil {
		t.Fatal(err)
	}
	if err := f.a.UserChanged(ctx, userID); err != nil {
		t.Fatal(err)
	}
}

// admin signs in an administrator named name.
func (f *fixture) admin(t testing.TB, name string) (*authtest.Client, string) {
	t.Helper()
	_, id := f.signIn(t, name)
	f.setRole(t, id, admin.RoleAdmin)
	c, _ := f.signIn(t, name)
	return c, id
}

// goCtx is a context for Go calls made with a client's session.
func goCtx(c *authtest.Client) context.Context {
	return auth.WithSessionToken(context.Background(), auth.NewSecret(c.Token))
}

func mustOK(t testing.TB, what string, res *authtest.Response) *authtest.Response {
	t.Helper()
	if res.Status != http.StatusOK {
		t.Fatalf("%s = %d %s, want 200", what, res.Status, res.Body)
	}
	return res
}

func wantError(t testing.TB, what string, res *authtest.Response, status int, code string) {
	t.Helper()
	if res.Status != status || res.ErrorCode() != code {
		t.Errorf("%s = %d %s, want %d %s", what, res.Status, strings.TrimSpace(string(res.Body)), status, code)
	}
}
