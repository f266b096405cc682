package test

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/sesame-go/sesame/authtest"
)

// TestOneQueryPerRequest counts the statements a request costs: a key,
// like a session, costs one query (the key joined with its user) and no
// write, but the last-used write once per interval; a malformed key
// costs none.
func TestOneQueryPerRequest(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		f := newFixture(t, e, setup{db: pool})
		ada, adaID := f.signIn(t, "ada")
		k := create(t, ada, readKey)
		statements := func(what string, want int, send func()) {
			t.Helper()
			faults.Reset()
			send()
			if got := faults.Statements(); got != want {
				t.Errorf("%s ran %d statements, want %d", what, got, want)
			}
		}
		key := func() { f.wantWorks(t, "the key", k.Key, adaID) }
		statements("the key's first request", 2, key) // and its last-used write
		rows := keyRows(t, e.SQL(), true)
		for range 50 {
			f.clock.Advance(time.Minute - time.Second)
			statements("a later request within the interval", 1, key)
		}
		if after := keyRows(t, e.SQL(), true); after != rows {
			t.Errorf("requests within the interval wrote:\nbefore %s\nafter  %s", rows, after)
		}
		f.clock.Advance(time.Hour)
		statements("the first request of a new interval", 2, key)
		statements("the next", 1, key)
		statements("a session's request", 1, func() {
			if res := ada.Get("/api/read"); res.Status != http.StatusOK {
				t.Fatalf("GET /api/read with a session = %d %s", res.Status, res.Body)
			}
		})
		bad := []byte(k.Key)
		bad[10] ^= 1
		statements("a key of a wrong checksum", 0, func() { f.wantStopped(t, "a key of a wrong checksum", string(bad)) })
	})
}

// BenchmarkResolve serves the app's routes through authhttp.Middleware
// with a session token and with an API key, side by side in one run on
// each engine: /api/me behind authhttp.RequireUser (what resolving each
// costs) and /api/read behind RequireScope (plus reading the key's
// scopes), with allocations and statements per request (one query, no
// write, for both).
//
//	go test -run '^$' -bench Resolve -benchmem
func BenchmarkResolve(b *testing.B) {
	authtest.BenchEngines(b, func(b *testing.B, e *authtest.Engine) {
		pool, faults := e.Faulty(b)
		pool.SetMaxIdleConns(4)
		f := newFixture(b, e, setup{db: pool})
		ada, _ := f.signIn(b, "ada")
		k := create(b, ada, readKey)
		f.use(k.Key) // its last-used write, once per interval
		for _, path := range []string{"/api/me", "/api/read"} {
			for _, c := range []struct{ name, token string }{{"session", ada.Token}, {"key", k.Key}} {
				b.Run(path[5:]+"/"+c.name, func(b *testing.B) {
					req := httptest.NewRequest(http.MethodGet, "http://sesame.test"+path, nil)
					req.Header.Set("Authorization", "Bearer "+c.token)
					faults.Reset()
					b.ReportAllocs()
					for b.Loop() {
						w := httptest.NewRecorder()
						f.h.ServeHTTP(w, req)
						if w.Code != http.StatusOK {
							b.Fatalf("GET %s = %d %s", path, w.Code, w.Body)
						}
					}
					b.ReportMetric(float64(faults.Statements())/float64(b.N), "queries/op")
				})
			}
		}
	})
}

// BenchmarkResolveRatio alternates a request with the session and one
// with the key in one loop, through authhttp.Middleware to each route,
// and reports the key's time over the session's, which the machine's
// other load then affects alike: at most 1 is the target.
func BenchmarkResolveRatio(b *testing.B) {
	authtest.BenchEngines(b, func(b *testing.B, e *authtest.Engine) {
		e.DB.SetMaxIdleConns(4)
		f := newFixture(b, e, setup{})
		ada, _ := f.signIn(b, "ada")
		k := create(b, ada, readKey)
		f.use(k.Key)
		for _, path := range []string{"/api/me", "/api/read"} {
			b.Run(path[5:], func(b *testing.B) {
				request := func(token string) *http.Request {
					r := httptest.NewRequest(http.MethodGet, "http://sesame.test"+path, nil)
					r.Header.Set("Authorization", "Bearer "+token)
					return r
				}
				session, key := request(ada.Token), request(k.Key)
				serve := func(r *http.Request) time.Duration {
					w := httptest.NewRecorder()
					t0 := time.Now()
					f.h.ServeHTTP(w, r)
					d := time.Since(t0)
					if w.Code != http.StatusOK {
						b.Fatalf("GET %s = %d %s", path, w.Code, w.Body)
					}
					return d
				}
				var ts, tk time.Duration
				for i := 0; b.Loop(); i++ {
					if i%2 == 0 { // neither always goes first
						ts += serve(session)
						tk += serve(key)
					} else {
						tk += serve(key)
						ts += serve(session)
					}
				}
				b.ReportMetric(float64(tk)/float64(ts), "key/session")
				b.ReportMetric(float64(ts.Nanoseconds())/float64(b.N), "session-ns")
				b.ReportMetric(float64(tk.Nanoseconds())/float64(b.N), "key-ns")
			})
		}
	})
}
