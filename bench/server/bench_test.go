package server

import (
	"context"
	"database/sql"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// servers are the Go servers the benchmarks compare, by name.
var servers = []struct {
	name  string
	start func(tb testing.TB, db *sql.DB, base string) (http.Handler, func(User) error)
}{
	{"floor", startFloor},
	{"sesame", startSesame("database")},
}

// benchBase is the base URL the benchmarks' requests name.
const benchBase = "http://127.0.0.1:8080"

// signedIn starts a server on a fresh PostgreSQL database with one
// person, signs them in and returns the handler and the session cookie.
func signedIn(b *testing.B, start func(tb testing.TB, db *sql.DB, base string) (http.Handler, func(User) error)) (http.Handler, *http.Cookie) {
	b.Helper()
	u := Users(1)[0]
	db := openConfig(postgres(b), 4)
	b.Cleanup(func() { db.Close() })
	h, create := start(b, db, benchBase)
	if err := create(u); err != nil {
		b.Fatal(err)
	}
	r := httptest.NewRequest(http.MethodPost, benchBase+"/auth/password/sign-in",
		strings.NewReader(`{"email":"`+u.Email+`","password":"`+u.Password.Reveal()+`"}`))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Origin", benchBase)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r.WithContext(context.Background()))
	cookies := w.Result().Cookies()
	if w.Code != http.StatusOK || len(cookies) == 0 {
		b.Fatalf("sign-in = %d %s, want 200 and a cookie", w.Code, w.Body)
	}
	return h, cookies[0]
}

// benchRoutes are the two session requests, by benchmark name.
var benchRoutes = []struct{ name, path string }{{"session", "/auth/session"}, {"app", "/api/me"}}

// BenchmarkRequests serves GET /auth/session and the application's route
// with a signed-in session through each Go server's handler, in process
// (no network between client and server; PostgreSQL as configured): what
// one request costs each server, allocations included. With -cpuprofile
// it profiles Sesame's hot path without wrk:
//
//	go test -run '^$' -bench 'Requests/sesame/app' -benchmem -cpuprofile cpu.out
func BenchmarkRequests(b *testing.B) {
	for _, srv := range servers {
		b.Run(srv.name, func(b *testing.B) {
			h, cookie := signedIn(b, srv.start)
			for _, route := range benchRoutes {
				b.Run(route.name, func(b *testing.B) {
					req := httptest.NewRequest(http.MethodGet, benchBase+route.path, nil)
					req.AddCookie(cookie)
					b.ReportAllocs()
					for b.Loop() {
						w := httptest.NewRecorder()
						h.ServeHTTP(w, req)
						if w.Code != http.StatusOK {
							b.Fatalf("GET %s = %d %s", route.path, w.Code, w.Body)
						}
					}
				})
			}
		})
	}
}

// BenchmarkRequestsRatio alternates, in one loop, a request to the floor
// and the same request to Sesame, and reports Sesame's cost per request
// over the floor's, so that the machine's other load weighs on both
// alike: x-floor-cpu, the CPU time of the thread serving them (the loop
// is locked to its thread, and database/sql with pgx reads the answer on
// the calling goroutine; PostgreSQL's work and the collector's background
// marking are not in it), x-floor-proc, the whole process's CPU time in
// each half of the loop (the collector's included), and x-floor-wall,
// the time to the answer (PostgreSQL's included).
func BenchmarkRequestsRatio(b *testing.B) {
	floor, floorCookie := signedIn(b, startFloor)
	sesame, sesameCookie := signedIn(b, startSesame("database"))
	for _, route := range benchRoutes {
		b.Run(route.name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			floorReq := httptest.NewRequest(http.MethodGet, benchBase+route.path, nil)
			floorReq.AddCookie(floorCookie)
			sesameReq := httptest.NewRequest(http.MethodGet, benchBase+route.path, nil)
			sesameReq.AddCookie(sesameCookie)
			var floorCost, sesameCost cost
			serve := func(h http.Handler, r *http.Request, total *cost) {
				before := now()
				w := httptest.NewRecorder()
				h.ServeHTTP(w, r)
				total.add(now().sub(before))
				if w.Code != http.StatusOK {
					b.Fatalf("GET %s = %d %s", route.path, w.Code, w.Body)
				}
			}
			for b.Loop() {
				serve(floor, floorReq, &floorCost)
				serve(sesame, sesameReq, &sesameCost)
			}
			b.ReportMetric(float64(sesameCost.thread)/float64(floorCost.thread), "x-floor-cpu")
			b.ReportMetric(float64(sesameCost.proc)/float64(floorCost.proc), "x-floor-proc")
			b.ReportMetric(float64(sesameCost.wall)/float64(floorCost.wall), "x-floor-wall")
			b.ReportMetric(float64(sesameCost.thread)/float64(b.N), "sesame-cpu-ns/op")
			b.ReportMetric(float64(floorCost.thread)/float64(b.N), "floor-cpu-ns/op")
		})
	}
}

// cost is time spent: on the calling thread's CPU, the process's CPU and
// the wall clock.
type cost struct{ thread, proc, wall time.Duration }

func (c *cost) add(d cost) {
	c.thread, c.proc, c.wall = c.thread+d.thread, c.proc+d.proc, c.wall+d.wall
}

func (c cost) sub(o cost) cost { return cost{c.thread - o.thread, c.proc - o.proc, c.wall - o.wall} }

// rusageThread is Linux's RUSAGE_THREAD, which package syscall does not
// name.
const rusageThread = 1

// now reads the clocks.
func now() cost {
	var th, pr syscall.Rusage
	syscall.Getrusage(rusageThread, &th)
	syscall.Getrusage(syscall.RUSAGE_SELF, &pr)
	cpu := func(r syscall.Rusage) time.Duration {
		return time.Duration(r.Utime.Nano() + r.Stime.Nano())
	}
	return cost{cpu(th), cpu(pr), time.Duration(time.Now().UnixNano())}
}
