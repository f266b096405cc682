package coretest

import (
	"crypto/rand"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
)

// browserJar is a browser's cookies, sent and kept by hand so that a test
// can copy, alter and replay them.
type browserJar map[string]string

// do serves a request with the jar's cookies through h, keeps the cookies
// the answer sets, and returns the answer.
func (j browserJar) do(h http.Handler, method, path, body string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, "http://sesame.test"+path, strings.NewReader(body))
	if body != "" {
		r.Header.Set("Content-Type", "application/json")
	}
	r.Header.Set("Origin", "http://sesame.test")
	for k, v := range j {
		r.AddCookie(&http.Cookie{Name: k, Value: v})
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	for _, c := range w.Result().Cookies() {
		if c.MaxAge < 0 {
			delete(j, c.Name)
		} else {
			j[c.Name] = c.Value
		}
	}
	return w
}

func (j browserJar) clone() browserJar {
	c := browserJar{}
	for k, v := range j {
		c[k] = v
	}
	return c
}

func newSealer(t *testing.T) []byte {
	k := make([]byte, 32)
	rand.Read(k)
	return k
}

// TestSnapshotCache: a browser carries its session's snapshot; a request
// with a current snapshot runs no statement and answers what the database
// gave; a snapshot altered, made for another session, sealed with a
// dropped key or past its time is a miss, never another person; the
// browser that makes a change drops its snapshot; a change elsewhere
// shows once the snapshot's time is up (the documented lag); bearer
// clients carry none.
func TestSnapshotCache(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		clock := authtest.NewClock(start)
		key := newSealer(t)
		keys, err := auth.NewSealer(key)
		if err != nil {
			t.Fatal(err)
		}
		a, err := auth.New(auth.WithDB(pool, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithPlugins(authtest.NewLogin()),
			auth.WithClock(clock.Now), auth.WithoutRateLimits(), auth.WithSessionCache(authhttp.NewSnapshotCache(keys), time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		if err := a.Migrate(t.Context()); err != nil {
			t.Fatal(err)
		}
		h := handler(a)
		name := authhttp.SnapshotCookieName(a)
		signIn, get := browsing(t, h, clock)

		ada := signIn("ada")
		fromStore := get(ada)
		if fromStore.Code != http.StatusOK || ada[name] == "" {
			t.Fatalf("the first request = %d, snapshot %q; want 200 and a snapshot", fromStore.Code, ada[name])
		}
		faults.Reset()
		fromSnapshot := get(ada)
		if fromSnapshot.Code != http.StatusOK || faults.Statements() != 0 {
			t.Fatalf("a request with a snapshot = %d and %d statements, want 200 and none", fromSnapshot.Code, faults.Statements())
		}
		if fromSnapshot.Body.String() != fromStore.Body.String() {
			t.Errorf("the snapshot's answer differs from the database's:\n%s\nwant\n%s", fromSnapshot.Body, fromStore.Body)
		}
		if c := fromSnapshot.Result().Cookies(); len(c) != 0 {
			t.Errorf("a request served from its snapshot set cookies %v, want none", c)
		}

		// Another session's snapshot, an altered one, or one sealed with a
		// dropped key: a miss, answered from the store for the token's own
		// session.
		eve := signIn("eve")
		get(eve)
		swapped := eve.clone()
		swapped[name] = ada[name]
		var info struct{ User *auth.User }
		faults.Reset()
		w := get(swapped)
		if err := json.Unmarshal(w.Body.Bytes(), &info); err != nil || info.User.Name != "eve" || faults.Statements() == 0 {
			t.Fatalf("eve's token with ada's snapshot = %d %s (%d statements), want eve from the store", w.Code, w.Body, faults.Statements())
		}
		altered := ada.clone()
		altered[name] = ada[name][:len(ada[name])-2] + "AA"
		faults.Reset()
		if w := get(altered); w.Code != http.StatusOK || faults.Statements() == 0 {
			t.Fatalf("an altered snapshot = %d with %d statements, want a miss", w.Code, faults.Statements())
		}

		carriedLag(t, h, name, clock, signIn, get)

		// Rotation: a new key in front opens the old snapshots; dropping
		// the old key makes them misses.
		get(ada)
		rotated, _ := auth.NewSealer(newSealer(t), key)
		dropped, _ := auth.NewSealer(newSealer(t))
		for _, tt := range []struct {
			keys *auth.Sealer
			hit  bool
		}{{rotated, true}, {dropped, false}} {
			b, err := auth.New(auth.WithDB(pool, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithPlugins(authtest.NewLogin()),
				auth.WithClock(clock.Now), auth.WithoutRateLimits(), auth.WithSessionCache(authhttp.NewSnapshotCache(tt.keys), time.Minute))
			if err != nil {
				t.Fatal(err)
			}
			faults.Reset()
			clock.Advance(time.Millisecond)
			if w := ada.clone().do(handler(b), http.MethodGet, "/auth/session", ""); w.Code != http.StatusOK || (faults.Statements() == 0) != tt.hit {
				t.Errorf("after rotation (hit %v): %d with %d statements", tt.hit, w.Code, faults.Statements())
			}
		}

		bearerCarriesNone(t, h, name)
	})
}

// browsing returns a browser's two moves on h: signIn signs a new browser
// in as who; get asks for its session a millisecond later.
func browsing(t *testing.T, h http.Handler, clock *authtest.Clock) (signIn func(who string) browserJar,
	get func(browserJar) *httptest.ResponseRecorder) {
	signIn = func(who string) browserJar {
		j := browserJar{}
		if w := j.do(h, http.MethodPost, "/auth/authtest/sign-in", `{"name":"`+who+`"}`); w.Code != http.StatusOK {
			t.Fatalf("sign-in = %d %s", w.Code, w.Body)
		}
		return j
	}
	get = func(j browserJar) *httptest.ResponseRecorder {
		clock.Advance(time.Millisecond)
		return j.do(h, http.MethodGet, "/auth/session", "")
	}
	return signIn, get
}

// carriedLag is the journey of a cache the browser carries in the cookie
// name: the browser that signs out drops its cookie with its session; a
// copy of both cookies taken before the sign-out still works until the
// cache's time is up (the documented lag, at most the cache's lifetime of
// a minute), then the session is gone; a change the browser makes drops
// its own cookie, so its next request reads the store.
func carriedLag(t *testing.T, h http.Handler, name string, clock *authtest.Clock, signIn func(string) browserJar,
	get func(browserJar) *httptest.ResponseRecorder) {
	t.Helper()
	b := signIn("lin")
	get(b)
	stolen := b.clone()
	if w := b.do(h, http.MethodPost, "/auth/sign-out", ""); w.Code != http.StatusOK || b[name] != "" {
		t.Fatalf("sign-out = %d, %s left %q", w.Code, name, b[name])
	}
	if w := get(stolen); w.Code != http.StatusOK {
		t.Fatalf("within the lifetime, a copied %s = %d, want the documented lag", name, w.Code)
	}
	clock.Advance(time.Minute)
	wantError(t, "a copied "+name+" past its lifetime", asResponse(get(stolen)), http.StatusUnauthorized, "no_session")

	c := signIn("kim")
	get(c)
	if w := c.do(h, http.MethodPost, "/auth/sessions/revoke-others", ""); w.Code != http.StatusOK || c[name] != "" {
		t.Fatalf("revoke-others = %d, %s left %q; want it cleared", w.Code, name, c[name])
	}
}

// bearerCarriesNone: a bearer client is never given the cookie name.
func bearerCarriesNone(t *testing.T, h http.Handler, name string) {
	t.Helper()
	bc := authtest.NewClient(t, h)
	bc.Bearer = true
	authtest.SignIn(t, bc, "/auth", "bo")
	if res := bc.Get("/auth/session"); strings.Contains(res.Header.Get("Set-Cookie"), name) {
		t.Errorf("a bearer request was given %s: %s", name, res.Header.Get("Set-Cookie"))
	}
}

// asResponse turns a recorder into the test kit's response.
func asResponse(w *httptest.ResponseRecorder) *authtest.Response {
	return &authtest.Response{Status: w.Code, Header: w.Header(), Body: w.Body.Bytes()}
}

// TestCachedRefreshReadsTheStore: a cached session that falls due for a
// refresh is read from the store again, never extended blindly, so that a
// session ended where the cache did not see it (another instance; the
// browser a snapshot was copied from) is refused within the cache's
// lifetime, however often the copy is used and however short the update
// age. It runs for the snapshot cache and for two instances with memory
// caches of their own.
func TestCachedRefreshReadsTheStore(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		keys, err := auth.NewSealer(newSealer(t))
		if err != nil {
			t.Fatal(err)
		}
		signing := compactKey(t)
		for name, cache := range map[string]func() auth.SessionCache{
			"snapshot": func() auth.SessionCache { return authhttp.NewSnapshotCache(keys) },
			"memory":   func() auth.SessionCache { return auth.NewMemorySessionCache() },
			"compact": func() auth.SessionCache {
				c, err := authhttp.NewCompactCache(signing)
				if err != nil {
					t.Fatal(err)
				}
				return c
			},
		} {
			t.Run(name, func(t *testing.T) {
				clock := authtest.NewClock(start)
				instance := func() http.Handler {
					a, err := auth.New(auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
						auth.WithPlugins(authtest.NewLogin()), auth.WithClock(clock.Now), auth.WithoutRateLimits(),
						auth.WithSessionUpdateAge(30*time.Second), auth.WithSessionCache(cache(), time.Minute))
					if err != nil {
						t.Fatal(err)
					}
					if err := a.Migrate(t.Context()); err != nil {
						t.Fatal(err)
					}
					return handler(a)
				}
				hA, hB := instance(), instance()
				who := name + "-ada"
				copied := browserJar{}
				if w := copied.do(hB, http.MethodPost, "/auth/authtest/sign-in", `{"name":"`+who+`"}`); w.Code != http.StatusOK {
					t.Fatalf("sign-in = %d %s", w.Code, w.Body)
				}
				clock.Advance(time.Second)
				copied.do(hB, http.MethodGet, "/auth/session", "") // cached on B, or in the copied snapshot
				own := browserJar{}
				own.do(hA, http.MethodPost, "/auth/authtest/sign-in", `{"name":"`+who+`"}`)
				clock.Advance(time.Second)
				if w := own.do(hA, http.MethodPost, "/auth/sessions/revoke-others", ""); w.Code != http.StatusOK {
					t.Fatalf("revoke-others on A = %d %s", w.Code, w.Body)
				}
				for elapsed := time.Duration(0); ; elapsed += 10 * time.Second {
					clock.Advance(10 * time.Second)
					w := copied.do(hB, http.MethodGet, "/auth/session", "")
					if w.Code == http.StatusUnauthorized {
						break
					}
					if elapsed > time.Minute {
						t.Fatalf("%v after the sign-out everywhere the ended session still answers %d (cache lifetime 1m)", elapsed, w.Code)
					}
				}
			})
		}
	})
}
