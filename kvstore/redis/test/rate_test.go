package test

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
)

// base is the instant the rate tests count from: 123 ms into a second,
// so that windows do not begin with the sequences.
var base = time.Date(2026, 11, 23, 9, 0, 0, 123_000_000, time.UTC)

// step is one Take of a sequence: at base+at, under key, against rule.
type step struct {
	at   time.Duration
	key  string
	rule auth.RateRule
}

var (
	fixed3   = auth.RateRule{Limit: 3, Window: time.Second}
	sliding3 = auth.RateRule{Limit: 3, Window: time.Second, Sliding: true}
)

// steps builds the Takes of one key and rule at the given offsets in ms.
func steps(rule auth.RateRule, ms ...int) []step {
	out := make([]step, len(ms))
	for i, m := range ms {
		out[i] = step{at: time.Duration(m) * time.Millisecond, key: "k", rule: rule}
	}
	return out
}

// TestRateAgreesWithCore runs sequences of Takes through the Redis store
// and the core's memory store, whose computation (window.take) the
// database store shares: every answer (allowed, count, Retry-After, the
// first refusal of a window) must be the same.
func TestRateAgreesWithCore(t *testing.T) {
	authtest.RedisURL(t) // skip once, not in every subtest
	tests := []struct {
		name  string
		steps []step
	}{
		{"fixed window: the limit, then refusals reported once", steps(fixed3, 0, 10, 20, 30, 40, 50)},
		{"fixed window: a new window allows again", steps(fixed3, 0, 10, 20, 30, 900, 1000, 1010, 1020, 1030)},
		{"fixed window: a burst at the edge passes", steps(fixed3, 850, 860, 870, 880, 900, 1000, 1010, 1020)},
		{"sliding window: the previous window weighs", steps(sliding3, 0, 10, 20, 30, 1000, 1100, 1500, 1877, 1900, 2500)},
		{"sliding window: a burst at the edge is refused", steps(sliding3, 850, 860, 870, 880, 900, 1000, 1010, 1020)},
		{"sliding window: refused calls count", steps(sliding3, 0, 1, 2, 3, 4, 5, 6, 7, 1200, 1300, 1999, 2001)},
		{"a gap of two windows forgets the count", steps(sliding3, 0, 10, 20, 30, 2900, 2910, 2920, 2930)},
		{"a clock behind counts into the window ahead", steps(fixed3, 1000, 1010, 20, 30, 1040, 1050)},
		{"a clock behind by more than a window", steps(sliding3, 3000, 3010, 100, 3020, 3030)},
		{"limit 1", steps(auth.RateRule{Limit: 1, Window: time.Minute, Sliding: true}, 0, 1, 30_000, 59_000, 60_000, 61_000, 90_000, 119_000, 125_000)},
		{"refusal reported again in the next window", steps(fixed3, 0, 1, 2, 3, 4, 1000, 1001, 1002, 1003, 1004)},
		{"random", randomSteps(500)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			redisStore := newSpace(t).rates()
			memStore := auth.NewMemoryRateStore()
			ctx := context.Background()
			for i, s := range tt.steps {
				now := base.Add(s.at)
				got, err := redisStore.Take(ctx, s.key, s.rule, now)
				if err != nil {
					t.Fatalf("step %d: Take = %v", i, err)
				}
				want, _ := memStore.Take(ctx, s.key, s.rule, now)
				if got != want {
					t.Fatalf("step %d: Take(%q, %+v, +%v) = %+v, want %+v (the core's)", i, s.key, s.rule, s.at, got, want)
				}
			}
		})
	}
}

// randomSteps is a sequence over three keys and four rules, with times
// mostly moving forward, sometimes back (an instance whose clock lags).
func randomSteps(n int) []step {
	r := rand.New(rand.NewPCG(13, 42))
	rules := []auth.RateRule{fixed3, sliding3,
		{Limit: 5, Window: 700 * time.Millisecond, Sliding: true}, {Limit: 2, Window: 250 * time.Millisecond}}
	keys := []string{"a", "b", "c"}
	out := make([]step, n)
	var at time.Duration
	for i := range out {
		at += time.Duration(r.IntN(120)) * time.Millisecond
		when := at
		if r.IntN(10) == 0 {
			when -= time.Duration(r.IntN(1500)) * time.Millisecond
		}
		// Each key keeps to one rule, as an operation's key does.
		k := r.IntN(len(keys))
		out[i] = step{at: when, key: keys[k], rule: rules[(k+i/100)%len(rules)]}
	}
	return out
}

// TestRateExactUnderConcurrency: Takes of one key from many goroutines,
// through two clients of their own (two instances), allow exactly the
// limit and report the refusal exactly once.
func TestRateExactUnderConcurrency(t *testing.T) {
	authtest.RedisURL(t) // skip once, not in every subtest
	for _, rule := range []auth.RateRule{
		{Limit: 100, Window: time.Minute},
		{Limit: 100, Window: time.Minute, Sliding: true},
	} {
		t.Run(map[bool]string{false: "fixed", true: "sliding"}[rule.Sliding], func(t *testing.T) {
			sp := newSpace(t)
			stores := []auth.RateStore{sp.rates(), sp.twin(t).rates()}
			var allowed, first atomic.Int64
			var wg sync.WaitGroup
			now := base
			for g := range 64 {
				wg.Go(func() {
					for range 8 {
						res, err := stores[g%2].Take(context.Background(), "ip\x00password.signIn\x00192.0.2.1", rule, now)
						if err != nil {
							t.Error(err)
							return
						}
						if res.Allowed {
							allowed.Add(1)
						}
						if res.FirstRefusal {
							first.Add(1)
						}
					}
				})
			}
			wg.Wait()
			if got := allowed.Load(); got != int64(rule.Limit) {
				t.Errorf("%d of 512 concurrent calls allowed, want exactly %d", got, rule.Limit)
			}
			if got := first.Load(); got != 1 {
				t.Errorf("%d first refusals, want 1", got)
			}
		})
	}
}

// TestRateExactAcrossInstances: two auth.Auth instances on one database
// and one Redis limit sign-ins together: of 40 concurrent sign-ins of one
// account, spread over both, exactly the limit pass, the others answer
// rate_limited, and one rate-limit event is raised in all.
func TestRateExactAcrossInstances(t *testing.T) {
	sp := newSpace(t)
	e := authtest.SQLiteEngine(t)
	const limit = 10
	// The account exists before the race, made by an instance without
	// limits: the race is about counting, not about creating users.
	_, setup := newLoginAuth(t, e, auth.WithoutRateLimits())
	if _, err := setup.SignIn(context.Background(), "ada"); err != nil {
		t.Fatal(err)
	}

	var events atomic.Int64
	sink := func(_ context.Context, ev auth.Event) {
		if ev.Type == auth.EventRateLimited {
			events.Add(1)
		}
	}
	var logins []*authtest.Login
	for range 2 {
		_, l := newLoginAuth(t, &authtest.Engine{Name: e.Name, Dialect: e.Dialect, DB: e.Open(t)},
			auth.WithRateLimitStore(sp.twin(t).rates()), auth.WithEventSink(sink),
			auth.WithRateLimit("authtest.signIn", auth.RateRules{Account: auth.RateRule{Limit: limit, Window: time.Hour}}))
		logins = append(logins, l)
	}
	var ok, limited atomic.Int64
	var wg sync.WaitGroup
	for i := range 40 {
		wg.Go(func() {
			_, err := logins[i%2].SignIn(context.Background(), "ada")
			switch {
			case err == nil:
				ok.Add(1)
			case errors.Is(err, auth.ErrRateLimited):
				limited.Add(1)
			default:
				t.Errorf("SignIn = %v, want success or rate_limited", err)
			}
		})
	}
	wg.Wait()
	if ok.Load() != limit || limited.Load() != 40-limit {
		t.Errorf("%d sign-ins passed and %d were limited, want %d and %d", ok.Load(), limited.Load(), limit, 40-limit)
	}
	if got := events.Load(); got != 1 {
		t.Errorf("%d rate-limit events, want 1", got)
	}
}

// TestRateKeys: a counter's key is a hash of the rate key under the
// prefix, and neither it nor its value holds the client's address or the
// account; it expires on its own two windows after its window began.
func TestRateKeys(t *testing.T) {
	sp := newSpace(t)
	ctx := context.Background()
	store := sp.rates()
	key := "account\x00password.signIn\x00ada@example.com"
	rule := auth.RateRule{Limit: 5, Window: 300 * time.Millisecond}
	now := time.Now()
	if _, err := store.Take(ctx, key, rule, now); err != nil {
		t.Fatal(err)
	}
	keys := sp.keys(t, "*")
	if len(keys) != 1 {
		t.Fatalf("keys after one Take: %q, want one", keys)
	}
	k := keys[0]
	if !strings.HasPrefix(k, sp.prefix+"rate:") || len(k) != len(sp.prefix+"rate:")+64 {
		t.Errorf("key %q, want %srate: and a SHA-256 in hex", k, sp.prefix)
	}
	vals, err := sp.rdb.HGetAll(ctx, k).Result()
	if err != nil {
		t.Fatal(err)
	}
	for f, v := range vals {
		if strings.Contains(k+f+v, "ada") || strings.Contains(k+f+v, "example.com") {
			t.Errorf("the counter holds the account: %q %q=%q", k, f, v)
		}
	}
	// The window began at most 300 ms ago: the counter lives at most 600.
	if ttl := sp.rdb.PTTL(ctx, k).Val(); ttl <= 0 || ttl > 600*time.Millisecond {
		t.Errorf("PTTL = %v, want in (0, 600ms]", ttl)
	}
	deadline := time.Now().Add(3 * time.Second)
	for sp.rdb.Exists(ctx, k).Val() == 1 {
		if time.Now().After(deadline) {
			t.Fatalf("the counter still exists 3s after its window")
		}
		time.Sleep(50 * time.Millisecond)
	}
}
