package coretest

import (
	"net/http"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
)

// start is the time every test clock starts at.
var start = time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)

// fixture is an instance served over HTTP with a settable clock.
type fixture struct {
	a     *auth.Auth
	clock *authtest.Clock
	c     *authtest.Client
	h     http.Handler
}

// newFixture's instance counts rate limits in memory, so that fixtures
// sharing an engine's database do not share counters; rate-limit tests
// choose their store.
func newFixture(t *testing.T, e *authtest.Engine, opts ...auth.Option) *fixture {
	t.Helper()
	clock := authtest.NewClock(start)
	base := []auth.Option{auth.WithClock(clock.Now), auth.WithRateLimitStore(auth.NewMemoryRateStore())}
	a := authtest.NewAuth(t, e, append(base, opts...)...)
	h := authhttp.Handler(a)
	return &fixture{a: a, clock: clock, c: authtest.NewClient(t, h), h: h}
}

// signIn signs name in through the test plugin's route.
func (f *fixture) signIn(t *testing.T, c *authtest.Client, name string) authtest.LoginResult {
	t.Helper()
	res := c.Post("/auth/authtest/sign-in", map[string]string{"name": name})
	if res.Status != http.StatusOK {
		t.Fatalf("sign in %s: %d %s", name, res.Status, res.Body)
	}
	var out authtest.LoginResult
	res.Decode(t, &out)
	return out
}

// wantError checks an error answer's status and code.
func wantError(t *testing.T, what string, res *authtest.Response, status int, code string) {
	t.Helper()
	if res.Status != status || res.ErrorCode() != code {
		t.Errorf("%s = %d %s, want %d %s", what, res.Status, res.Body, status, code)
	}
}

// handler serves a's routes.
func handler(a *auth.Auth) http.Handler { return authhttp.Handler(a) }
