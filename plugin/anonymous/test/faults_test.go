package test

import (
	"context"
	"fmt"
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
	"github.com/sesame-go/sesame/sqlb"
)

// state renders the rows the plugin's paths touch, so that a failed call
// can be shown to have changed nothing.
func state(t *testing.T, db *sqlb.DB) string {
	t.Helper()
	ctx := context.Background()
	var out []string
	var id, a string
	var guest bool
	collect := func(q *sqlb.SelectStmt, row func() string) {
		t.Helper()
		if err := db.All(ctx, q, func() error { out = append(out, row()); return nil }); err != nil {
			t.Fatal(err)
		}
	}
	collect(sqlb.Select(auth.UserID.Into(&id), auth.UserName.Into(&a), anonymous.UserGuest.Into(&guest)).From(auth.Users).OrderBy(auth.UserID.Asc()),
		func() string { return fmt.Sprint("user ", id, " ", a, " ", guest) })
	collect(sqlb.Select(auth.SessionID.Into(&id), auth.SessionUserID.Into(&a)).From(auth.Sessions).OrderBy(auth.SessionID.Asc()),
		func() string { return "session " + id + " " + a })
	collect(sqlb.Select(auth.IdentityID.Into(&id), auth.IdentityUserID.Into(&a)).From(auth.Identities).OrderBy(auth.IdentityID.Asc()),
		func() string { return "identity " + id + " " + a })
	collect(sqlb.Select(CartID.Into(&id), CartUserID.Into(&a)).From(Carts).OrderBy(CartID.Asc()),
		func() string { return "cart " + id + " " + a })
	return strings.Join(out, "\n")
}

// TestFaultsAtEveryStatement runs the guest sign-in, the sweep, and the
// sign-up, sign-in and second step through the plugin's hooks, with a
// failure at each statement and at the commit: each run fails and
// changes nothing.
func TestFaultsAtEveryStatement(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		clock := authtest.NewClock(start)
		hasher, err := argon2id.New(argon2id.Params{Memory: 1024, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32})
		if err != nil {
			t.Fatal(err)
		}
		sh, gt := &shop{}, newGate()
		pw := password.New(password.WithHasher(hasher), password.WithoutRecovery(), password.WithoutVerification())
		guests := anonymous.New(anonymous.WithOnLink(sh.link), anonymous.WithMaxAge(time.Hour))
		a, err := auth.New(auth.WithDB(pool, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithClock(clock.Now),
			auth.WithPlugins(email.New(), pw, sh, gt, guests), auth.WithoutRateLimits(), auth.WithRateLimitStore(auth.NewMemoryRateStore()))
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		if err := a.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		first := authtest.NewClient(t, authhttp.Handler(a))
		client := func() *authtest.Client {
			c := authtest.ClientOf(t, first.BaseURL())
			c.Bearer = true
			return c
		}
		n := 0
		var c *authtest.Client
		var addr string
		// guest makes a guest with a cart on c, and a person to sign in to.
		guest := func(t *testing.T) {
			n++
			clock.Advance(2 * time.Hour) // the guests before are past their age
			c = client()
			var g anonymous.Guest
			if res := c.Post("/auth/anonymous/sign-in", struct{}{}); res.Status != http.StatusOK {
				t.Fatalf("setup guest = %d %s", res.Status, res.Body)
			} else {
				res.Decode(t, &g)
			}
			if _, err := a.DB().Exec(ctx, sqlb.Insert(Carts).Row(CartID.Set(a.NewID()), CartUserID.Set(g.User.ID))); err != nil {
				t.Fatal(err)
			}
			addr = fmt.Sprintf("p%d@example.com", n)
			u, err := a.CreateUser(ctx, auth.NewUser{Identities: []auth.NewIdentity{{Kind: email.Kind, Value: addr, Verified: true}}})
			if err != nil {
				t.Fatal(err)
			}
			if err := pw.SetPassword(ctx, u.ID, auth.NewSecret(goodPassword)); err != nil {
				t.Fatal(err)
			}
		}
		status := func(res *authtest.Response) error {
			if res.Status == http.StatusOK {
				return nil
			}
			if res.Status != http.StatusInternalServerError || res.ErrorCode() != "internal" {
				t.Fatalf("with a fault = %d %s, want 200 or 500 internal", res.Status, res.Body)
			}
			return fmt.Errorf("%d", res.Status)
		}
		var run func() error
		ops := []struct {
			name  string
			setup func(t *testing.T)
		}{
			{"guest sign-in", func(t *testing.T) {
				run = func() error { return status(client().Post("/auth/anonymous/sign-in", struct{}{})) }
			}},
			{"sweep", func(t *testing.T) {
				run = func() error {
					n, err := guests.Sweep(ctx, nil, clock.Now())
					if err == nil && n == 0 {
						t.Fatal("Sweep deleted nothing: the fault test proves nothing")
					}
					return err
				}
			}},
			{"sign-up of a guest", func(t *testing.T) {
				run = func() error {
					return status(c.Post("/auth/password/sign-up", map[string]string{"email": "new-" + addr, "password": goodPassword}))
				}
			}},
			{"sign-in of a guest", func(t *testing.T) {
				gt.on = false
				run = func() error {
					return status(c.Post("/auth/password/sign-in", map[string]string{"email": addr, "password": goodPassword}))
				}
			}},
			{"second step of a guest's sign-in", func(t *testing.T) {
				gt.on = true // the sign-in's session waits for the gate; the link waits with it
				if res := c.Post("/auth/password/sign-in", map[string]string{"email": addr, "password": goodPassword}); res.Status != http.StatusOK {
					t.Fatalf("setup sign-in = %d %s", res.Status, res.Body)
				}
				run = func() error { return status(c.Post("/auth/gate/pass", struct{}{})) }
			}},
		}
		clean := e.SQL()
		for _, op := range ops {
			t.Run(op.name, func(t *testing.T) {
				var before string
				faults.Each(t, func(t *testing.T) {
					guest(t)
					op.setup(t)
					before = state(t, clean)
				}, func() error { return run() }, func(t *testing.T) {
					if after := state(t, clean); after != before {
						t.Fatalf("a failed %s changed the database:\nbefore:\n%s\nafter:\n%s", op.name, before, after)
					}
				})
			})
		}
	})
}
