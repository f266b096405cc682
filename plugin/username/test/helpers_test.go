package test

import (
	"context"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/password/argon2id"
	"github.com/sesame-go/sesame/plugin/username"
)

// testParams keep hashing fast in tests.
var testParams = argon2id.Params{Memory: 1024, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32}

// countingHasher counts every hash computed, Verify and Hash alike.
type countingHasher struct {
	*argon2id.Hasher
	n atomic.Int64
}

func (h *countingHasher) Hash(ctx context.Context, pw []byte) (string, error) {
	h.n.Add(1)
	return h.Hasher.Hash(ctx, pw)
}

func (h *countingHasher) Verify(ctx context.Context, pw []byte, encoded string) (bool, error) {
	h.n.Add(1)
	return h.Hasher.Verify(ctx, pw, encoded)
}

func newCountingHasher(tb testing.TB) *countingHasher {
	tb.Helper()
	h, err := argon2id.New(testParams)
	if err != nil {
		tb.Fatal(err)
	}
	return &countingHasher{Hasher: h}
}

var start = time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)

type fixture struct {
	a      *auth.Auth
	e      *authtest.Engine
	names  *username.Plugin
	pw     *password.Plugin
	em     *email.Plugin // nil unless withEmail
	mail   *authtest.Mailbox
	hasher *countingHasher
	clock  *authtest.Clock
	h      http.Handler
	c      *authtest.Client
}

// setup says how to make a fixture.
type setup struct {
	withEmail bool
	authOpts  []auth.Option
	names     []username.Option
	pw        []password.Option
}

// newFixture makes an instance of usernames and passwords without email,
// and no rate limits unless s.authOpts puts some back.
func newFixture(t *testing.T, e *authtest.Engine, s setup) *fixture {
	t.Helper()
	f := &fixture{e: e, hasher: newCountingHasher(t), clock: authtest.NewClock(start), mail: &authtest.Mailbox{}}
	f.names = username.New(s.names...)
	f.pw = password.New(append([]password.Option{password.WithHasher(f.hasher)}, s.pw...)...)
	plugins := []auth.Plugin{f.names, f.pw}
	if s.withEmail {
		f.em = email.New(email.WithSender(f.mail))
		plugins = append(plugins, f.em)
	} else {
		f.pw = password.New(append([]password.Option{password.WithHasher(f.hasher), password.WithoutRecovery()}, s.pw...)...)
		plugins[1] = f.pw
	}
	opts := []auth.Option{auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithPlugins(plugins...),
		auth.WithClock(f.clock.Now), auth.WithRateLimitStore(auth.NewMemoryRateStore())}
	if s.authOpts == nil {
		opts = append(opts, auth.WithoutRateLimits())
	}
	a, err := auth.New(append(opts, s.authOpts...)...)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	f.a, f.h = a, authhttp.Handler(a)
	f.c = authtest.NewClient(t, f.h)
	return f
}

func (f *fixture) client(t *testing.T) *authtest.Client { return authtest.NewClient(t, f.h) }

func post(t *testing.T, c *authtest.Client, path string, body any, status int) *authtest.Response {
	t.Helper()
	res := c.Post(path, body)
	if res.Status != status {
		t.Fatalf("POST %s = %d %s, want %d", path, res.Status, res.Body, status)
	}
	return res
}

func wantError(t *testing.T, what string, res *authtest.Response, status int, code string) {
	t.Helper()
	if res.Status != status || res.ErrorCode() != code {
		t.Errorf("%s = %d %s, want %d %s", what, res.Status, res.Body, status, code)
	}
}

// person signs up with a username and a password and signs in on a new
// client.
func (f *fixture) person(t *testing.T, name, pw string) *authtest.Client {
	t.Helper()
	c := f.client(t)
	post(t, c, "/auth/password/sign-up", map[string]string{"username": name, "password": pw, "name": name}, http.StatusOK)
	f.signIn(t, c, name, pw)
	return c
}

// signIn signs in by username and returns the signed-in user.
func (f *fixture) signIn(t *testing.T, c *authtest.Client, name, pw string) *auth.User {
	t.Helper()
	var in password.SignedIn
	post(t, c, "/auth/password/sign-in", map[string]string{"username": name, "password": pw}, http.StatusOK).Decode(t, &in)
	return in.User
}

// shown returns the username the session's user shows.
func shown(t *testing.T, c *authtest.Client) any {
	t.Helper()
	var s struct {
		User *auth.User `json:"user"`
	}
	res := c.Get("/auth/session")
	if res.Status != http.StatusOK {
		t.Fatalf("GET /auth/session = %d %s", res.Status, res.Body)
	}
	res.Decode(t, &s)
	return s.User.Fields["username"]
}
