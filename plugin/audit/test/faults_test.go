package test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/admin"
	"github.com/sesame-go/sesame/plugin/audit"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/password/argon2id"
	"github.com/sesame-go/sesame/sqlb"
)

// state renders the rows the recording paths touch, so that a failed call
// can be shown to have changed nothing.
func state(t *testing.T, db *sqlb.DB) string {
	t.Helper()
	ctx := context.Background()
	var out []string
	var id, a string
	collect := func(q *sqlb.SelectStmt, row func() string) {
		t.Helper()
		if err := db.All(ctx, q, func() error { out = append(out, row()); return nil }); err != nil {
			t.Fatal(err)
		}
	}
	collect(sqlb.Select(audit.RecordID.Into(&id), audit.RecordType.Into(&a)).From(audit.Records).OrderBy(audit.RecordID.Asc()),
		func() string { return "record " + id + " " + a })
	collect(sqlb.Select(auth.SessionID.Into(&id), auth.SessionUserID.Into(&a)).From(auth.Sessions).OrderBy(auth.SessionID.Asc()),
		func() string { return "session " + id + " " + a })
	collect(sqlb.Select(password.PasswordUserID.Into(&id), password.PasswordHash.Into(&a)).From(password.Passwords).OrderBy(password.PasswordUserID.Asc()),
		func() string { return "password " + id + " " + a })
	return strings.Join(out, "\n")
}

// TestFaultsAtEveryStatement runs every operation of the plugin, and every
// path by which a record is written (in an operation's transaction, after
// a rollback, for a rate-limit refusal, for a session check of the host's
// routes), with a failure at each statement and at the commit: each run
// fails and changes nothing.
func TestFaultsAtEveryStatement(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		clock := authtest.NewClock(start)
		hasher, err := argon2id.New(argon2id.Params{Memory: 1024, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32})
		if err != nil {
			t.Fatal(err)
		}
		pw := password.New(password.WithHasher(hasher), password.WithoutRecovery())
		log := audit.New(audit.WithOperation(password.OpSignIn, "signed_in"), audit.WithRetention(time.Hour))
		a, err := auth.New(auth.WithDB(pool, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithClock(clock.Now),
			auth.WithPlugins(email.New(), pw, admin.New(), newProbe(), log), auth.WithRateLimitStore(auth.NewMemoryRateStore()),
			auth.WithRateLimit("probe.fail", auth.RateRules{IP: auth.RateRule{Limit: 1, Window: time.Minute}}))
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		if err := a.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		mux := http.NewServeMux()
		mux.Handle("/auth/", authhttp.Handler(a))
		mux.Handle("/app", authhttp.RequireUser(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {})))
		first := authtest.NewClient(t, authhttp.Middleware(a)(mux))
		client := func() *authtest.Client {
			c := authtest.ClientOf(t, first.BaseURL())
			c.Bearer = true
			return c
		}
		n := 0
		var c *authtest.Client
		var userID string
		// person makes a new person with a password, signed in on c, and
		// a few records, some past the retention.
		person := func(t *testing.T) {
			n++
			clock.Advance(2 * time.Hour)
			addr := fmt.Sprintf("user%d@example.com", n)
			u, err := a.CreateUser(ctx, auth.NewUser{Name: addr, Identities: []auth.NewIdentity{{Kind: email.Kind, Value: addr, Verified: true}}})
			if err != nil {
				t.Fatal(err)
			}
			userID = u.ID
			if err := pw.SetPassword(ctx, u.ID, auth.NewSecret(goodPassword)); err != nil {
				t.Fatal(err)
			}
			c = client()
			if res := post(c, "/auth/password/sign-in", map[string]string{"email": addr, "password": goodPassword}); res.Status != http.StatusOK {
				t.Fatalf("setup sign-in = %d %s", res.Status, res.Body)
			}
			clock.Advance(time.Minute)
		}
		status := func(want int) func(*authtest.Response) error {
			return func(res *authtest.Response) error {
				if res.Status == want {
					return nil
				}
				if res.Status != http.StatusInternalServerError || res.ErrorCode() != "internal" {
					t.Fatalf("with a fault = %d %s, want %d or 500 internal", res.Status, res.Body, want)
				}
				return fmt.Errorf("%d", res.Status)
			}
		}
		var run func() error
		ops := []struct {
			name  string
			setup func(t *testing.T)
		}{
			{"history", func(t *testing.T) { run = func() error { return status(200)(get(c, "/auth/audit/history?limit=1")) } }},
			{"query", func(t *testing.T) {
				run = func() error { _, err := log.Query(ctx, audit.Filter{UserID: userID, Limit: 1}); return err }
			}},
			{"export", func(t *testing.T) {
				run = func() error {
					_, err := log.Export(ctx, io.Discard, audit.Filter{Limit: 1, Since: clock.Now().Add(-time.Hour)})
					return err
				}
			}},
			{"sweep", func(t *testing.T) {
				run = func() error {
					n, err := log.Sweep(ctx, sqlb.New(pool, e.Dialect), clock.Now())
					if err == nil && n == 0 {
						t.Fatal("Sweep deleted nothing: the fault test proves nothing")
					}
					return err
				}
			}},
			{"a sign-in recorded in its transaction", func(t *testing.T) {
				c = client()
				run = func() error {
					return status(200)(post(c, "/auth/password/sign-in", map[string]string{"email": fmt.Sprintf("user%d@example.com", n), "password": goodPassword}))
				}
			}},
			{"an account event recorded in its transaction", func(t *testing.T) {
				run = func() error {
					return status(200)(post(c, "/auth/password/change", map[string]string{"currentPassword": goodPassword, "newPassword": newPassword}))
				}
			}},
			{"a refused credential recorded after the rollback", func(t *testing.T) {
				run = func() error {
					return status(401)(post(client(), "/auth/password/sign-in", map[string]string{"email": fmt.Sprintf("user%d@example.com", n), "password": wrongPassword}))
				}
			}},
			{"an event of a refusal that keeps its writes", func(t *testing.T) {
				run = func() error { return status(409)(post(c, "/auth/probe/keep", struct{}{})) }
			}},
			{"an event before a rolled-back transaction", func(t *testing.T) {
				run = func() error { return status(409)(post(c, "/auth/probe/refuse", struct{}{})) }
			}},
			{"a rate-limit refusal", func(t *testing.T) {
				post(c, "/auth/probe/fail", struct{}{}) // the one allowed in the window (it fails)
				run = func() error { return status(429)(post(c, "/auth/probe/fail", struct{}{})) }
			}},
			{"a session check of the host's routes", func(t *testing.T) {
				if _, err := a.DB().Exec(ctx, sqlb.Update(auth.Users).Set(admin.UserRole.Set(admin.RoleAdmin)).Where(auth.UserID.Eq(userID))); err != nil {
					t.Fatal(err)
				}
				if err := a.UserChanged(ctx, userID); err != nil {
					t.Fatal(err)
				}
				u, err := a.CreateUser(ctx, auth.NewUser{Name: "target"})
				if err != nil {
					t.Fatal(err)
				}
				if res := post(c, "/auth/admin/impersonate", map[string]string{"userId": u.ID}); res.Status != http.StatusOK {
					t.Fatalf("setup impersonate = %d %s", res.Status, res.Body)
				}
				run = func() error { return status(200)(get(c, "/app")) }
			}},
			{"an admin action recorded in its transaction", func(t *testing.T) {
				if _, err := a.DB().Exec(ctx, sqlb.Update(auth.Users).Set(admin.UserRole.Set(admin.RoleAdmin)).Where(auth.UserID.Eq(userID))); err != nil {
					t.Fatal(err)
				}
				if err := a.UserChanged(ctx, userID); err != nil {
					t.Fatal(err)
				}
				u, err := a.CreateUser(ctx, auth.NewUser{Name: "target"})
				if err != nil {
					t.Fatal(err)
				}
				run = func() error {
					return status(200)(post(c, "/auth/admin/revoke-sessions", map[string]string{"userId": u.ID}))
				}
			}},
		}
		clean := e.SQL()
		for _, op := range ops {
			t.Run(op.name, func(t *testing.T) {
				var before string
				faults.Each(t, func(t *testing.T) {
					person(t)
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
