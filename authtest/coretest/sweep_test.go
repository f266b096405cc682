package coretest

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/sqlb"
)

// The sweep probe's table of expiring items.
var (
	sweepItems         = sqlb.NewTable("sweepprobe_item")
	sweepItemID        = sqlb.NewColumn[string](sweepItems, "id", sqlb.String(36))
	sweepItemExpiresAt = sqlb.NewColumn[time.Time](sweepItems, "expires_at", sqlb.Time())
)

func init() { sweepItems.PrimaryKey(sweepItemID) }

// sweepProbe is a test plugin with a table of expiring items and a
// Sweeper that deletes the expired ones and remembers when it ran.
type sweepProbe struct {
	mu   sync.Mutex
	nows []time.Time
}

var (
	_ auth.Sweeper = (*sweepProbe)(nil)
	_ auth.Schema  = (*sweepProbe)(nil)
)

func (p *sweepProbe) Name() string          { return "sweepprobe" }
func (p *sweepProbe) Tables() []*sqlb.Table { return []*sqlb.Table{sweepItems} }
func (p *sweepProbe) Migrations() []auth.Migration {
	return []auth.Migration{auth.Changes("001_items", sqlb.CreateTable(sweepItems))}
}

func (p *sweepProbe) Sweep(ctx context.Context, db *sqlb.DB, now time.Time) (int64, error) {
	p.mu.Lock()
	p.nows = append(p.nows, now)
	p.mu.Unlock()
	return db.Exec(ctx, sqlb.Delete(sweepItems).Where(sweepItemExpiresAt.Le(now)))
}

// errSweepBroken is what the broken sweeper fails with.
var errSweepBroken = errors.New("sweep probe: broken")

// brokenSweeper is a plugin whose Sweep always fails.
type brokenSweeper struct{}

func (brokenSweeper) Name() string { return "sweepbroken" }
func (brokenSweeper) Sweep(context.Context, *sqlb.DB, time.Time) (int64, error) {
	return 0, errSweepBroken
}

// sweepFixture is an instance with every kind of expiring row: sessions
// of the test sign-in, tokens and codes, rate counters and the probe's
// items.
type sweepFixture struct {
	a      *auth.Auth
	login  *authtest.Login
	rate   *rateProbe
	tokens *tokenFixture
	probe  *sweepProbe
	clock  *authtest.Clock
}

// newSweepFixture's instance has the plugins before ahead of the sweep
// probe.
func newSweepFixture(tb testing.TB, e *authtest.Engine, before []auth.Plugin, opts ...auth.Option) *sweepFixture {
	tb.Helper()
	f := &sweepFixture{login: authtest.NewLogin(), clock: authtest.NewClock(start), probe: &sweepProbe{},
		rate: newRateProbe(auth.RateRules{Account: auth.RateRule{Limit: 2, Window: 10 * time.Minute}})}
	f.tokens = &tokenFixture{p: newTokenProbe(), clock: f.clock}
	base := []auth.Option{auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithClock(f.clock.Now),
		auth.WithPlugins(f.login, f.rate, f.tokens.p), auth.WithPlugins(before...), auth.WithPlugins(f.probe),
		auth.WithSessionLifetime(time.Hour), auth.WithSessionUpdateAge(10 * time.Minute),
		// Sign-ins count nothing, so that the only rate counters are the probe's.
		auth.WithRateLimit("authtest.signIn", auth.RateRules{})}
	a, err := auth.New(append(base, opts...)...)
	if err != nil {
		tb.Fatalf("auth.New: %v", err)
	}
	if err := a.Migrate(context.Background()); err != nil {
		tb.Fatalf("Migrate: %v", err)
	}
	f.a, f.tokens.a = a, a
	return f
}

func (f *sweepFixture) signIn(tb testing.TB, name string) auth.Secret {
	tb.Helper()
	res, err := f.login.SignIn(context.Background(), name)
	if err != nil {
		tb.Fatalf("SignIn(%q) = %v", name, err)
	}
	return res.Token
}

func (f *sweepFixture) ping(account string) error {
	_, err := f.rate.ping.Run(context.Background(), ratePing{Account: account})
	return err
}

func (f *sweepFixture) item(tb testing.TB, id string, expires time.Time) {
	tb.Helper()
	_, err := f.a.DB().Exec(context.Background(), sqlb.Insert(sweepItems).Row(sweepItemID.Set(id), sweepItemExpiresAt.Set(expires)))
	if err != nil {
		tb.Fatalf("insert item %s: %v", id, err)
	}
}

func (f *sweepFixture) sweep(tb testing.TB, what string, want auth.SweepReport) {
	tb.Helper()
	got, err := f.a.Sweep(context.Background())
	if err != nil || !maps.Equal(got, want) {
		tb.Errorf("%s: Sweep() = %v, %v; want %v, nil", what, got, err, want)
	}
}

// rows counts a table's rows through the instance.
func (f *sweepFixture) rows(tb testing.TB, table *sqlb.Table) int64 {
	tb.Helper()
	var n int64
	if err := f.a.DB().One(context.Background(), sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(table)); err != nil {
		tb.Fatalf("count %s: %v", table.Name(), err)
	}
	return n
}

// TestSweep proves Sweep deletes expired sessions, used or expired tokens
// and codes, stale rate counters and, through the plugin's Sweeper, its
// expired rows; that it keeps the live ones, which go on working; that a
// row expiring at the very moment counts as expired; and that its report
// says how many it deleted of each.
func TestSweep(t *testing.T) {
	stores := []struct {
		name string
		opts func() []auth.Option
		inDB bool
	}{
		{"database sessions", func() []auth.Option { return nil }, true},
		{"memory sessions", func() []auth.Option {
			return []auth.Option{auth.WithSessionStore(auth.NewMemorySessionStore())}
		}, false},
	}
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		for _, st := range stores {
			t.Run(st.name, func(t *testing.T) {
				f := newSweepFixture(t, e, nil, st.opts()...)
				ctx := context.Background()
				tk := f.tokens
				sweepAt := start.Add(91 * time.Minute)

				// At start: a counter of a 10-minute window, a session of an hour,
				// tokens and codes used, expired, expiring at the sweep
				// and live, and the probe's items.
				if err := f.ping("x"); err != nil {
					t.Fatalf("ping x: %v", err)
				}
				f.signIn(t, "old")
				used := tk.token(t, auth.TokenSpec{Purpose: "p", Subject: "used", TTL: time.Hour})
				if _, err := tk.consumeToken("p", used); err != nil {
					t.Fatalf("ConsumeToken(used) = %v", err)
				}
				tk.token(t, auth.TokenSpec{Purpose: "p", Subject: "expired", TTL: 10 * time.Minute})
				tk.token(t, auth.TokenSpec{Purpose: "p", Subject: "edge", TTL: 91 * time.Minute})
				live := tk.token(t, auth.TokenSpec{Purpose: "p", Subject: "live", TTL: 3 * time.Hour})
				tk.code(t, auth.TokenSpec{Purpose: "c", Subject: "expired", TTL: 10 * time.Minute}, 6)
				liveCode := tk.code(t, auth.TokenSpec{Purpose: "c", Subject: "live", TTL: 3 * time.Hour}, 6)
				f.item(t, "gone", start.Add(30*time.Minute))
				f.item(t, "edge", sweepAt)
				f.item(t, "kept", start.Add(2*time.Hour))

				f.clock.Advance(31 * time.Minute)
				f.signIn(t, "edge") // expires at the sweep
				f.clock.Advance(59 * time.Minute)
				current := f.signIn(t, "new")
				if err := f.ping("y"); err != nil {
					t.Fatalf("ping y: %v", err)
				}

				f.clock.Advance(time.Minute)
				f.sweep(t, "first sweep", auth.SweepReport{"sessions": 2, "tokens": 4, "rate_limits": 1, "sweepprobe": 2, "unverified_identities": 0, "outbox": 0})
				f.probe.mu.Lock()
				nows := f.probe.nows
				f.probe.mu.Unlock()
				if len(nows) != 1 || !nows[0].Equal(sweepAt) {
					t.Errorf("the plugin's Sweep ran at %v, want once at %v", nows, sweepAt)
				}
				wantRows := map[*sqlb.Table]int64{auth.Tokens: 2, auth.RateLimits: 1, sweepItems: 1}
				if st.inDB {
					wantRows[auth.Sessions] = 1
				}
				for table, want := range wantRows {
					if got := f.rows(t, table); got != want {
						t.Errorf("%s rows after the sweep = %d, want %d", table.Name(), got, want)
					}
				}
				f.sweep(t, "second sweep", auth.SweepReport{"sessions": 0, "tokens": 0, "rate_limits": 0, "sweepprobe": 0, "unverified_identities": 0, "outbox": 0})

				// What was kept still works.
				if info, err := f.a.GetSession(auth.WithSessionToken(ctx, current)); err != nil || info.User.Name != "new" {
					t.Errorf("GetSession(the live session) = %+v, %v; want the session of new", info, err)
				}
				if _, err := tk.consumeToken("p", live); err != nil {
					t.Errorf("ConsumeToken(the live token) = %v, want nil", err)
				}
				if _, err := tk.consumeCode("c", "live", liveCode, 3); err != nil {
					t.Errorf("ConsumeCode(the live code) = %v, want nil", err)
				}
				// y's counter was kept: its second call of the window passes
				// and its third does not.
				if err := f.ping("y"); err != nil {
					t.Errorf("second ping of y = %v, want nil", err)
				}
				if err := f.ping("y"); !errors.Is(err, auth.ErrRateLimited) {
					t.Errorf("third ping of y = %v, want %v: the sweep lost the live counter", err, auth.ErrRateLimited)
				}

				// Long after, everything left has expired; this also leaves
				// the engine's tables empty for the next case.
				f.clock.Advance(24 * time.Hour)
				f.sweep(t, "sweep a day later", auth.SweepReport{"sessions": 1, "tokens": 2, "rate_limits": 1, "sweepprobe": 1, "unverified_identities": 0, "outbox": 0})
			})
		}
		t.Run("a failing sweeper", func(t *testing.T) {
			// It runs before the probe's, which runs all the same.
			f := newSweepFixture(t, e, []auth.Plugin{brokenSweeper{}})
			f.item(t, "gone", start)
			got, err := f.a.Sweep(context.Background())
			want := auth.SweepReport{"sessions": 0, "tokens": 0, "rate_limits": 0, "sweepprobe": 1, "unverified_identities": 0, "outbox": 0}
			if !errors.Is(err, errSweepBroken) || !maps.Equal(got, want) {
				t.Errorf("Sweep() = %v, %v; want %v and the broken sweeper's error", got, err, want)
			}
		})
	})
}

// TestSweepDuringTraffic proves Sweep can run, as cron runs it, while
// rate-limited calls come in: no call fails because the sweep deleted the
// counter row it was using. Every call is a new key's first, whose row is
// the newest.
func TestSweepDuringTraffic(t *testing.T) {
	const callers, calls = 20, 25
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newRateFixture(t, e, auth.RateRules{Account: auth.RateRule{Limit: 1, Window: time.Minute}})
		stop := make(chan struct{})
		swept := make(chan error, 1)
		go func() {
			for {
				select {
				case <-stop:
					swept <- nil
					return
				default:
				}
				if _, err := f.a.Sweep(context.Background()); err != nil {
					swept <- err
					return
				}
			}
		}()
		errs := make([]error, callers*calls)
		var wg sync.WaitGroup
		for i := range callers {
			wg.Go(func() {
				for j := range calls {
					errs[i*calls+j] = f.pingGo(fmt.Sprintf("caller %d, call %d", i, j))
				}
			})
		}
		wg.Wait()
		close(stop)
		if err := <-swept; err != nil {
			t.Errorf("Sweep() during the calls = %v, want nil", err)
		}
		failed := 0
		var first error
		for _, err := range errs {
			if err != nil {
				failed++
				first = cmp.Or(first, err)
			}
		}
		if failed > 0 {
			t.Errorf("%d of %d calls failed during sweeps, the first with %v; want none", failed, len(errs), first)
		}
	})
}
