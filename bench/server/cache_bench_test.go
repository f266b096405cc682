package server

import (
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	redisstore "github.com/sesame-go/sesame/kvstore/redis"
)

// cachedStrategies are the Sesame strategies whose requests a cache
// answers with no query, measured against the floor's cached path.
var cachedStrategies = []string{"memory", "snapshot", "compact", "redis", "redis-store"}

// primed returns a request to path with cookie whose session the server
// has cached: it asks once and keeps the cookies the answer set (the
// floor's cache cookie, the snapshot, the compact cookie).
func primed(b *testing.B, h http.Handler, path string, cookie *http.Cookie) *http.Request {
	b.Helper()
	r := httptest.NewRequest(http.MethodGet, benchBase+path, nil)
	r.AddCookie(cookie)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != http.StatusOK {
		b.Fatalf("GET %s = %d %s", path, w.Code, w.Body)
	}
	r = httptest.NewRequest(http.MethodGet, benchBase+path, nil)
	r.AddCookie(cookie)
	for _, c := range w.Result().Cookies() {
		if c.Name != cookie.Name {
			r.AddCookie(c)
		}
	}
	return r
}

// BenchmarkCachedRatio alternates, for each cache, a request the floor's
// cached path answers (an HMAC-checked cookie, no query) and GET
// /auth/session on Sesame with the cache, answered from it, and reports
// Sesame's CPU per request over the floor's as BenchmarkRequestsRatio
// does, and each server's allocations per request. The Redis strategies
// use RedisURL() and wait redisstore.ClockMargin after the sign-in, which
// dropped the user's entries.
func BenchmarkCachedRatio(b *testing.B) {
	floor, floorCookie := signedIn(b, startFloor)
	floorReq := primed(b, floor, "/auth/cached-session", floorCookie)
	for _, st := range cachedStrategies {
		b.Run(st, func(b *testing.B) {
			sesame, sesameCookie := signedIn(b, startSesame(st))
			if strings.HasPrefix(st, "redis") {
				time.Sleep(redisstore.ClockMargin + 100*time.Millisecond)
			}
			sesameReq := primed(b, sesame, "/auth/session", sesameCookie)
			serveOne := func(h http.Handler, r *http.Request) {
				w := httptest.NewRecorder()
				h.ServeHTTP(w, r)
				if w.Code != http.StatusOK || w.Header().Get("Set-Cookie") != "" {
					b.Fatalf("GET %s = %d, Set-Cookie %q: not from the cache", r.URL.Path, w.Code, w.Header().Get("Set-Cookie"))
				}
			}
			floorAllocs := testing.AllocsPerRun(200, func() { serveOne(floor, floorReq) })
			sesameAllocs := testing.AllocsPerRun(200, func() { serveOne(sesame, sesameReq) })
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var floorCost, sesameCost cost
			serve := func(h http.Handler, r *http.Request, total *cost) {
				before := now()
				serveOne(h, r)
				total.add(now().sub(before))
			}
			for b.Loop() {
				serve(floor, floorReq, &floorCost)
				serve(sesame, sesameReq, &sesameCost)
			}
			b.ReportMetric(float64(sesameCost.thread)/float64(floorCost.thread), "x-floor-cpu")
			b.ReportMetric(float64(sesameCost.wall)/float64(floorCost.wall), "x-floor-wall")
			b.ReportMetric(floorAllocs, "floor-allocs/op")
			b.ReportMetric(sesameAllocs, "sesame-allocs/op")
		})
	}
}
