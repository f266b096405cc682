package coretest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
)

// The benchmarks run on SQLite, and compare in the same run:
//   - BenchmarkMiddleware: resolving a session through authhttp.Middleware;
//   - BenchmarkMiddlewareChecked: the same with a session check that
//     admits everyone, the cost of admission itself;
//   - BenchmarkSelectByKey: a bare SELECT of one user by primary key, the
//     floor any session lookup stands on;
//   - BenchmarkPipelineNoop: the pipeline's own cost, for an operation that
//     touches no database.

type bench struct {
	a     *auth.Auth
	e     *authtest.Engine
	in    authtest.LoginResult
	noop  *auth.Op[auth.Empty, auth.Empty]
	login *authtest.Login
}

func newBench(b *testing.B, plugins ...auth.Plugin) *bench {
	b.Helper()
	bn := &bench{e: authtest.SQLiteEngine(b), login: authtest.NewLogin()}
	bn.noop = &auth.Op[auth.Empty, auth.Empty]{Name: "noop.ping", Method: http.MethodGet, Path: "/noop",
		Handler: func(context.Context, *auth.Call, auth.Empty) (auth.Empty, error) { return auth.Empty{}, nil }}
	a, err := auth.New(auth.WithDB(bn.e.DB, bn.e.Dialect), auth.WithBaseURL(authtest.BaseURL),
		auth.WithPlugins(append([]auth.Plugin{bn.login, noopPlugin{bn.noop}}, plugins...)...), auth.WithoutRateLimits())
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	if err := a.Migrate(ctx); err != nil {
		b.Fatal(err)
	}
	if bn.in, err = bn.login.SignIn(ctx, "bench"); err != nil {
		b.Fatal(err)
	}
	bn.a = a
	return bn
}

func BenchmarkMiddleware(b *testing.B) { benchmarkMiddleware(b, newBench(b)) }

func BenchmarkMiddlewareChecked(b *testing.B) { benchmarkMiddleware(b, newBench(b, admitAll{})) }

// admitAll is a session check that lets every session through.
type admitAll struct{}

func (admitAll) Name() string                                   { return "admitall" }
func (admitAll) CheckSession(context.Context, *auth.Call) error { return nil }

func benchmarkMiddleware(b *testing.B, bn *bench) {
	h := authhttp.Middleware(bn.a)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, ok := authhttp.UserFrom(r); !ok {
			b.Fatal("no user")
		}
	}))
	req := httptest.NewRequest(http.MethodGet, "/", nil)
	req.Header.Set("Authorization", "Bearer "+bn.in.Token.Reveal())
	w := httptest.NewRecorder()
	b.ReportAllocs()
	for b.Loop() {
		h.ServeHTTP(w, req)
	}
}

func BenchmarkSelectByKey(b *testing.B) {
	bn := newBench(b)
	query := "SELECT id, name FROM " + bn.a.TableName(auth.Users) + " WHERE id = ?"
	var id, name string
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if err := bn.e.DB.QueryRowContext(ctx, query, bn.in.User.ID).Scan(&id, &name); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPipelineNoop(b *testing.B) {
	bn := newBench(b)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := bn.noop.Run(ctx, auth.Empty{}); err != nil {
			b.Fatal(err)
		}
	}
}

// noopPlugin serves one operation that does nothing: no session, no rate
// limit, no database.
type noopPlugin struct {
	op *auth.Op[auth.Empty, auth.Empty]
}

func (noopPlugin) Name() string                   { return "noop" }
func (p noopPlugin) Operations() []auth.Operation { return []auth.Operation{p.op} }

// BenchmarkMiddlewareRatio alternates a middleware request and the bare
// SELECT by key in one loop and reports their ratio, which the machine's
// other load then affects alike; the target is under 1.5.
func BenchmarkMiddlewareRatio(b *testing.B) {
	bn := newBench(b)
	h := authhttp.Middleware(bn.a)(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	req := httptest.NewRequest(http.MethodGet, "/", nil)
	req.Header.Set("Authorization", "Bearer "+bn.in.Token.Reveal())
	w := httptest.NewRecorder()
	query := "SELECT id, name FROM " + bn.a.TableName(auth.Users) + " WHERE id = ?"
	var id, name string
	ctx := context.Background()
	var mw, sel time.Duration
	for b.Loop() {
		t0 := time.Now()
		h.ServeHTTP(w, req)
		t1 := time.Now()
		if err := bn.e.DB.QueryRowContext(ctx, query, bn.in.User.ID).Scan(&id, &name); err != nil {
			b.Fatal(err)
		}
		mw, sel = mw+t1.Sub(t0), sel+time.Since(t1)
	}
	b.ReportMetric(float64(mw)/float64(sel), "x-select")
}
