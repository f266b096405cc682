package test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"

	"github.com/sesame-go/sesame/authtest"
	redisstore "github.com/sesame-go/sesame/kvstore/redis"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/twofactor"
)

// TestGHSA_xg6x_h9c9_2m83_PendingSessionSkipsNothing is the ordering bug
// better-auth shipped (GHSA-xg6x-h9c9-2m83): a session served from a cache
// skipped the pending second factor. Here the pending state lives in the
// session itself, and the session check reads it on every request,
// whatever keeps the session: for every session strategy this codebase
// has (stores, caches, stateless tokens, refreshed with or without a
// read), and for browsers and bearer clients, a pending
// session reaches no operation but passing the factor and signing out, and
// no route of the host's behind the middleware, before or after a refresh.
func TestGHSA_xg6x_h9c9_2m83_PendingSessionSkipsNothing(t *testing.T) {
	strategies := map[string]func(t *testing.T) []auth.Option{
		"database": func(*testing.T) []auth.Option { return nil },
		"memory": func(*testing.T) []auth.Option {
			return []auth.Option{auth.WithSessionStore(auth.NewMemorySessionStore())}
		},
		"redis": func(t *testing.T) []auth.Option {
			return []auth.Option{auth.WithSessionStore(redisSessions(t))}
		},
		"database with a memory cache": func(*testing.T) []auth.Option {
			return []auth.Option{auth.WithSessionCache(auth.NewMemorySessionCache(), 0)}
		},
		"database with the browser's snapshot": func(t *testing.T) []auth.Option {
			keys, err := auth.NewSealer(make([]byte, 32))
			if err != nil {
				t.Fatal(err)
			}
			return []auth.Option{auth.WithSessionCache(authhttp.NewSnapshotCache(keys), 0)}
		},
		"database with the browser's compact cookie": func(t *testing.T) []auth.Option {
			keys, err := authhttp.NewCompactCache(auth.NewSecret(strings.Repeat("k", authhttp.MinCompactKey)))
			if err != nil {
				t.Fatal(err)
			}
			return []auth.Option{auth.WithSessionCache(keys, 0)}
		},
		"database with a Redis cache": func(t *testing.T) []auth.Option {
			return []auth.Option{auth.WithSessionCache(redisCache(t), 0)}
		},
		"stateless": func(t *testing.T) []auth.Option {
			return []auth.Option{auth.WithStatelessSessions(statelessKeys(t))}
		},
		"stateless, refreshed without a read, with a Redis revocation list": func(t *testing.T) []auth.Option {
			rdb, prefix := redisSpace(t)
			return []auth.Option{auth.WithStatelessSessions(statelessKeys(t)), auth.WithStatelessRefreshWithoutRead(time.Minute),
				auth.WithSessionRevocations(redisstore.NewRevocations(rdb, redisstore.WithPrefix(prefix)))}
		},
	}
	for name, strategy := range strategies {
		t.Run(name, func(t *testing.T) {
			authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
				opts := strategy(t)
				// A session refreshed on every request: a refresh must not
				// lift the pending state or stretch the pending lifetime.
				opts = append(opts, auth.WithSessionUpdateAge(0))
				f := newFixture(t, e, setup{auth: opts})
				const addr = "ada@example.com"
				f.enrolTOTP(t, f.account(t, addr))
				app := http.NewServeMux()
				app.Handle("/auth/", f.h)
				app.Handle("/app/secret", authhttp.RequireUser(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					w.Write([]byte("the user's secret"))
				})))
				app.HandleFunc("/app/whoami", func(w http.ResponseWriter, r *http.Request) {
					if u, _ := authhttp.UserFrom(r); u != nil {
						w.Write([]byte("signed in"))
						return
					}
					if _, _, blocked := authhttp.BlockedSessionFrom(r); blocked != nil {
						w.Write([]byte("blocked: " + blocked.Code))
						return
					}
					w.Write([]byte("nobody"))
				})
				h := authhttp.Middleware(f.a)(app)
				for _, bearer := range []bool{false, true} {
					c := authtest.NewClient(t, h)
					c.Bearer = bearer
					f.signInOn(t, c, addr)
					for range 2 { // the second round after a refresh
						f.clock.Advance(time.Second)
						for _, op := range f.a.Operations() {
							info := op.Info()
							if info.ServerOnly() || info.Name == twofactor.OpVerify || info.Name == twofactor.OpSendCode || info.Name == auth.OpSignOut {
								continue
							}
							if info.Session == auth.SessionNone || info.Session == auth.SessionOptional {
								continue // no session needed: nothing to skip
							}
							body, ok := validInputs[info.Name]
							if !ok && info.Method == http.MethodPost {
								t.Fatalf("no valid input for %s: add one to validInputs", info.Name)
							}
							res := c.Do(info.Method, "/auth"+info.Path, body, nil)
							if res.ErrorCode() != "second_factor_required" {
								t.Errorf("bearer %v: %s %s from a pending session = %d %s, want second_factor_required",
									bearer, info.Method, info.Path, res.Status, res.Body)
							}
						}
						wantError(t, "the host's route behind RequireUser", c.Get("/app/secret"), http.StatusForbidden, "second_factor_required")
						if res := c.Get("/app/whoami"); string(res.Body) != "blocked: second_factor_required" {
							t.Errorf("bearer %v: the host's page sees %q, want the blocked session", bearer, res.Body)
						}
						// A page's script reads no user of a pending session from a
						// compact cookie: none is ever set for it.
						for _, path := range []string{"/auth/session", "/app/whoami"} {
							for _, sc := range c.Get(path).Header.Values("Set-Cookie") {
								if strings.HasPrefix(sc, "sesame_session_compact=") && !strings.HasPrefix(sc, "sesame_session_compact=;") {
									t.Errorf("bearer %v: GET %s of a pending session set a compact cookie: %s", bearer, path, sc)
								}
							}
						}
					}
					// The pending session dies at its short lifetime, refreshes or not.
					f.clock.Advance(10*time.Minute + time.Second)
					wantError(t, "a pending session after its lifetime", c.Post("/auth/two-factor/verify",
						map[string]string{"method": "totp", "code": "123456"}), http.StatusUnauthorized, "no_session")
					f.clock.Advance(time.Minute)
				}
			})
		})
	}
}

// statelessKeys returns a sealer for stateless sessions.
func statelessKeys(t *testing.T) *auth.Sealer {
	keys, err := auth.NewSealer(make([]byte, 32))
	if err != nil {
		t.Fatal(err)
	}
	return keys
}

// validInputs are inputs that pass each operation's validation, so that
// only the session check can refuse them.
var validInputs = map[string]map[string]string{
	auth.OpSignOut:             {},
	auth.OpRevokeSession:       {"id": "x"},
	auth.OpRevokeOtherSessions: {},
	auth.OpUpdateUser:          {"name": "Ada"},
	email.OpChange:             {"newEmail": "new@example.com"},
	email.OpAdd:                {"email": "new@example.com"},
	email.OpRemove:             {"email": "new@example.com"},
	email.OpMakePrimary:        {"email": "new@example.com"},
	password.OpChange:          {"currentPassword": pw, "newPassword": "another long password"},
	twofactor.OpEnrol:          {"method": "totp"},
	twofactor.OpConfirm:        {"factorId": "x", "code": "123456"},
	twofactor.OpRemove:         {"factorId": "x"},
	twofactor.OpRecoveryCodes:  {},
}

// redisSessions returns a Redis session store under a prefix of the
// test's own, whose keys are deleted when the test ends.
func redisSessions(t *testing.T) auth.SessionStore {
	rdb, prefix := redisSpace(t)
	return redisstore.NewSessionStore(rdb, redisstore.WithPrefix(prefix))
}

// redisCache returns a Redis session cache, as redisSessions a store.
func redisCache(t *testing.T) auth.SessionCache {
	rdb, prefix := redisSpace(t)
	return redisstore.NewSessionCache(rdb, redisstore.WithPrefix(prefix))
}

// redisSpace returns a client of the test Redis and a key prefix of the
// test's own, whose keys are deleted when the test ends.
func redisSpace(t *testing.T) (*redis.Client, string) {
	t.Helper()
	opt, err := redis.ParseURL(authtest.RedisURL(t))
	if err != nil {
		t.Fatalf("%s: %v", authtest.EnvRedis, err)
	}
	rdb := redis.NewClient(opt)
	prefix := fmt.Sprintf("twofactor-test-%d:", time.Now().UnixNano())
	t.Cleanup(func() {
		ctx := context.Background()
		iter := rdb.Scan(ctx, 0, prefix+"*", 1000).Iterator()
		for iter.Next(ctx) {
			rdb.Del(ctx, iter.Val())
		}
		rdb.Close()
	})
	return rdb, prefix
}
