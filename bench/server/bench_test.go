package server

import (
	"context"
	"database/sql"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// BenchmarkRequests serves GET /auth/session and the application's route
// with a signed-in session through each Go server's handler, in process
// (no network between client and server; PostgreSQL as configured): what
// one request costs each server, allocations included. With -cpuprofile
// it profiles Sesame's hot path without wrk:
//
//	go test -run '^$' -bench 'Requests/sesame/app' -benchmem -cpuprofile cpu.out
func BenchmarkRequests(b *testing.B) {
	u := Users(1)[0]
	for _, srv := range []struct {
		name  string
		start func(tb testing.TB, db *sql.DB, base string) (http.Handler, func(User) error)
	}{
		{"floor", startFloor},
		{"sesame", startSesame},
	} {
		b.Run(srv.name, func(b *testing.B) {
			db := openConfig(postgres(b), 4)
			b.Cleanup(func() { db.Close() })
			const base = "http://127.0.0.1:8080"
			h, create := srv.start(b, db, base)
			if err := create(u); err != nil {
				b.Fatal(err)
			}
			r := httptest.NewRequest(http.MethodPost, base+"/auth/password/sign-in",
				strings.NewReader(`{"email":"`+u.Email+`","password":"`+u.Password.Reveal()+`"}`))
			r.Header.Set("Content-Type", "application/json")
			r.Header.Set("Origin", base)
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r.WithContext(context.Background()))
			cookies := w.Result().Cookies()
			if w.Code != http.StatusOK || len(cookies) == 0 {
				b.Fatalf("sign-in = %d %s, want 200 and a cookie", w.Code, w.Body)
			}
			for _, path := range []string{"/auth/session", "/api/me"} {
				name := map[string]string{"/auth/session": "session", "/api/me": "app"}[path]
				b.Run(name, func(b *testing.B) {
					req := httptest.NewRequest(http.MethodGet, base+path, nil)
					req.AddCookie(cookies[0])
					b.ReportAllocs()
					for b.Loop() {
						w := httptest.NewRecorder()
						h.ServeHTTP(w, req)
						if w.Code != http.StatusOK {
							b.Fatalf("GET %s = %d %s", path, w.Code, w.Body)
						}
					}
				})
			}
		})
	}
}
