package test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/password"
)

// The benchmarks compare the Redis stores with the database's, on SQLite
// (a file, as the core's benchmarks use), timing both in one loop so that
// the machine's other load weighs on them alike:
//   - BenchmarkMiddleware: a request through authhttp.Middleware with a
//     bearer token, its session in the database (one join), in Redis (an
//     HMGET, then the user by primary key), or cached in front of the
//     database in the process or in Redis (no query: a map read, a GET),
//     or stateless (the token opened, then the user by primary key; with
//     a revocation list in the database or in Redis, one lookup more; and
//     within the refresh-without-read window, nothing but the token);
//   - BenchmarkSignInRateLimits: a password sign-in over HTTP, whose two
//     rate rules (per IP, per account) count in the database (a write
//     transaction each), in Redis (a script each), or not at all; the
//     cost of the limits is the difference. Hashing uses the tests' cheap
//     argon2id parameters, so that it does not drown the difference.

// BenchmarkMiddleware reports ns per request for each way of keeping
// sessions, and each one's ratio to the database store's.
func BenchmarkMiddleware(b *testing.B) {
	sp := newSpace(b)
	e := authtest.SQLiteEngine(b)
	mail := &authtest.Mailbox{}
	pool := func() *authtest.Engine { return &authtest.Engine{Name: e.Name, Dialect: e.Dialect, DB: e.Open(b)} }
	sites := []struct {
		name string
		s    *site
	}{
		{"db", newSite(b, e, mail, nil, nil)},
		{"redis", newSite(b, pool(), mail, nil, sp.sessions())},
		{"memcache", newSite(b, pool(), mail, nil, nil, auth.WithSessionCache(auth.NewMemorySessionCache(), time.Minute))},
		{"rediscache", newSite(b, pool(), mail, nil, nil, auth.WithSessionCache(sp.cache(), time.Minute))},
		{"stateless", newSite(b, pool(), mail, nil, nil, auth.WithoutRateLimits(), auth.WithStatelessSessions(sealer(b)))},
		{"stateless-dbrevoke", newSite(b, pool(), mail, nil, nil, auth.WithoutRateLimits(), auth.WithStatelessSessions(sealer(b)),
			auth.WithSessionRevocations(auth.DatabaseSessionRevocations()))},
		{"stateless-redisrevoke", newSite(b, pool(), mail, nil, nil, auth.WithoutRateLimits(), auth.WithStatelessSessions(sealer(b)),
			auth.WithSessionRevocations(sp.revocations()))},
		{"stateless-noread", newSite(b, pool(), mail, nil, nil, auth.WithoutRateLimits(), auth.WithStatelessSessions(sealer(b)),
			auth.WithStatelessRefreshWithoutRead(auth.MaxStatelessRefreshWithoutRead))},
	}
	sites[0].s.signUp(b, "ada@example.com", "ada's password")
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, ok := authhttp.UserFrom(r); !ok {
			b.Fatal("no user")
		}
	})
	handlers := make([]http.Handler, len(sites))
	reqs := make([]*http.Request, len(sites))
	for i, x := range sites {
		in, err := x.s.pw.SignIn(context.Background(), password.SignInRequest{Email: "ada@example.com", Password: auth.NewSecret("ada's password")})
		if err != nil {
			b.Fatal(err)
		}
		reqs[i] = httptest.NewRequest(http.MethodGet, "/", nil)
		reqs[i].Header.Set("Authorization", "Bearer "+in.Token.Reveal())
		handlers[i] = authhttp.Middleware(x.s.a)(ok)
	}
	w := httptest.NewRecorder()
	spent := make([]time.Duration, len(sites))
	b.ReportAllocs()
	for b.Loop() {
		for i, h := range handlers {
			t0 := time.Now()
			h.ServeHTTP(w, reqs[i])
			spent[i] += time.Since(t0)
		}
	}
	for i, x := range sites {
		b.ReportMetric(float64(spent[i].Nanoseconds())/float64(b.N), x.name+"-ns/req")
		if i > 0 {
			b.ReportMetric(float64(spent[i])/float64(spent[0]), x.name+"/db")
		}
	}
}

// BenchmarkSignInRateLimits reports ns per sign-in with rate limits in
// the database, in Redis and off, and the limits' cost in each store.
func BenchmarkSignInRateLimits(b *testing.B) {
	sp := newSpace(b)
	e := authtest.SQLiteEngine(b)
	mail := &authtest.Mailbox{}
	// Rules that count every call and refuse none.
	roomy := auth.WithRateLimit("password.signIn", auth.RateRules{
		IP:      auth.RateRule{Limit: 1 << 30, Window: time.Minute, Sliding: true},
		Account: auth.RateRule{Limit: 1 << 30, Window: time.Minute, Sliding: true}})
	pool := func() *authtest.Engine { return &authtest.Engine{Name: e.Name, Dialect: e.Dialect, DB: e.Open(b)} }
	off := newSite(b, e, mail, nil, nil, auth.WithoutRateLimits())
	inDB := newSite(b, pool(), mail, nil, nil, roomy)
	inRedis := newSite(b, pool(), mail, nil, nil, roomy, auth.WithRateLimitStore(sp.rates()))
	off.signUp(b, "ada@example.com", "ada's password")
	const body = `{"email":"ada@example.com","password":"ada's password"}`
	signIn := func(s *site) time.Duration {
		req := httptest.NewRequest(http.MethodPost, "http://sesame.test/auth/password/sign-in", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", "http://sesame.test")
		req.RemoteAddr = "192.0.2.1:1234"
		w := httptest.NewRecorder()
		t0 := time.Now()
		s.h.ServeHTTP(w, req)
		d := time.Since(t0)
		if w.Code != http.StatusOK {
			b.Fatalf("sign-in = %d %s", w.Code, w.Body)
		}
		return d
	}
	// The three take turns at going first, so that none pays more often
	// for what the one before left behind (a WAL checkpoint, garbage).
	sites := []*site{off, inDB, inRedis}
	var spent [3]time.Duration
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		for j := range sites {
			k := (i + j) % len(sites)
			spent[k] += signIn(sites[k])
		}
		i++
	}
	none, db, redis := spent[0], spent[1], spent[2]
	n := float64(b.N)
	b.ReportMetric(float64(none.Nanoseconds())/n, "off-ns/sign-in")
	b.ReportMetric(float64(db.Nanoseconds())/n, "db-ns/sign-in")
	b.ReportMetric(float64(redis.Nanoseconds())/n, "redis-ns/sign-in")
	b.ReportMetric(float64((db-none).Nanoseconds())/n, "db-limits-ns")
	b.ReportMetric(float64((redis-none).Nanoseconds())/n, "redis-limits-ns")
}
