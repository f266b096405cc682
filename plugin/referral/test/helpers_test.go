package test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/anonymous"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/password/argon2id"
	"github.com/sesame-go/sesame/plugin/referral"
)

var start = time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)

const goodPassword = "correct horse battery staple"

type fixture struct {
	t      testing.TB
	a      *auth.Auth
	ref    *referral.Plugin
	pw     *password.Plugin
	guests *anonymous.Plugin
	first  *authtest.Client
}

// newFixture makes an instance with password sign-up (no verification),
// guests who may ask for a code, and the plugin, over HTTP.
func newFixture(t testing.TB, e *authtest.Engine, more ...auth.Option) *fixture {
	t.Helper()
	hasher, err := argon2id.New(argon2id.Params{Memory: 1024, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32})
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{t: t, ref: referral.New(), guests: anonymous.New(anonymous.WithGuestOperations(referral.OpCode)),
		pw: password.New(password.WithHasher(hasher), password.WithoutRecovery(), password.WithoutVerification())}
	clock := authtest.NewClock(start)
	all := append([]auth.Option{auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
		auth.WithPlugins(email.New(), f.pw, f.guests, f.ref), auth.WithClock(clock.Now),
		auth.WithRateLimitStore(auth.NewMemoryRateStore())}, more...)
	if f.a, err = auth.New(all...); err != nil {
		t.Fatal(err)
	}
	if err := f.a.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/auth/", authhttp.Handler(f.a))
	f.first = authtest.NewClient(t, authhttp.Middleware(f.a)(mux))
	return f
}

// browser returns a new cookie client of the fixture's server.
func (f *fixture) browser() *authtest.Client { return authtest.ClientOf(f.t, f.first.BaseURL()) }

// signUp signs addr up and in on a new browser that applied code (if
// any), and returns the browser and the user's ID.
func (f *fixture) signUp(t testing.TB, addr, code string) (*authtest.Client, string) {
	t.Helper()
	b := f.browser()
	if code != "" {
		mustOK(t, "apply "+code, b.Post("/auth/referral/apply", map[string]string{"code": code}))
	}
	mustOK(t, "sign up "+addr, b.Post("/auth/password/sign-up", map[string]string{"email": addr, "password": goodPassword}))
	var in password.SignedIn
	mustOK(t, "sign in "+addr, b.Post("/auth/password/sign-in", map[string]string{"email": addr, "password": goodPassword})).Decode(t, &in)
	return b, in.User.ID
}

// code returns the code of a browser's user.
func code(t testing.TB, b *authtest.Client) string {
	t.Helper()
	var c referral.Code
	mustOK(t, "code", b.Post("/auth/referral/code", struct{}{})).Decode(t, &c)
	return c.Code
}

func mustOK(t testing.TB, what string, res *authtest.Response) *authtest.Response {
	t.Helper()
	if res.Status != http.StatusOK {
		t.Fatalf("%s = %d %s, want 200", what, res.Status, res.Body)
	}
	return res
}

func wantError(t testing.TB, what string, res *authtest.Response, status int, code string) {
	t.Helper()
	if res.Status != status || res.ErrorCode() != code {
		t.Errorf("%s = %d %s, want %d %s", what, res.Status, strings.TrimSpace(string(res.Body)), status, code)
	}
}
