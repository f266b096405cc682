package test

import (
	"net/http"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/password"
)

// storeAndCache are two instances on one database that keep sessions in
// the Redis store with the Redis cache in front, on one Redis: the
// configuration that answers a request with no database query. The second
// instance's pool counts its statements.
type storeAndCache struct {
	one, two *site
	faults   *authtest.Faults
	clock    *authtest.Clock
}

func newStoreAndCache(t *testing.T, e *authtest.Engine) *storeAndCache {
	t.Helper()
	sp := newSpace(t)
	twin := sp.twin(t)
	mail := &authtest.Mailbox{}
	clock := authtest.NewClock(start)
	one := newSite(t, e, mail, clock, sp.sessions(), auth.WithoutRateLimits(),
		auth.WithSessionCache(sp.cache(), time.Minute))
	pool, faults := e.Faulty(t)
	two := newSite(t, &authtest.Engine{Name: e.Name, Dialect: e.Dialect, DB: pool}, mail, clock, twin.sessions(),
		auth.WithoutRateLimits(), auth.WithSessionCache(twin.cache(), time.Minute))
	return &storeAndCache{one: one, two: two, faults: faults, clock: clock}
}

// client is a bearer client of s holding token.
func (sc *storeAndCache) client(t *testing.T, s *site, token string) *authtest.Client {
	c := authtest.NewClient(t, s.h)
	c.Bearer, c.Origin, c.Token = true, "", token
	return c
}

// get asks path a millisecond later: a drop and a lookup of the same
// instant count as a drop after it.
func (sc *storeAndCache) get(c *authtest.Client, path string) *authtest.Response {
	sc.clock.Advance(time.Millisecond)
	return c.Get(path)
}

// signedIn signs addr in on one (signing them up first) and returns the
// client there and a client of two with the same token whose session two
// has cached.
func (sc *storeAndCache) signedIn(t *testing.T, addr string) (onOne, onTwo *authtest.Client) {
	t.Helper()
	onOne = sc.client(t, sc.one, "")
	signIn(t, onOne, addr, "the password of "+addr)
	onTwo = sc.client(t, sc.two, onOne.Token)
	if res := sc.get(onTwo, "/auth/session"); res.Status != http.StatusOK {
		t.Fatalf("GET /auth/session on two = %d %s, want 200", res.Status, res.Body)
	}
	return onOne, onTwo
}

// TestRedisStoreAndCacheNoQuery: with sessions in the Redis store and the
// Redis cache in front, a signed-in request, to the session route or to
// an app route behind the middleware, runs no database statement once its
// session is cached, and answers what the first, uncached request did.
func TestRedisStoreAndCacheNoQuery(t *testing.T) {
	authtest.RedisURL(t)
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		sc := newStoreAndCache(t, e)
		sc.one.signUp(t, "ada@example.com", "the password of ada@example.com")
		_, c := sc.signedIn(t, "ada@example.com")
		first := sc.get(c, "/auth/session") // cached by signedIn's request
		sc.faults.Reset()
		const n = 50
		for i := range n {
			for _, path := range []string{"/auth/session", "/app/me"} {
				res := sc.get(c, path)
				if res.Status != http.StatusOK {
					t.Fatalf("request %d: GET %s = %d %s, want 200", i, path, res.Status, res.Body)
				}
				if path == "/auth/session" && string(res.Body) != string(first.Body) {
					t.Fatalf("request %d: GET %s = %s, want %s", i, path, res.Body, first.Body)
				}
			}
		}
		if got := sc.faults.Statements(); got != 0 {
			t.Errorf("%d cached requests ran %d database statements, want 0", 2*n, got)
		}
	})
}

// TestRedisStoreAndCacheDropsAcrossInstances: every change one instance
// makes to a user, or to the user's sessions, shows on the other
// instance's very next request, though that instance had the session
// cached: a changed name, a password change (every other session ends), a
// password reset (every session ends) and a sign-out.
func TestRedisStoreAndCacheDropsAcrossInstances(t *testing.T) {
	authtest.RedisURL(t)
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		sc := newStoreAndCache(t, e)
		tests := []struct {
			name   string
			change func(t *testing.T, addr string, onOne *authtest.Client)
			// ended reports whether the change ends the cached session of
			// two (a session other than the one that made the change).
			ended bool
		}{
			{"name changed", func(t *testing.T, _ string, onOne *authtest.Client) {
				if res := onOne.Post("/auth/user/update", map[string]string{"name": "Renamed"}); res.Status != http.StatusOK {
					t.Fatalf("update = %d %s", res.Status, res.Body)
				}
			}, false},
			{"password changed", func(t *testing.T, addr string, onOne *authtest.Client) {
				res := onOne.Post("/auth/password/change", map[string]string{
					"currentPassword": "the password of " + addr, "newPassword": "a new password for " + addr})
				if res.Status != http.StatusOK {
					t.Fatalf("change = %d %s", res.Status, res.Body)
				}
			}, true},
			{"password reset", func(t *testing.T, addr string, _ *authtest.Client) {
				anon := sc.client(t, sc.one, "")
				if res := anon.Post("/auth/password/forgot", map[string]string{"email": addr}); res.Status != http.StatusOK {
					t.Fatalf("forgot = %d %s", res.Status, res.Body)
				}
				token := sc.one.mail.Token(t, addr, password.PurposeReset)
				res := anon.Post("/auth/password/reset", map[string]string{"token": token, "password": "a new password for " + addr})
				if res.Status != http.StatusOK {
					t.Fatalf("reset = %d %s", res.Status, res.Body)
				}
			}, true},
			{"signed out", func(t *testing.T, _ string, onOne *authtest.Client) {
				if res := onOne.Post("/auth/sign-out", nil); res.Status != http.StatusOK {
					t.Fatalf("sign-out = %d %s", res.Status, res.Body)
				}
			}, true},
		}
		for i, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				addr := string(rune('a'+i)) + "@example.com"
				sc.one.signUp(t, addr, "the password of "+addr)
				onOne, _ := sc.signedIn(t, addr)
				// The session two keeps cached: the one the change ends,
				// except for a sign-out, which ends its own.
				_, onTwo := sc.signedIn(t, addr)
				if tt.name == "signed out" {
					onTwo = sc.client(t, sc.two, onOne.Token)
					sc.get(onTwo, "/auth/session")
				}
				tt.change(t, addr, onOne)
				res := sc.get(onTwo, "/auth/session")
				if tt.ended {
					authtest.WantError(t, "two's next request", res, http.StatusUnauthorized, "no_session")
					return
				}
				var info auth.SessionInfo
				if res.Status != http.StatusOK {
					t.Fatalf("two's next request = %d %s, want 200", res.Status, res.Body)
				}
				res.Decode(t, &info)
				if info.User.Name != "Renamed" {
					t.Errorf("two's next request shows the name %q, want %q", info.User.Name, "Renamed")
				}
			})
		}
	})
}
