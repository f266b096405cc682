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
)

// testParams keep hashing fast in tests; the defaults are benchmarked.
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

func newCountingHasher(tb testing.TB, p argon2id.Params) *countingHasher {
	tb.Helper()
	h, err := argon2id.New(p)
	if err != nil {
		tb.Fatal(err)
	}
	return &countingHasher{Hasher: h}
}

var start = time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)

type fixture struct {
	a      *auth.Auth
	e      *authtest.Engine
	mail   *authtest.Mailbox
	hasher *countingHasher
	pw     *password.Plugin
	em     *email.Plugin
	clock  *authtest.Clock
	h      http.Handler
	c      *authtest.Client
}

// newFixture's instance has no rate limits, which TestRateLimits puts
// back: the journeys sign in more often than a person would.
func newFixture(t *testing.T, e *authtest.Engine, opts ...password.Option) *fixture {
	t.Helper()
	return newFixtureWith(t, e, []auth.Option{auth.WithoutRateLimits()}, opts...)
}

func newFixtureWith(t *testing.T, e *authtest.Engine, authOpts []auth.Option, opts ...password.Option) *fixture {
	t.Helper()
	mail := &authtest.Mailbox{}
	return newFixtureSending(t, e, mail, mail, authOpts, opts...)
}

// newFixtureSending's email plugin sends through sender; mail is where the
// messages land, for the tests to read.
func newFixtureSending(t *testing.T, e *authtest.Engine, sender email.Sender, mail *authtest.Mailbox, authOpts []auth.Option, opts ...password.Option) *fixture {
	t.Helper()
	f := &fixture{e: e, mail: mail, hasher: newCountingHasher(t, testParams), clock: authtest.NewClock(start)}
	f.em = email.New(email.WithSender(sender), email.WithAppName("Acme"))
	f.pw = password.New(append([]password.Option{password.WithHasher(f.hasher)}, opts...)...)
	a, err := auth.New(append([]auth.Option{auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
		auth.WithPlugins(f.em, f.pw), auth.WithClock(f.clock.Now), auth.WithRateLimitStore(auth.NewMemoryRateStore())}, authOpts...)...)
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

func (f *fixture) post(t *testing.T, c *authtest.Client, path string, body any, status int) *authtest.Response {
	t.Helper()
	res := c.Post(path, body)
	if res.Status != status {
		t.Fatalf("POST %s = %d %s, want %d", path, res.Status, res.Body, status)
	}
	return res
}

// signUp creates and verifies an account.
func (f *fixture) signUp(t *testing.T, addr, pw string) {
	t.Helper()
	f.post(t, f.c, "/auth/password/sign-up", map[string]string{"email": addr, "password": pw, "name": "Ada"}, http.StatusOK)
	f.post(t, f.c, "/auth/email/verify", map[string]string{"token": f.mail.Token(t, addr, email.PurposeVerify)}, http.StatusOK)
}

func wantError(t *testing.T, what string, res *authtest.Response, status int, code string) {
	t.Helper()
	if res.Status != status || res.ErrorCode() != code {
		t.Errorf("%s = %d %s, want %d %s", what, res.Status, res.Body, status, code)
	}
}
