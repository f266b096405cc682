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
//     bearer token, its session in the database (one join) or in Redis
//     (an HMGET, then the user by primary key);
//   - BenchmarkSignInRateLimits: a password sign-in over HTTP, whose two
//     rate rules (per IP, per account) count in the database (a write
//     transaction each), in Redis (a script each), or not at all; the
//     cost of the limits is the difference. Hashing uses the tests' cheap
//     argon2id parameters, so that it does not drown the difference.

// BenchmarkMiddleware reports ns per request for each store and their
// ratio (redis/db).
func BenchmarkMiddleware(b *testing.B) {
	sp := newSpace(b)
	e := authtest.SQLiteEngine(b)
	mail := &authtest.Mailbox{}
	inDB := newSite(b, e, mail, nil, nil)
	inRedis := newSite(b, &authtest.Engine{Name: e.Name, Dialect: e.Dialect, DB: e.Open(b)}, mail, nil, sp.sessions())
	inDB.signUp(b, "ada@example.com", "ada's password")
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, ok := authhttp.UserFrom(r); !ok {
			b.Fatal("no user")
		}
	})
	request := func(s *site) (http.Handler, *http.Request) {
		in, err := s.pw.SignIn(context.Background(), password.SignInRequest{Email: "ada@example.com", Password: auth.NewSecret("ada's password")})
		if err != nil {
			b.Fatal(err)
		}
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		req.Header.Set("Authorization", "Bearer "+in.Token.Reveal())
		return authhttp.Middleware(s.a)(ok), req
	}
	hDB, reqDB := request(inDB)
	hRedis, reqRedis := request(inRedis)
	w := httptest.NewRecorder()
	var db, redis time.Duration
	b.ReportAllocs()
	for b.Loop() {
		t0 := time.Now()
		hDB.ServeHTTP(w, reqDB)
		t1 := time.Now()
		hRedis.ServeHTTP(w, reqRedis)
		db, redis = db+t1.Sub(t0), redis+time.Since(t1)
	}
	b.ReportMetric(float64(db.Nanoseconds())/float64(b.N), "db-ns/req")
	b.ReportMetric(float64(redis.Nanoseconds())/float64(b.N), "redis-ns/req")
	b.ReportMetric(float64(redis)/float64(db), "redis/db")
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
