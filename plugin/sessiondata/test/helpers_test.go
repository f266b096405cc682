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
	"github.com/sesame-go/sesame/plugin/sessiondata"
	"github.com/sesame-go/sesame/sqlb"
)

var start = time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)

type fixture struct {
	t     testing.TB
	e     *authtest.Engine
	a     *auth.Auth
	data  *sessiondata.Plugin
	clock *authtest.Clock
	first *authtest.Client
}

// newFixture makes an instance with the test sign-in and the plugin,
// served over HTTP, rate limits off.
func newFixture(t testing.TB, e *authtest.Engine, opts []sessiondata.Option, more ...auth.Option) *fixture {
	t.Helper()
	f := &fixture{t: t, e: e, clock: authtest.NewClock(start), data: sessiondata.New(opts...)}
	all := append([]auth.Option{auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
		auth.WithPlugins(authtest.NewLogin(), f.data, newVisits(f.data)), auth.WithClock(f.clock.Now), auth.WithoutRateLimits()}, more...)
	var err error
	if f.a, err = auth.New(all...); err != nil {
		t.Fatal(err)
	}
	if err := f.a.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/auth/", authhttp.Handler(f.a))
	f.first = authtest.NewClient(t, authhttp.Middleware(f.a)(mux))
	return f
}

// signIn signs name in on a new bearer client and returns it and the user's ID.
func (f *fixture) signIn(t testing.TB, name string) (*authtest.Client, string) {
	t.Helper()
	c := authtest.ClientOf(f.t, f.first.BaseURL())
	c.Bearer = true
	var out authtest.LoginResult
	mustOK(t, "sign in "+name, c.Post("/auth/authtest/sign-in", map[string]string{"name": name})).Decode(t, &out)
	return c, out.User.ID
}

// rows returns how many values the table holds.
func (f *fixture) rows(t testing.TB) int64 {
	t.Helper()
	var n int64
	if err := f.a.DB().One(context.Background(), sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(sessiondata.Values)); err != nil {
		t.Fatal(err)
	}
	return n
}

func set(c *authtest.Client, key, value string) *authtest.Response {
	return c.Post("/auth/session-data/set", `{"key":"`+key+`","value":`+value+`}`)
}

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

// visits is a host plugin whose operation counts the session's visits
// with the plugin's calls inside its own transaction, and forgets them at
// ten.
type visits struct{ op *auth.Op[auth.Empty, int] }

func newVisits(data *sessiondata.Plugin) *visits {
	return &visits{op: &auth.Op[auth.Empty, int]{Name: "visits.count", Method: http.MethodPost, Path: "/visits/count",
		Session: auth.SessionUser, Writes: true,
		Handler: func(ctx context.Context, c *auth.Call, _ auth.Empty) (int, error) {
			var n int
			if _, err := data.Value(ctx, c, "visits", &n); err != nil {
				return 0, err
			}
			n++
			if n == 10 {
				return n, data.Remove(ctx, c, "visits")
			}
			return n, data.Store(ctx, c, "visits", n)
		}}}
}

func (v *visits) Name() string                 { return "visits" }
func (v *visits) Operations() []auth.Operation { return []auth.Operation{v.op} }
