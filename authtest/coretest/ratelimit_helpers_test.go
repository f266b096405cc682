package coretest

import (
	"context"
	"errors"
	"net/http"
	"net/netip"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/sqlb"
)

// rateProbe is a test plugin whose operations exist to be limited: ping
// does nothing under the rules it is made with, check is a credential
// check that accepts only the password "right".
type rateProbe struct {
	ping  *auth.Op[ratePing, auth.Empty]
	check *auth.Op[rateCheck, auth.Empty]
}

type ratePing struct {
	Account string `json:"account"`
}

type rateCheck struct {
	Password auth.Secret `json:"password"`
}

// Validate implements auth.InputValidator.
func (r rateCheck) Validate() error {
	if r.Password.IsZero() {
		return errors.New("password is required")
	}
	return nil
}

// errBadPassword is the probe's failed credential check.
var errBadPassword = auth.NewError("bad_password", http.StatusUnauthorized, "wrong password")

var _ auth.Plugin = (*rateProbe)(nil)

func newRateProbe(rules auth.RateRules) *rateProbe {
	p := &rateProbe{}
	p.ping = &auth.Op[ratePing, auth.Empty]{
		Name: "rateprobe.ping", Method: http.MethodPost, Path: "/rateprobe/ping", Rate: rules,
		AccountKey: func(in ratePing) string { return in.Account },
		Handler: func(context.Context, *auth.Call, ratePing) (auth.Empty, error) {
			return auth.Empty{}, nil
		},
	}
	p.check = &auth.Op[rateCheck, auth.Empty]{
		Name: "rateprobe.check", Method: http.MethodPost, Path: "/rateprobe/check", Credential: true,
		Codes: []*auth.Error{errBadPassword},
		Handler: func(_ context.Context, _ *auth.Call, in rateCheck) (auth.Empty, error) {
			if !in.Password.Equal(auth.NewSecret("right")) {
				return auth.Empty{}, errBadPassword
			}
			return auth.Empty{}, nil
		},
	}
	return p
}

func (p *rateProbe) Name() string                 { return "rateprobe" }
func (p *rateProbe) Operations() []auth.Operation { return []auth.Operation{p.ping, p.check} }

// rateEvents is an event sink that keeps what it is sent.
type rateEvents struct {
	mu     sync.Mutex
	events []auth.Event
}

func (l *rateEvents) add(_ context.Context, ev auth.Event) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.events = append(l.events, ev)
}

// of returns the events of a type, in order.
func (l *rateEvents) of(typ string) []auth.Event {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []auth.Event
	for _, ev := range l.events {
		if ev.Type == typ {
			out = append(out, ev)
		}
	}
	return out
}

// trustLoopback believes the X-Forwarded-For header of the test client,
// which connects from the loopback address, so that tests choose the
// client IP the rate limits see.
var trustLoopback = auth.WithTrustedProxies(netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128"))

// rateFixture is an instance with the rate probe, a settable clock, an
// event log and an HTTP client.
type rateFixture struct {
	a      *auth.Auth
	probe  *rateProbe
	clock  *authtest.Clock
	events *rateEvents
	c      *authtest.Client
}

// newRateFixture's options come after its own, so they can override them;
// without a store option the instance counts in the database.
func newRateFixture(tb testing.TB, e *authtest.Engine, rules auth.RateRules, opts ...auth.Option) *rateFixture {
	tb.Helper()
	f := &rateFixture{probe: newRateProbe(rules), clock: authtest.NewClock(start), events: &rateEvents{}}
	base := []auth.Option{auth.WithClock(f.clock.Now), auth.WithEventSink(f.events.add), auth.WithPlugins(f.probe)}
	f.a = authtest.NewAuth(tb, e, append(base, opts...)...)
	f.c = authtest.NewClient(tb, authhttp.Handler(f.a))
	return f
}

// pingFrom calls ping over HTTP with ip in X-Forwarded-For ("" sends no
// header).
func (f *rateFixture) pingFrom(ip, account string) *authtest.Response {
	var h http.Header
	if ip != "" {
		h = http.Header{"X-Forwarded-For": {ip}}
	}
	return f.c.Do(http.MethodPost, "/auth/rateprobe/ping", ratePing{Account: account}, h)
}

// pingGo calls ping from Go, as a server call with no client IP.
func (f *rateFixture) pingGo(account string) error {
	_, err := f.probe.ping.Run(context.Background(), ratePing{Account: account})
	return err
}

// at sets the clock to start+d; it never moves the clock back.
func (f *rateFixture) at(tb testing.TB, d time.Duration) {
	tb.Helper()
	now := f.clock.Now().Sub(start)
	if d < now {
		tb.Fatalf("at(%v): the clock is already at %v", d, now)
	}
	f.clock.Advance(d - now)
}

// rateCounts returns the count of every row of the rate-limit table.
func rateCounts(tb testing.TB, a *auth.Auth) []int64 {
	tb.Helper()
	var n int64
	var out []int64
	err := a.DB().All(context.Background(), sqlb.Select(auth.RateLimitCount.Into(&n)).From(auth.RateLimits),
		func() error { out = append(out, n); return nil })
	if err != nil {
		tb.Fatalf("select rate counts: %v", err)
	}
	return out
}

// rateStores are the two stores every rate-limit test runs with; opts
// makes the options of one new instance.
var rateStores = []struct {
	name string
	opts func() []auth.Option
}{
	{"database store", func() []auth.Option { return nil }},
	{"memory store", func() []auth.Option {
		return []auth.Option{auth.WithRateLimitStore(auth.NewMemoryRateStore())}
	}},
}

// eachRateStore runs fn on every engine with every store. The database
// store's counters of one engine are shared by the fixtures fn makes, so
// fn keeps its keys (IPs, accounts) apart or moves its clocks apart.
func eachRateStore(t *testing.T, fn func(t *testing.T, e *authtest.Engine, store []auth.Option)) {
	t.Helper()
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		for _, st := range rateStores {
			t.Run(st.name, func(t *testing.T) { fn(t, e, st.opts()) })
		}
	})
}

// rateRetryAfter returns the rate-limit error's RetryAfter, failing the test
// unless err is one.
func rateRetryAfter(tb testing.TB, what string, err error) time.Duration {
	tb.Helper()
	var e *auth.Error
	if !errors.Is(err, auth.ErrRateLimited) || !errors.As(err, &e) {
		tb.Fatalf("%s = %v, want %v", what, err, auth.ErrRateLimited)
	}
	if e.Status != http.StatusTooManyRequests || e.RetryAfter < time.Second {
		tb.Errorf("%s: status %d, RetryAfter %v; want 429 and at least 1s", what, e.Status, e.RetryAfter)
	}
	return e.RetryAfter
}
