package test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/username"
	"github.com/sesame-go/sesame/sqlb"
)

// state renders every row the plugins touch, so that a failed call can be
// shown to have changed nothing.
func state(t *testing.T, db *sqlb.DB) string {
	t.Helper()
	ctx := context.Background()
	var out []string
	var id, a, b string
	var n int64
	var when, when2 sql.Null[time.Time]
	var display, primary sql.Null[string]
	collect := func(q *sqlb.SelectStmt, row func() string) {
		t.Helper()
		if err := db.All(ctx, q, func() error { out = append(out, row()); return nil }); err != nil {
			t.Fatal(err)
		}
	}
	collect(sqlb.Select(auth.UserID.Into(&id), username.Display.Into(&display), username.ChangedAt.Into(&when), email.PrimaryEmail.Into(&primary)).
		From(auth.Users).OrderBy(auth.UserID.Asc()), func() string { return fmt.Sprint("user ", id, display, when, primary) })
	collect(sqlb.Select(auth.IdentityID.Into(&id), auth.IdentityValue.Into(&a), auth.IdentityVerifiedAt.Into(&when)).
		From(auth.Identities).OrderBy(auth.IdentityID.Asc()), func() string { return fmt.Sprint("identity ", id, a, when) })
	collect(sqlb.Select(auth.SessionID.Into(&id)).From(auth.Sessions).OrderBy(auth.SessionID.Asc()),
		func() string { return "session " + id })
	collect(sqlb.Select(auth.TokenID.Into(&id), auth.TokenConsumedAt.Into(&when2), auth.TokenAttempts.Into(&n)).
		From(auth.Tokens).OrderBy(auth.TokenID.Asc()), func() string { return fmt.Sprint("token ", id, when2, n) })
	collect(sqlb.Select(password.PasswordUserID.Into(&id), password.PasswordHash.Into(&b)).From(password.Passwords).
		OrderBy(password.PasswordUserID.Asc()), func() string { return "password " + id + " " + b })
	return strings.Join(out, "\n")
}

// TestFaultsAtEveryStatement runs every operation of the username plugin,
// and the password plugin's sign-up and sign-in by username, over HTTP
// with a failure at each of its statements and at its commit: each run
// answers 500 with no detail and changes nothing. The instance has the
// email plugin too, whose observers run when a username is chosen.
func TestFaultsAtEveryStatement(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		mail := &authtest.Mailbox{}
		clock := authtest.NewClock(start)
		names := username.New()
		a, err := auth.New(auth.WithDB(pool, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
			auth.WithPlugins(email.New(email.WithSender(mail)), names, password.New(password.WithHasher(newCountingHasher(t)))),
			auth.WithClock(clock.Now), auth.WithoutRateLimits())
		if err != nil {
			t.Fatal(err)
		}
		if err := a.Migrate(context.Background()); err != nil {
			t.Fatal(err)
		}
		c := authtest.NewClient(t, authhttp.Handler(a))
		n := 0
		must := func(t *testing.T, path string, body any) {
			t.Helper()
			if res := c.Post(path, body); res.Status != http.StatusOK {
				t.Fatalf("setup POST %s = %d %s", path, res.Status, res.Body)
			}
		}
		// account makes a fresh account with a username, signed in on c.
		account := func(t *testing.T) string {
			n++
			name := fmt.Sprintf("user%d", n)
			must(t, "/auth/password/sign-up", map[string]string{"username": name, "password": "correct horse"})
			must(t, "/auth/password/sign-in", map[string]string{"username": name, "password": "correct horse"})
			return name
		}
		var body any
		ops := []struct {
			name, path string
			setup      func(t *testing.T)
		}{
			{"sign-up with a username", "/auth/password/sign-up", func(t *testing.T) {
				n++
				body = map[string]string{"username": fmt.Sprintf("new%d", n), "password": "correct horse"}
			}},
			{"sign-up with a username and an address", "/auth/password/sign-up", func(t *testing.T) {
				n++
				body = map[string]string{"username": fmt.Sprintf("new%d", n), "email": fmt.Sprintf("new%d@example.com", n), "password": "correct horse"}
			}},
			{"sign-in by username", "/auth/password/sign-in", func(t *testing.T) {
				body = map[string]string{"username": account(t), "password": "correct horse"}
			}},
			{"sign-in by identifier", "/auth/password/sign-in", func(t *testing.T) {
				body = map[string]string{"identifier": account(t), "password": "correct horse"}
			}},
			{"check", "/auth/username/check", func(t *testing.T) { body = map[string]string{"username": account(t)} }},
			{"choose a first username", "/auth/username/set", func(t *testing.T) {
				n++
				addr := fmt.Sprintf("first%d@example.com", n)
				must(t, "/auth/password/sign-up", map[string]string{"email": addr, "password": "correct horse"})
				must(t, "/auth/email/verify", map[string]string{"token": mail.Token(t, addr, email.PurposeVerify)})
				must(t, "/auth/password/sign-in", map[string]string{"email": addr, "password": "correct horse"})
				body = map[string]string{"username": fmt.Sprintf("first%d", n)}
			}},
			{"change the username", "/auth/username/set", func(t *testing.T) {
				body = map[string]string{"username": account(t) + "-changed"}
			}},
			{"change the look", "/auth/username/set", func(t *testing.T) {
				body = map[string]string{"username": strings.ToUpper(account(t))}
			}},
		}
		clean := e.SQL()
		for _, op := range ops {
			t.Run(op.name, func(t *testing.T) {
				var before string
				setup := func(t *testing.T) {
					op.setup(t)
					before = state(t, clean)
				}
				run := func() error {
					res := c.Post(op.path, body)
					if res.Status == http.StatusOK {
						return nil
					}
					if res.Status != http.StatusInternalServerError ||
						strings.TrimSpace(string(res.Body)) != `{"error":{"code":"internal","message":"internal error"}}` {
						t.Errorf("faulted POST %s = %d %s, want 500 internal with no detail", op.path, res.Status, res.Body)
					}
					return errors.New(res.Header.Get("Content-Type"))
				}
				check := func(t *testing.T) {
					t.Helper()
					if after := state(t, clean); after != before {
						t.Errorf("a failed %s changed the tables:\nbefore:\n%s\nafter:\n%s", op.name, before, after)
					}
				}
				faults.Each(t, setup, run, check)
			})
		}
	})
}
