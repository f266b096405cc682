package server

import (
	"context"
	"database/sql"
	"encoding/json"
	"net"
	"net/http"
	"strings"
	"testing"
)

// TestServers starts each Go server on an ephemeral port, on a fresh
// PostgreSQL database with one seeded person, and checks one request of
// each kind the benchmark sends: a sign-in, GET /auth/session and the
// application's route with the session it made, and both without one.
func TestServers(t *testing.T) {
	u := Users(1)[0]
	for _, tt := range []struct {
		name  string
		start func(tb testing.TB, db *sql.DB, base string) (http.Handler, func(User) error)
	}{
		{"floor", startFloor},
		{"sesame", startSesame},
	} {
		t.Run(tt.name, func(t *testing.T) {
			db := openConfig(postgres(t), 4)
			t.Cleanup(func() { db.Close() })
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			base := "http://" + ln.Addr().String()
			h, create := tt.start(t, db, base)
			if err := create(u); err != nil {
				t.Fatal(err)
			}
			srv := &http.Server{Handler: h}
			go srv.Serve(ln)
			t.Cleanup(func() { srv.Close() })

			body := `{"email":"` + u.Email + `","password":"` + u.Password.Reveal() + `"}`
			if got := send(t, http.MethodPost, base+"/auth/password/sign-in", body, "", base); got.status != http.StatusOK || got.cookie == "" {
				t.Fatalf("sign-in = %d, cookie %q, want 200 and a cookie", got.status, got.cookie)
			}
			cookie := send(t, http.MethodPost, base+"/auth/password/sign-in", body, "", base).cookie
			wrong := `{"email":"` + u.Email + `","password":"not the password"}`
			if got := send(t, http.MethodPost, base+"/auth/password/sign-in", wrong, "", base); got.status != http.StatusUnauthorized {
				t.Errorf("sign-in with a wrong password = %d, want 401", got.status)
			}
			for _, path := range []string{"/auth/session", "/api/me"} {
				got := send(t, http.MethodGet, base+path, "", cookie, "")
				if got.status != http.StatusOK || !strings.Contains(got.body, u.Email) {
					t.Errorf("GET %s = %d %s, want 200 with %s", path, got.status, got.body, u.Email)
				}
				if got := send(t, http.MethodGet, base+path, "", "", ""); got.status != http.StatusUnauthorized {
					t.Errorf("GET %s without a session = %d, want 401", path, got.status)
				}
			}
		})
	}
}

// startFloor makes the floor's tables on db and returns its handler and
// its way to create a person.
func startFloor(tb testing.TB, db *sql.DB, _ string) (http.Handler, func(User) error) {
	tb.Helper()
	f := NewFloor(db)
	if err := f.Migrate(context.Background()); err != nil {
		tb.Fatal(err)
	}
	return f.Handler(), func(u User) error { return f.CreateUser(context.Background(), u) }
}

// startSesame makes Sesame's tables on db and returns its handler and
// its way to create a person.
func startSesame(tb testing.TB, db *sql.DB, base string) (http.Handler, func(User) error) {
	tb.Helper()
	s, err := NewSesame(context.Background(), db, base)
	if err != nil {
		tb.Fatal(err)
	}
	return s.Handler(), func(u User) error { return s.CreateUser(context.Background(), u) }
}

// answer is what send got back.
type answer struct {
	status int
	body   string
	cookie string // the Set-Cookie pairs, as a Cookie header
}

// send makes one request with an optional JSON body, Cookie and Origin.
func send(t *testing.T, method, url, body, cookie, origin string) answer {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	if origin != "" {
		req.Header.Set("Origin", origin)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var raw json.RawMessage
	json.NewDecoder(res.Body).Decode(&raw)
	var pairs []string
	for _, c := range res.Cookies() {
		pairs = append(pairs, c.Name+"="+c.Value)
	}
	return answer{status: res.StatusCode, body: string(raw), cookie: strings.Join(pairs, "; ")}
}
