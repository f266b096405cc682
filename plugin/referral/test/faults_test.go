package test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/password/argon2id"
	"github.com/sesame-go/sesame/plugin/referral"
	"github.com/sesame-go/sesame/sqlb"
)

// state renders the rows the plugin's operations touch.
func state(t *testing.T, db *sqlb.DB) string {
	t.Helper()
	ctx := context.Background()
	var out []string
	var a, b string
	collect := func(q *sqlb.SelectStmt, row func() string) {
		t.Helper()
		if err := db.All(ctx, q, func() error { out = append(out, row()); return nil }); err != nil {
			t.Fatal(err)
		}
	}
	collect(sqlb.Select(referral.CodeUserID.Into(&a), referral.CodeValue.Into(&b)).From(referral.Codes).OrderBy(referral.CodeUserID.Asc()),
		func() string { return "code " + a + " " + b })
	collect(sqlb.Select(referral.ReferralReferredID.Into(&a), referral.ReferralReferrerID.Into(&b)).From(referral.Referrals).
		OrderBy(referral.ReferralReferredID.Asc()), func() string { return "referral " + a + " " + b })
	collect(sqlb.Select(auth.UserID.Into(&a)).From(auth.Users).OrderBy(auth.UserID.Asc()), func() string { return "user " + a })
	return strings.Join(out, "\n")
}

// TestFaultsAtEveryStatement runs every operation of the plugin, and a
// sign-up that records a referral, with a failure at each statement and
// at the commit: each run fails and changes nothing.
func TestFaultsAtEveryStatement(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		hasher, err := argon2id.New(argon2id.Params{Memory: 1024, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32})
		if err != nil {
			t.Fatal(err)
		}
		ref := referral.New()
		pw := password.New(password.WithHasher(hasher), password.WithoutRecovery(), password.WithoutVerification())
		a, err := auth.New(auth.WithDB(pool, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithPlugins(email.New(), pw, ref),
			auth.WithoutRateLimits(), auth.WithRateLimitStore(auth.NewMemoryRateStore()))
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		if err := a.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		first := authtest.NewClient(t, authhttp.Handler(a))
		n := 0
		var c, b *authtest.Client
		var code, userID string
		// person makes a person signed in on c holding a code, and a new
		// browser b that applied it.
		person := func(t *testing.T) {
			n++
			addr := fmt.Sprintf("p%d@example.com", n)
			u, err := a.CreateUser(ctx, auth.NewUser{Identities: []auth.NewIdentity{{Kind: email.Kind, Value: addr, Verified: true}}})
			if err != nil {
				t.Fatal(err)
			}
			userID = u.ID
			if err := pw.SetPassword(ctx, u.ID, auth.NewSecret(goodPassword)); err != nil {
				t.Fatal(err)
			}
			c = authtest.ClientOf(t, first.BaseURL())
			c.Bearer = true
			for _, step := range []struct {
				path string
				body any
			}{{"/auth/password/sign-in", map[string]string{"email": addr, "password": goodPassword}}, {"/auth/referral/code", struct{}{}}} {
				res := c.Post(step.path, step.body)
				if res.Status != http.StatusOK {
					t.Fatalf("setup %s = %d %s", step.path, res.Status, res.Body)
				}
				var out referral.Code
				res.Decode(t, &out)
				code = out.Code
			}
			b = authtest.ClientOf(t, first.BaseURL())
			if res := b.Post("/auth/referral/apply", map[string]string{"code": code}); res.Status != http.StatusOK {
				t.Fatalf("setup apply = %d %s", res.Status, res.Body)
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
		ops := []struct {
			name  string
			setup func(t *testing.T)
			do    func() error
		}{
			{"a first code", func(t *testing.T) {
				if _, err := a.DB().Exec(ctx, sqlb.Delete(referral.Codes).Where(referral.CodeUserID.Eq(userID))); err != nil {
					t.Fatal(err)
				}
			}, func() error { return status(c.Post("/auth/referral/code", struct{}{})) }},
			{"the code again", nil, func() error { return status(c.Post("/auth/referral/code", struct{}{})) }},
			{"stats", nil, func() error { return status(c.Get("/auth/referral")) }},
			{"apply", nil, func() error {
				return status(authtest.ClientOf(t, first.BaseURL()).Post("/auth/referral/apply", map[string]string{"code": code}))
			}},
			{"lookup", nil, func() error { _, err := ref.Lookup(ctx, userID); return err }},
			{"a referred sign-up", nil, func() error {
				return status(b.Post("/auth/password/sign-up", map[string]string{"email": fmt.Sprintf("new%d@example.com", n), "password": goodPassword}))
			}},
		}
		clean := e.SQL()
		for _, op := range ops {
			t.Run(op.name, func(t *testing.T) {
				var before string
				faults.Each(t, func(t *testing.T) {
					person(t)
					if op.setup != nil {
						op.setup(t)
					}
					before = state(t, clean)
				}, op.do, func(t *testing.T) {
					if after := state(t, clean); after != before {
						t.Fatalf("a failed %s changed the database:\nbefore:\n%s\nafter:\n%s", op.name, before, after)
					}
				})
			})
		}
	})
}
