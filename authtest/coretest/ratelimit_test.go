package coretest

import (
	"context"
	"errors"
	"net/http"
	"net/netip"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
)

// TestRateLimitedAnswer proves a limited call answers 429 rate_limited
// with a Retry-After of whole seconds over HTTP, and ErrRateLimited with
// RetryAfter set to Go callers, who are limited too.
func TestRateLimitedAnswer(t *testing.T) {
	rules := auth.RateRules{
		IP:      auth.RateRule{Limit: 3, Window: time.Minute},
		Account: auth.RateRule{Limit: 2, Window: time.Minute},
	}
	eachRateStore(t, func(t *testing.T, e *authtest.Engine, store []auth.Option) {
		f := newRateFixture(t, e, rules, store...)
		for i := range 3 {
			if res := f.pingFrom("", ""); res.Status != http.StatusOK {
				t.Fatalf("ping %d = %d %s, want 200", i+1, res.Status, res.Body)
			}
		}
		// The window is [0s, 60s): Retry-After counts to its end, rounded
		// up, and is never below 1.
		for _, tt := range []struct {
			at   time.Duration
			want string
		}{
			{0, "60"},
			{20500 * time.Millisecond, "40"},
			{59999500 * time.Microsecond, "1"},
		} {
			f.at(t, tt.at)
			res := f.pingFrom("", "")
			wantError(t, "ping over the limit at "+tt.at.String(), res, http.StatusTooManyRequests, "rate_limited")
			got := res.Header.Get("Retry-After")
			if secs, err := strconv.Atoi(got); got != tt.want || err != nil || secs < 1 {
				t.Errorf("Retry-After at %v = %q, want %q", tt.at, got, tt.want)
			}
		}
		f.at(t, time.Minute)
		if res := f.pingFrom("", ""); res.Status != http.StatusOK {
			t.Errorf("ping in the next window = %d %s, want 200", res.Status, res.Body)
		}

		// A Go call has no client IP, but its account is limited.
		for i := range 2 {
			if err := f.pingGo("ada"); err != nil {
				t.Fatalf("pingGo(%q) call %d = %v, want nil", "ada", i+1, err)
			}
		}
		if ra := rateRetryAfter(t, "pingGo(\"ada\") over the limit", f.pingGo("ada")); ra != time.Minute {
			t.Errorf("pingGo(%q) RetryAfter = %v, want %v", "ada", ra, time.Minute)
		}
		if err := f.pingGo("bob"); err != nil {
			t.Errorf("pingGo(%q) = %v, want nil: accounts are limited apart", "bob", err)
		}
	})
}

// TestRateLimitSignIn proves the test sign-in's own rule (auth.TightRate,
// 5 per account per minute) limits its typed Go method.
func TestRateLimitSignIn(t *testing.T) {
	eachRateStore(t, func(t *testing.T, e *authtest.Engine, store []auth.Option) {
		clock := authtest.NewClock(start)
		login := authtest.NewLogin()
		opts := append([]auth.Option{auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
			auth.WithPlugins(login), auth.WithClock(clock.Now)}, store...)
		a, err := auth.New(opts...)
		if err != nil {
			t.Fatalf("auth.New: %v", err)
		}
		ctx := context.Background()
		if err := a.Migrate(ctx); err != nil {
			t.Fatalf("Migrate: %v", err)
		}
		for i := range auth.TightRate.Account.Limit {
			if _, err := login.SignIn(ctx, "ada"); err != nil {
				t.Fatalf("SignIn(%q) call %d = %v, want nil", "ada", i+1, err)
			}
		}
		if _, err := login.SignIn(ctx, "ada"); !errors.Is(err, auth.ErrRateLimited) {
			t.Errorf("SignIn(%q) over the limit = %v, want %v", "ada", err, auth.ErrRateLimited)
		}
		if _, err := login.SignIn(ctx, "bob"); err != nil {
			t.Errorf("SignIn(%q) = %v, want nil", "bob", err)
		}
		clock.Advance(2 * time.Minute) // the sliding window has let go of the previous one
		if _, err := login.SignIn(ctx, "ada"); err != nil {
			t.Errorf("SignIn(%q) two windows later = %v, want nil", "ada", err)
		}
	})
}

// TestRateLimitKeys proves the per-IP and per-account counts are kept
// apart: an account's limit follows it across IPs, an IP's limit across
// accounts, and a call refused per IP does not count against its account.
func TestRateLimitKeys(t *testing.T) {
	rules := auth.RateRules{
		IP:      auth.RateRule{Limit: 2, Window: time.Minute},
		Account: auth.RateRule{Limit: 2, Window: time.Minute},
	}
	eachRateStore(t, func(t *testing.T, e *authtest.Engine, store []auth.Option) {
		f := newRateFixture(t, e, rules, append([]auth.Option{trustLoopback}, store...)...)
		for i, st := range []struct {
			ip, account string // ip "" is a Go call
			want        int
		}{
			{"203.0.113.1", "ada", http.StatusOK},
			{"203.0.113.1", "ada", http.StatusOK},
			{"203.0.113.2", "ada", http.StatusTooManyRequests}, // ada's third, from a fresh IP
			{"203.0.113.2", "bob", http.StatusOK},              // the refusal above counted for .2, not bob
			{"203.0.113.2", "cy", http.StatusTooManyRequests},  // .2's third, for a fresh account
			{"203.0.113.3", "cy", http.StatusOK},
			{"203.0.113.3", "cy", http.StatusOK}, // cy's refusal per IP did not count for cy
			{"", "bob", http.StatusOK},           // a Go call counts for its account only
			{"", "bob", http.StatusTooManyRequests},
		} {
			var status int
			if st.ip == "" {
				status = http.StatusOK
				if err := f.pingGo(st.account); errors.Is(err, auth.ErrRateLimited) {
					status = http.StatusTooManyRequests
				} else if err != nil {
					t.Fatalf("step %d: pingGo(%q) = %v", i+1, st.account, err)
				}
			} else {
				status = f.pingFrom(st.ip, st.account).Status
			}
			if status != st.want {
				t.Errorf("step %d: ping(%q, %q) = %d, want %d", i+1, st.ip, st.account, status, st.want)
			}
		}
	})
}

// TestRateLimitIPv6 proves an IPv6 client is limited by its /64, which
// one client holds whole, and an IPv4 client by its address, mapped or not.
func TestRateLimitIPv6(t *testing.T) {
	rules := auth.RateRules{IP: auth.RateRule{Limit: 2, Window: time.Minute}}
	eachRateStore(t, func(t *testing.T, e *authtest.Engine, store []auth.Option) {
		f := newRateFixture(t, e, rules, append([]auth.Option{trustLoopback}, store...)...)
		for i, st := range []struct {
			ip   string
			want int
		}{
			{"2001:db8:a:b::1", http.StatusOK},
			{"2001:db8:a:b:ffff:ffff:ffff:ffff", http.StatusOK},
			{"[2001:db8:a:b::2]:443", http.StatusTooManyRequests}, // same /64
			{"2001:db8:a:c::1", http.StatusOK},                    // the next /64
			{"2001:db8:a:c::2", http.StatusOK},
			{"2001:db8:a:c::3", http.StatusTooManyRequests},
			{"198.51.100.7", http.StatusOK},
			{"198.51.100.7", http.StatusOK},
			{"::ffff:198.51.100.7", http.StatusTooManyRequests}, // the same IPv4 client
			{"198.51.100.8", http.StatusOK},                     // IPv4 has no larger group
		} {
			if res := f.pingFrom(st.ip, ""); res.Status != st.want {
				t.Errorf("step %d: ping from %s = %d %s, want %d", i+1, st.ip, res.Status, res.Body, st.want)
			}
		}
	})
}

// TestRateLimitForwardedFor proves X-Forwarded-For decides the client IP
// only when the connection comes from a trusted proxy, and then only its
// right-most hop that is not a trusted proxy.
func TestRateLimitForwardedFor(t *testing.T) {
	rules := auth.RateRules{IP: auth.RateRule{Limit: 2, Window: time.Minute}}
	tests := []struct {
		name    string
		proxies []netip.Prefix
		xff     []string
		want    []int
	}{
		{"no trusted proxy", nil,
			[]string{"203.0.113.10", "203.0.113.11", "203.0.113.12"},
			[]int{http.StatusOK, http.StatusOK, http.StatusTooManyRequests}},
		{"another proxy trusted", []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")},
			[]string{"203.0.113.10", "203.0.113.11", "203.0.113.12"},
			[]int{http.StatusOK, http.StatusOK, http.StatusTooManyRequests}},
		{"loopback trusted", []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")},
			[]string{"203.0.113.10", "203.0.113.11", "203.0.113.12"},
			[]int{http.StatusOK, http.StatusOK, http.StatusOK}},
		{"spoofed hops left of the proxy's", []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")},
			[]string{"198.51.100.1, 203.0.113.20", "198.51.100.2, 203.0.113.20", "198.51.100.3, 203.0.113.20"},
			[]int{http.StatusOK, http.StatusOK, http.StatusTooManyRequests}},
		{"chain of trusted proxies", []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("10.0.0.0/8")},
			[]string{"203.0.113.30, 10.0.0.1", "203.0.113.30, 10.0.0.2", "203.0.113.31, 10.0.0.1"},
			[]int{http.StatusOK, http.StatusOK, http.StatusOK}},
	}
	eachRateStore(t, func(t *testing.T, e *authtest.Engine, store []auth.Option) {
		for i, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				f := newRateFixture(t, e, rules, append([]auth.Option{auth.WithTrustedProxies(tt.proxies...)}, store...)...)
				// Every case counts in a window of its own, since the cases
				// without a trusted proxy share the loopback address.
				f.clock.Advance(time.Duration(i) * time.Hour)
				for j, xff := range tt.xff {
					if res := f.pingFrom(xff, ""); res.Status != tt.want[j] {
						t.Errorf("ping %d with X-Forwarded-For %q = %d %s, want %d", j+1, xff, res.Status, res.Body, tt.want[j])
					}
				}
			})
		}
	})
}

// rateStep sets the clock to start+at, makes calls calls and expects the
// first allowed of them to pass and the rest to be refused.
type rateStep struct {
	at             time.Duration
	calls, allowed int
}

// runSteps runs steps as Go calls on the account key and reports every
// call whose outcome is not the expected one.
func (f *rateFixture) runSteps(t *testing.T, account string, steps []rateStep) {
	t.Helper()
	for _, st := range steps {
		f.at(t, st.at)
		for i := range st.calls {
			err := f.pingGo(account)
			switch {
			case i < st.allowed && err != nil:
				t.Errorf("at %v: call %d of %d = %v, want nil", st.at, i+1, st.calls, err)
			case i >= st.allowed && !errors.Is(err, auth.ErrRateLimited):
				t.Errorf("at %v: call %d of %d = %v, want %v", st.at, i+1, st.calls, err, auth.ErrRateLimited)
			}
		}
	}
}

// TestRateLimitWindows proves a fixed window counts from zero in each
// window, while a sliding one adds the previous window's count weighted by
// how much of it still overlaps the last window. Refused calls count.
func TestRateLimitWindows(t *testing.T) {
	tests := []struct {
		name  string
		rule  auth.RateRule
		steps []rateStep
	}{
		{"fixed", auth.RateRule{Limit: 3, Window: time.Minute}, []rateStep{
			{0, 4, 3},
			{59999 * time.Millisecond, 1, 0}, // still the first window
			{60 * time.Second, 4, 3},         // a new window starts from zero
			{125 * time.Second, 3, 3},        // the previous window's 4 do not weigh
			{10 * time.Minute, 3, 3},
		}},
		{"sliding", auth.RateRule{Limit: 4, Window: time.Minute, Sliding: true}, []rateStep{
			{0, 5, 4},                        // 5 counted
			{59999 * time.Millisecond, 1, 0}, // 6 counted
			{90 * time.Second, 2, 1},         // 6 × ½ = 3 weigh: 3+1 passes, 3+2 does not
			{117 * time.Second, 2, 1},        // 6 × 0.05 weigh: 0.3+3 passes, 0.3+4 does not
			{120 * time.Second, 1, 0},        // the previous 4 weigh whole: 4+1
			{150 * time.Second, 2, 1},        // 4 × ½: 2+2 passes, 2+3 does not
			{300 * time.Second, 5, 4},        // the window before was empty
		}},
	}
	eachRateStore(t, func(t *testing.T, e *authtest.Engine, store []auth.Option) {
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				f := newRateFixture(t, e, auth.RateRules{Account: tt.rule}, store...)
				f.runSteps(t, tt.name, tt.steps)
			})
		}
	})
}

// TestRateLimitRetryAfter proves RetryAfter means what it says: a call
// made once it has passed is allowed, for fixed and sliding windows.
func TestRateLimitRetryAfter(t *testing.T) {
	fixed := auth.RateRule{Limit: 3, Window: time.Minute}
	sliding := auth.RateRule{Limit: 4, Window: time.Minute, Sliding: true}
	tests := []struct {
		name  string
		rule  auth.RateRule
		steps []rateStep // the last call is refused
	}{
		{"fixed", fixed, []rateStep{{0, 4, 3}}},
		{"fixed, mid-window", fixed, []rateStep{{20500 * time.Millisecond, 4, 3}}},
		{"sliding, the current window over the limit", sliding, []rateStep{{0, 5, 4}}},
		{"sliding, the previous window weighing", sliding, []rateStep{{0, 4, 4}, {90 * time.Second, 3, 2}}},
	}
	eachRateStore(t, func(t *testing.T, e *authtest.Engine, store []auth.Option) {
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				f := newRateFixture(t, e, auth.RateRules{Account: tt.rule}, store...)
				last := tt.steps[len(tt.steps)-1]
				f.runSteps(t, tt.name, tt.steps[:len(tt.steps)-1])
				f.runSteps(t, tt.name, []rateStep{{last.at, last.calls - 1, last.allowed}})
				ra := rateRetryAfter(t, "the refused call", f.pingGo(tt.name))
				f.clock.Advance(ra)
				if err := f.pingGo(tt.name); err != nil {
					t.Errorf("pingGo(%q) RetryAfter (%v) after a refusal = %v, want nil", tt.name, ra, err)
				}
			})
		}
	})
}

// TestRateLimitOptions proves WithRateLimit replaces an operation's rules
// and WithoutRateLimits turns limiting off, counting nothing; and that
// New refuses rules for an unknown operation or without a window.
func TestRateLimitOptions(t *testing.T) {
	declared := auth.RateRules{Account: auth.RateRule{Limit: 1, Window: time.Minute}}
	tests := []struct {
		name    string
		opts    []auth.Option
		allowed int // of 5 calls
		counts  bool
	}{
		{"declared rules", nil, 1, true},
		{"WithRateLimit looser", []auth.Option{auth.WithRateLimit("rateprobe.ping",
			auth.RateRules{Account: auth.RateRule{Limit: 3, Window: time.Minute}})}, 3, true},
		{"WithRateLimit none", []auth.Option{auth.WithRateLimit("rateprobe.ping", auth.RateRules{})}, 5, false},
		{"WithRateLimit of another operation", []auth.Option{auth.WithRateLimit("rateprobe.check", auth.RateRules{})}, 1, true},
		{"WithoutRateLimits", []auth.Option{auth.WithoutRateLimits()}, 5, false},
	}
	eachRateStore(t, func(t *testing.T, e *authtest.Engine, store []auth.Option) {
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				f := newRateFixture(t, e, declared, append(append([]auth.Option{}, store...), tt.opts...)...)
				before := len(rateCounts(t, f.a))
				for i := range 5 {
					err := f.pingGo(tt.name)
					if i < tt.allowed && err != nil || i >= tt.allowed && !errors.Is(err, auth.ErrRateLimited) {
						t.Errorf("pingGo(%q) call %d = %v, want %d of 5 allowed", tt.name, i+1, err, tt.allowed)
					}
				}
				if len(store) == 0 {
					rows := len(rateCounts(t, f.a)) - before
					if counted := rows > 0; counted != tt.counts {
						t.Errorf("rate-limit rows added = %d, want counting %v", rows, tt.counts)
					}
				}
			})
		}
		for _, opt := range []auth.Option{
			auth.WithRateLimit("rateprobe.nope", declared),
			auth.WithRateLimit("rateprobe.ping", auth.RateRules{IP: auth.RateRule{Limit: 1}}),
			auth.WithRateLimit("rateprobe.ping", auth.RateRules{IP: auth.RateRule{Limit: -1, Window: time.Minute}}),
		} {
			_, err := auth.New(auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
				auth.WithPlugins(authtest.NewLogin(), newRateProbe(declared)), opt)
			if err == nil {
				t.Errorf("auth.New with a bad WithRateLimit = nil, want an error")
			}
		}
	})
}

// TestRateLimitEvents proves the event sink hears of a limit passed once
// per window, however many calls are refused in it, per IP and per account.
func TestRateLimitEvents(t *testing.T) {
	eachRateStore(t, func(t *testing.T, e *authtest.Engine, store []auth.Option) {
		t.Run("fixed, per IP", func(t *testing.T) {
			rules := auth.RateRules{IP: auth.RateRule{Limit: 2, Window: time.Minute}}
			f := newRateFixture(t, e, rules, append([]auth.Option{trustLoopback}, store...)...)
			ip := "203.0.113.50"
			for _, st := range []struct {
				at    time.Duration
				calls int
				want  int // events so far
			}{
				{0, 2, 0},
				{0, 4, 1},
				{30 * time.Second, 3, 1},
				{60 * time.Second, 2, 1},
				{60 * time.Second, 5, 2},
				{119 * time.Second, 5, 2},
			} {
				f.at(t, st.at)
				for range st.calls {
					f.pingFrom(ip, "")
				}
				if got := len(f.events.of(auth.EventRateLimited)); got != st.want {
					t.Errorf("at %v: %d rate_limited events, want %d", st.at, got, st.want)
				}
			}
			evs := f.events.of(auth.EventRateLimited)
			want := auth.Event{Type: auth.EventRateLimited, Time: start, Op: "rateprobe.ping",
				IP: netip.MustParseAddr(ip), Detail: "per IP"}
			if len(evs) == 0 {
				t.Fatalf("no rate_limited event")
			}
			first := evs[0]
			if first.ID == "" || first.UserAgent != "Go-http-client/1.1" {
				t.Errorf("first event's ID %q and user agent %q, want an ID and the client's", first.ID, first.UserAgent)
			}
			first.ID, first.UserAgent = "", ""
			if first != want {
				t.Errorf("first event = %+v, want %+v", first, want)
			}
			if len(evs) == 2 && !evs[1].Time.Equal(start.Add(time.Minute)) {
				t.Errorf("second event at %v, want %v", evs[1].Time, start.Add(time.Minute))
			}
		})
		for _, tt := range []struct {
			name  string
			rule  auth.RateRule
			steps []rateStep
		}{
			{"fixed, per account", auth.RateRule{Limit: 2, Window: time.Minute},
				[]rateStep{{0, 5, 2}, {45 * time.Second, 3, 0}}},
			// A client that keeps calling in the second window: its
			// first refusal there is reported, its later ones are not.
			{"sliding, per account", auth.RateRule{Limit: 4, Window: time.Minute, Sliding: true},
				[]rateStep{{0, 4, 4}, {90 * time.Second, 3, 2}, {105 * time.Second, 1, 0}, {110 * time.Second, 1, 0}}},
		} {
			t.Run(tt.name, func(t *testing.T) {
				f := newRateFixture(t, e, auth.RateRules{Account: tt.rule}, store...)
				f.runSteps(t, tt.name, tt.steps)
				evs := f.events.of(auth.EventRateLimited)
				if len(evs) != 1 {
					t.Fatalf("%d rate_limited events in one window, want 1: %+v", len(evs), evs)
				}
				if ev := evs[0]; ev.Op != "rateprobe.ping" || ev.Detail != "per account" || ev.IP.IsValid() {
					t.Errorf("event = %+v, want op rateprobe.ping, per account, no IP", ev)
				}
			})
		}
	})
}

// TestCredentialStuffing proves one client failing 31 credential checks
// in the window raises one credential_stuffing event: successes, invalid
// requests, other clients and Go calls without a client do not count.
func TestCredentialStuffing(t *testing.T) {
	eachRateStore(t, func(t *testing.T, e *authtest.Engine, store []auth.Option) {
		f := newRateFixture(t, e, auth.RateRules{}, append([]auth.Option{trustLoopback}, store...)...)
		check := func(ip, password string, want int) {
			t.Helper()
			res := f.c.Do(http.MethodPost, "/auth/rateprobe/check", map[string]string{"password": password},
				http.Header{"X-Forwarded-For": {ip}})
			if res.Status != want {
				t.Fatalf("check from %s = %d %s, want %d", ip, res.Status, res.Body, want)
			}
		}
		stuffing := func() int { return len(f.events.of(auth.EventCredentialStuffing)) }
		for range 40 {
			check("203.0.113.60", "right", http.StatusOK)
			check("203.0.113.63", "", http.StatusBadRequest) // no check made, so no failed one
			if _, err := f.probe.check.Run(context.Background(), rateCheck{Password: auth.NewSecret("wrong")}); !errors.Is(err, errBadPassword) {
				t.Fatalf("check from Go = %v, want %v", err, errBadPassword)
			}
		}
		for i := range 30 {
			check("203.0.113.61", "wrong", http.StatusUnauthorized)
			check("203.0.113.62", "wrong", http.StatusUnauthorized)
			if n := stuffing(); n != 0 {
				t.Fatalf("after %d failures per client, %d credential_stuffing events, want 0", i+1, n)
			}
		}
		check("203.0.113.61", "wrong", http.StatusUnauthorized)
		evs := f.events.of(auth.EventCredentialStuffing)
		if len(evs) != 1 || evs[0].IP != netip.MustParseAddr("203.0.113.61") || evs[0].Op != "rateprobe.check" {
			t.Fatalf("after the 31st failure, events = %+v, want one credential_stuffing of 203.0.113.61", evs)
		}
		for range 20 {
			check("203.0.113.61", "wrong", http.StatusUnauthorized)
		}
		if n := stuffing(); n != 1 {
			t.Errorf("after 51 failures, %d credential_stuffing events, want 1", n)
		}
	})
}

// TestRateLimitConcurrent proves 50 simultaneous calls on one key are all
// counted, on every engine: none lost, exactly the limit allowed, and the
// limit reported once.
func TestRateLimitConcurrent(t *testing.T) {
	const callers, limit = 50, 25
	rules := auth.RateRules{Account: auth.RateRule{Limit: limit, Window: time.Hour}}
	eachRateStore(t, func(t *testing.T, e *authtest.Engine, store []auth.Option) {
		f := newRateFixture(t, e, rules, store...)
		begin := make(chan struct{})
		errs := make([]error, callers)
		var wg sync.WaitGroup
		for i := range callers {
			wg.Go(func() {
				<-begin
				errs[i] = f.pingGo("hot")
			})
		}
		close(begin)
		wg.Wait()
		allowed := 0
		for i, err := range errs {
			switch {
			case err == nil:
				allowed++
			case !errors.Is(err, auth.ErrRateLimited):
				t.Errorf("caller %d: pingGo = %v, want nil or %v", i, err, auth.ErrRateLimited)
			}
		}
		if len(store) == 0 {
			if got := rateCounts(t, f.a); !slices.Equal(got, []int64{callers}) {
				t.Errorf("rate-limit counts after %d simultaneous calls = %v, want [%d]", callers, got, callers)
			}
		}
		if allowed != limit {
			t.Errorf("%d of %d simultaneous calls allowed, want %d", allowed, callers, limit)
		}
		if n := len(f.events.of(auth.EventRateLimited)); n != 1 {
			t.Errorf("%d rate_limited events, want 1", n)
		}
	})
}
