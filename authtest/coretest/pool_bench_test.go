package coretest

import (
	"context"
	"database/sql"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
)

// poolOpen is the open-connection limit of BenchmarkPoolIdle's pools,
// and its number of concurrent clients: a server whose concurrency
// matches its pool, where connections come and go with the load.
const poolOpen = 8

// poolRound is how many requests each client makes per round.
const poolRound = 25

// pooled is an instance on a pool of its own.
type pooled struct {
	db   *sql.DB
	h    http.Handler
	took time.Duration
	reqs int
	// closed counts connections the pool closed because more than its
	// idle limit were idle: each is a connection opened again later.
	closed int64
}

func newPooled(b *testing.B, e *authtest.Engine, idle int) *pooled {
	b.Helper()
	db := e.Open(b)
	db.SetMaxOpenConns(poolOpen)
	db.SetMaxIdleConns(idle)
	db.SetConnMaxLifetime(time.Hour)
	a, err := auth.New(auth.WithDB(db, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
		auth.WithPlugins(authtest.NewLogin()), auth.WithoutRateLimits())
	if err != nil {
		b.Fatal(err)
	}
	h := authhttp.Middleware(a)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, ok := authhttp.UserFrom(r); !ok {
			w.WriteHeader(http.StatusUnauthorized)
		}
	}))
	return &pooled{db: db, h: h}
}

// reset forgets what was measured.
func (p *pooled) reset() { p.took, p.reqs, p.closed = 0, 0, 0 }

// round makes poolRound middleware requests from each of poolOpen
// goroutines and adds the time it took.
func (p *pooled) round(b *testing.B, token string) {
	before := p.db.Stats().MaxIdleClosed
	var wg sync.WaitGroup
	start := time.Now()
	for range poolOpen {
		wg.Go(func() {
			req := httptest.NewRequest(http.MethodGet, "/", nil)
			req.Header.Set("Authorization", "Bearer "+token)
			for range poolRound {
				w := httptest.NewRecorder()
				p.h.ServeHTTP(w, req)
				if w.Code != http.StatusOK {
					b.Errorf("middleware answered %d, want 200", w.Code)
					return
				}
			}
		})
	}
	wg.Wait()
	p.took += time.Since(start)
	p.reqs += poolOpen * poolRound
	p.closed += p.db.Stats().MaxIdleClosed - before
}

// BenchmarkPoolIdle compares, on each engine and in the same run, session
// lookups through authhttp.Middleware from poolOpen goroutines on a pool
// of poolOpen open connections that keeps database/sql's default of 2
// idle, and on one that keeps them all (SetMaxIdleConns equal to
// SetMaxOpenConns). Each loop runs a round on each pool, in alternating
// order, so that the machine's other load weighs on both alike. It
// reports each pool's time per request, the ratio (idle2/idleN), and how
// many connections per thousand requests each pool closed for want of
// idle room, each one opened again by a later request.
func BenchmarkPoolIdle(b *testing.B) {
	authtest.BenchEngines(b, func(b *testing.B, e *authtest.Engine) {
		login := authtest.NewLogin()
		a, err := auth.New(auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithPlugins(login))
		if err != nil {
			b.Fatal(err)
		}
		if err := a.Migrate(context.Background()); err != nil {
			b.Fatal(err)
		}
		in, err := login.SignIn(context.Background(), "bench")
		if err != nil {
			b.Fatal(err)
		}
		token := in.Token.Reveal()
		two, all := newPooled(b, e, 2), newPooled(b, e, poolOpen)
		// Warm both pools, and the engines' caches, before measuring.
		two.round(b, token)
		all.round(b, token)
		two.reset()
		all.reset()
		i := 0
		for b.Loop() {
			if i%2 == 0 {
				two.round(b, token)
				all.round(b, token)
			} else {
				all.round(b, token)
				two.round(b, token)
			}
			i++
		}
		perReq := func(p *pooled) float64 { return float64(p.took.Nanoseconds()) / float64(p.reqs) }
		b.ReportMetric(perReq(two), "ns/req-idle2")
		b.ReportMetric(perReq(all), "ns/req-idleN")
		b.ReportMetric(perReq(two)/perReq(all), "x-idle2")
		b.ReportMetric(float64(two.closed)*1000/float64(two.reqs), "closed/kreq-idle2")
		b.ReportMetric(float64(all.closed)*1000/float64(all.reqs), "closed/kreq-idleN")
	})
}
