package server

import (
	"context"
	"database/sql"
	"encoding/json"
	"net"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// TestServers starts each Go server on an ephemeral port, on a fresh
// PostgreSQL database with one seeded person, and checks one request of
// each kind the benchmark sends: a sign-in, GET /auth/session and the
// application's route with the session it made, and both without one.
// Each of Sesame's session strategies runs; for the caches, and for the
// floor's cached path, the requests are then made again with the cookies
// the first answers set and the database closed: a cached session reads
// nothing from it.
func TestServers(t *testing.T) {
	u := Users(1)[0]
	type variant struct {
		name    string
		start   func(tb testing.TB, db *sql.DB, base string) (http.Handler, func(User) error)
		cached  []string // the paths that answer with the database closed
		session string   // the session cookie's name
	}
	variants := []variant{{"floor", startFloor, []string{"/auth/cached-session"}, floorCookie}}
	for _, st := range Strategies {
		v := variant{name: "sesame-" + st, start: startSesame(st), session: "sesame_session"}
		// The Redis cache keeps nothing for ClockMargin (5 s) after a drop,
		// which the sign-ins just made; kvstore/redis/test proves its hits.
		// A stateless token reads its user, unless within the window.
		if !slices.Contains([]string{"database", "redis-store", "redis", "stateless"}, st) {
			v.cached = []string{"/auth/session", "/api/me"}
		}
		variants = append(variants, v)
	}
	for _, tt := range variants {
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
			other := send(t, http.MethodPost, base+"/auth/password/sign-in", body, "", base).cookie
			wrong := `{"email":"` + u.Email + `","password":"not the password"}`
			if got := send(t, http.MethodPost, base+"/auth/password/sign-in", wrong, "", base); got.status != http.StatusUnauthorized {
				t.Errorf("sign-in with a wrong password = %d, want 401", got.status)
			}
			for _, path := range []string{"/auth/session", "/api/me"} {
				got := send(t, http.MethodGet, base+path, "", only(cookie, tt.session), "")
				if got.status != http.StatusOK || !strings.Contains(got.body, u.Email) {
					t.Errorf("GET %s = %d %s, want 200 with %s", path, got.status, got.body, u.Email)
				}
				cookie = merge(cookie, got.cookie)
				other = merge(other, send(t, http.MethodGet, base+path, "", only(other, tt.session), "").cookie)
				if got := send(t, http.MethodGet, base+path, "", "", ""); got.status != http.StatusUnauthorized {
					t.Errorf("GET %s without a session = %d, want 401", path, got.status)
				}
			}
			if len(tt.cached) == 0 {
				return
			}
			// The first GET of the cache's path puts the session in it.
			for _, path := range tt.cached {
				cookie = merge(cookie, send(t, http.MethodGet, base+path, "", only(cookie, tt.session), "").cookie)
				other = merge(other, send(t, http.MethodGet, base+path, "", only(other, tt.session), "").cookie)
			}
			// The memory cache keeps its entries in the process, and a
			// stateless token within its window is its own cache.
			if without(cookie, tt.session) == "" && tt.name != "sesame-memory" && tt.name != "sesame-stateless-noread" {
				t.Fatalf("no cache cookie was set: %q", cookie)
			}
			db.Close()
			for _, path := range tt.cached {
				got := send(t, http.MethodGet, base+path, "", cookie, "")
				if got.status != http.StatusOK || !strings.Contains(got.body, u.Email) {
					t.Errorf("GET %s from the cache, the database closed = %d %s, want 200 with %s", path, got.status, got.body, u.Email)
				}
				// Another session's cache cookie under this token is no hit:
				// the request goes to the closed database.
				if rest := without(other, tt.session); rest != "" {
					if got := send(t, http.MethodGet, base+path, "", only(cookie, tt.session)+"; "+rest, ""); got.status == http.StatusOK {
						t.Errorf("GET %s with another session's cache cookie = 200 %s, want a miss", path, got.body)
					}
				}
			}
		})
	}
}

// only keeps the pair of the cookie name of a Cookie header.
func only(header, name string) string {
	for _, p := range strings.Split(header, "; ") {
		if strings.HasPrefix(p, name+"=") {
			return p
		}
	}
	return ""
}

// without drops the pair of the cookie name from a Cookie header.
func without(header, name string) string {
	var out []string
	for _, p := range strings.Split(header, "; ") {
		if p != "" && !strings.HasPrefix(p, name+"=") {
			out = append(out, p)
		}
	}
	return strings.Join(out, "; ")
}

// merge sets the pairs of set over those of header, as a browser keeps
// what an answer set.
func merge(header, set string) string {
	if set == "" {
		return header
	}
	var out []string
	names := map[string]bool{}
	for _, p := range strings.Split(set, "; ") {
		name, _, _ := strings.Cut(p, "=")
		names[name] = true
		out = append(out, p)
	}
	for _, p := range strings.Split(header, "; ") {
		if name, _, _ := strings.Cut(p, "="); !names[name] {
			out = append(out, p)
		}
	}
	return strings.Join(out, "; ")
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

// startSesame returns the start of the Sesame server with a session
// strategy: it makes Sesame's tables on db and returns its handler and
// its way to create a person.
func startSesame(strategy string) func(tb testing.TB, db *sql.DB, base string) (http.Handler, func(User) error) {
	return func(tb testing.TB, db *sql.DB, base string) (http.Handler, func(User) error) {
		tb.Helper()
		name := "test-" + strategy
		opts, closeRedis, err := Strategy(context.Background(), strategy, name, RedisURL())
		if err != nil {
			tb.Fatal(err)
		}
		tb.Cleanup(func() {
			closeRedis()
			if strings.HasPrefix(strategy, "redis") { // leave nothing behind
				rdb, err := OpenRedis(context.Background(), RedisURL())
				if err != nil {
					tb.Error(err)
					return
				}
				defer rdb.Close()
				if err := FlushRedis(context.Background(), rdb, RedisPrefix+name+":"); err != nil {
					tb.Error(err)
				}
			}
		})
		s, err := NewSesame(context.Background(), db, base, opts...)
		if err != nil {
			tb.Fatal(err)
		}
		return s.Handler(), func(u User) error { return s.CreateUser(context.Background(), u) }
	}
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
