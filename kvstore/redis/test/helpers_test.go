package test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	redisstore "github.com/sesame-go/sesame/kvstore/redis"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/password/argon2id"
)

// start is when the tests' clocks start.
var start = time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)

// testParams keep hashing fast in tests.
var testParams = argon2id.Params{Memory: 1024, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32}

// space is a client of the test Redis and a key prefix no other test
// uses, whose keys are deleted when the test ends.
type space struct {
	rdb    *redis.Client
	prefix string
}

// newSpace skips the test, or fails it, when no Redis is configured (see
// authtest.RedisURL).
func newSpace(tb testing.TB) *space {
	tb.Helper()
	rdb := newClient(tb)
	var b [6]byte
	rand.Read(b[:])
	sp := &space{rdb: rdb, prefix: "sesame-test:" + hex.EncodeToString(b[:]) + ":"}
	tb.Cleanup(func() {
		ctx := context.Background()
		keys := sp.keys(tb, "*")
		if len(keys) > 0 {
			if err := rdb.Del(ctx, keys...).Err(); err != nil {
				tb.Errorf("delete the test's keys: %v", err)
			}
		}
	})
	return sp
}

// newClient returns a new client of the test Redis, closed when tb ends.
func newClient(tb testing.TB) *redis.Client {
	tb.Helper()
	opt, err := redis.ParseURL(authtest.RedisURL(tb))
	if err != nil {
		tb.Fatalf("%s: %v", authtest.EnvRedis, err)
	}
	rdb := redis.NewClient(opt)
	tb.Cleanup(func() { rdb.Close() })
	if err := rdb.Ping(context.Background()).Err(); err != nil {
		tb.Fatalf("redis at %s: %v", opt.Addr, err)
	}
	return rdb
}

// twin is sp on a client of its own: what another instance of the host
// sees.
func (sp *space) twin(tb testing.TB) *space { return &space{rdb: newClient(tb), prefix: sp.prefix} }

// keys returns the space's keys that match pattern after the prefix.
func (sp *space) keys(tb testing.TB, pattern string) []string {
	tb.Helper()
	var out []string
	iter := sp.rdb.Scan(context.Background(), 0, sp.prefix+pattern, 1000).Iterator()
	for iter.Next(context.Background()) {
		out = append(out, iter.Val())
	}
	if err := iter.Err(); err != nil {
		tb.Fatalf("scan %s%s: %v", sp.prefix, pattern, err)
	}
	return out
}

func (sp *space) sessions(opts ...redisstore.Option) *redisstore.SessionStore {
	return redisstore.NewSessionStore(sp.rdb, append([]redisstore.Option{redisstore.WithPrefix(sp.prefix)}, opts...)...)
}

func (sp *space) rates(opts ...redisstore.Option) *redisstore.RateStore {
	return redisstore.NewRateStore(sp.rdb, append([]redisstore.Option{redisstore.WithPrefix(sp.prefix)}, opts...)...)
}

// closedAddr returns the address of a port on which nothing listens: a
// Redis that is down.
func closedAddr(tb testing.TB) string {
	tb.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return addr
}

// downClient returns a client of a Redis that is down, which gives up
// at once: with go-redis's defaults, each command would try five dials
// 100 ms apart, three times over.
func downClient(tb testing.TB) *redis.Client {
	tb.Helper()
	rdb := redis.NewClient(&redis.Options{Addr: closedAddr(tb), MaxRetries: -1, DialerRetries: 1, DialerRetryTimeout: time.Millisecond})
	tb.Cleanup(func() { rdb.Close() })
	return rdb
}

// newLoginAuth returns a migrated instance on e with authtest's Login
// plugin, which it returns too, and opts.
func newLoginAuth(tb testing.TB, e *authtest.Engine, opts ...auth.Option) (*auth.Auth, *authtest.Login) {
	tb.Helper()
	l := authtest.NewLogin()
	a, err := auth.New(append([]auth.Option{auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithPlugins(l)}, opts...)...)
	if err != nil {
		tb.Fatal(err)
	}
	if err := a.Migrate(context.Background()); err != nil {
		tb.Fatal(err)
	}
	return a, l
}

// site is an instance with the email and password plugins, served as a
// host serves it: the auth routes under /auth/ and an app route,
// /app/me, behind the session middleware and RequireUser.
type site struct {
	a     *auth.Auth
	pw    *password.Plugin
	em    *email.Plugin
	mail  *authtest.Mailbox
	clock *authtest.Clock
	h     http.Handler
}

// newSite's instance keeps its sessions in store (the database's when
// nil) and reads clock, or the real time when clock is nil. Its rate
// limits count in the database: tests whose sign-ins of one account
// would add up to its limit turn them off.
func newSite(tb testing.TB, e *authtest.Engine, mail *authtest.Mailbox, clock *authtest.Clock, store auth.SessionStore, opts ...auth.Option) *site {
	tb.Helper()
	h, err := argon2id.New(testParams)
	if err != nil {
		tb.Fatal(err)
	}
	s := &site{mail: mail, clock: clock}
	s.em = email.New(email.WithSender(mail))
	s.pw = password.New(password.WithHasher(h))
	base := []auth.Option{auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithPlugins(s.em, s.pw)}
	if clock != nil {
		base = append(base, auth.WithClock(clock.Now))
	}
	if store != nil {
		base = append(base, auth.WithSessionStore(store))
	}
	if s.a, err = auth.New(append(base, opts...)...); err != nil {
		tb.Fatal(err)
	}
	if err := s.a.Migrate(context.Background()); err != nil {
		tb.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/auth/", authhttp.Handler(s.a))
	mux.Handle("GET /app/me", authhttp.Middleware(s.a)(authhttp.RequireUser(http.HandlerFunc(me))))
	s.h = mux
	return s
}

// me answers the caller's user and session IDs.
func me(w http.ResponseWriter, r *http.Request) {
	u, _ := authhttp.UserFrom(r)
	s, _ := authhttp.SessionFrom(r)
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]string{"user": u.ID, "session": s.ID})
}

// signUp makes a verified account through the Go calls.
func (s *site) signUp(tb testing.TB, addr, pw string) {
	tb.Helper()
	ctx := context.Background()
	if _, err := s.pw.SignUp(ctx, password.SignUpRequest{Email: addr, Password: auth.NewSecret(pw), Name: addr}); err != nil {
		tb.Fatalf("SignUp(%q) = %v", addr, err)
	}
	if _, err := s.em.Verify(ctx, auth.NewSecret(s.mail.Token(tb, addr, email.PurposeVerify))); err != nil {
		tb.Fatalf("Verify(%q) = %v", addr, err)
	}
}

// signIn signs c in over HTTP and returns its session.
func signIn(tb testing.TB, c *authtest.Client, addr, pw string) *auth.Session {
	tb.Helper()
	res := c.Post("/auth/password/sign-in", map[string]string{"email": addr, "password": pw})
	if res.Status != http.StatusOK {
		tb.Fatalf("sign-in of %s = %d %s, want 200", addr, res.Status, res.Body)
	}
	var in password.SignedIn
	res.Decode(tb, &in)
	return in.Session
}

// sessionOf returns the ID of c's session as /app/me sees it, or "" when
// it answers 401.
func sessionOf(tb testing.TB, c *authtest.Client) string {
	tb.Helper()
	res := c.Get("/app/me")
	switch res.Status {
	case http.StatusOK:
		var m map[string]string
		res.Decode(tb, &m)
		return m["session"]
	case http.StatusUnauthorized:
		return ""
	}
	tb.Fatalf("GET /app/me = %d %s, want 200 or 401", res.Status, res.Body)
	return ""
}

// listed returns the IDs of the caller's sessions, in the order of GET
// /auth/sessions.
func listed(tb testing.TB, c *authtest.Client) []string {
	tb.Helper()
	res := c.Get("/auth/sessions")
	if res.Status != http.StatusOK {
		tb.Fatalf("GET /auth/sessions = %d %s, want 200", res.Status, res.Body)
	}
	var l auth.SessionList
	res.Decode(tb, &l)
	ids := []string{}
	for _, s := range l.Sessions {
		ids = append(ids, s.ID)
	}
	return ids
}
