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
	"github.com/sesame-go/sesame/sqlb"
)

// state renders every row the two plugins touch, so that a failed call can
// be shown to have changed nothing.
func state(t *testing.T, db *sqlb.DB) string {
	t.Helper()
	ctx := context.Background()
	var out []string
	var id, a, b string
	var n int64
	var when, when2 sql.Null[time.Time]
	var primary sql.Null[string]
	collect := func(q *sqlb.SelectStmt, row func() string) {
		t.Helper()
		if err := db.All(ctx, q, func() error { out = append(out, row()); return nil }); err != nil {
			t.Fatal(err)
		}
	}
	collect(sqlb.Select(auth.UserID.Into(&id), email.PrimaryEmail.Into(&primary), email.EmailVerifiedAt.Into(&when)).
		From(auth.Users).OrderBy(auth.UserID.Asc()), func() string { return fmt.Sprint("user ", id, primary, when) })
	collect(sqlb.Select(auth.IdentityID.Into(&id), auth.IdentityValue.Into(&a), auth.IdentityVerifiedAt.Into(&when)).
		From(auth.Identities).OrderBy(auth.IdentityID.Asc()), func() string { return fmt.Sprint("identity ", id, a, when) })
	collect(sqlb.Select(auth.SessionID.Into(&id)).From(auth.Sessions).OrderBy(auth.SessionID.Asc()),
		func() string { return "session " + id })
	collect(sqlb.Select(auth.TokenID.Into(&id), auth.TokenConsumedAt.Into(&when2), auth.TokenAttempts.Into(&n)).
		From(auth.Tokens).OrderBy(auth.TokenID.Asc()), func() string { return fmt.Sprint("token ", id, when2, n) })
	collect(sqlb.Select(password.PasswordUserID.Into(&id), password.PasswordHash.Into(&b)).From(password.Passwords).
		OrderBy(password.PasswordUserID.Asc()), func() string { return "password " + id + " " + b })
	collect(sqlb.Select(auth.OutboxID.Into(&id), auth.OutboxTo.Into(&a), auth.OutboxAttempts.Into(&n)).From(auth.Outbox).
		OrderBy(auth.OutboxID.Asc()), func() string { return fmt.Sprint("outbox ", id, a, n) })
	return strings.Join(out, "\n")
}

// TestFaultsAtEveryStatement runs every operation of both plugins over
// HTTP with a failure at each of its statements, and at its commit: each
// run answers 500 with no detail and changes nothing, the outbox
// included when messages go through it.
func TestFaultsAtEveryStatement(t *testing.T) {
	for _, outbox := range []bool{false, true} {
		t.Run(map[bool]string{false: "messages after the answer", true: "outbox"}[outbox], func(t *testing.T) {
			faultsAtEveryStatement(t, outbox)
		})
	}
}

func faultsAtEveryStatement(t *testing.T, outbox bool) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		mail := &authtest.Mailbox{}
		clock := authtest.NewClock(start)
		em := email.New(email.WithSender(mail))
		pw := password.New(password.WithHasher(newCountingHasher(t, testParams)))
		opts := []auth.Option{auth.WithDB(pool, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithPlugins(em, pw),
			auth.WithClock(clock.Now), auth.WithoutRateLimits()}
		if outbox {
			opts = append(opts, auth.WithOutbox())
		}
		a, err := auth.New(opts...)
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
			if _, err := a.DeliverOutbox(context.Background()); err != nil { // the setup's messages, for the next step
				t.Fatal(err)
			}
		}
		// account makes a fresh verified account, signed in on c.
		account := func(t *testing.T) string {
			n++
			addr := fmt.Sprintf("user%d@example.com", n)
			must(t, "/auth/password/sign-up", map[string]string{"email": addr, "password": "correct horse"})
			must(t, "/auth/email/verify", map[string]string{"token": mail.Token(t, addr, email.PurposeVerify)})
			must(t, "/auth/password/sign-in", map[string]string{"email": addr, "password": "correct horse"})
			return addr
		}
		// userOf is the user an address names.
		userOf := func(t *testing.T, addr string) string {
			t.Helper()
			var uid string
			if err := e.SQL().One(context.Background(), sqlb.Select(auth.IdentityUserID.Into(&uid)).From(auth.Identities).
				Where(auth.IdentityValue.Eq(addr))); err != nil {
				t.Fatal(err)
			}
			return uid
		}
		// importReq gives a user a bcrypt hash of "correct horse" (a vector
		// of the legacy package); importHash runs it.
		importReq := func(uid string) password.ImportHashRequest {
			return password.ImportHashRequest{UserID: uid, Scheme: password.SchemeBcrypt,
				Hash: auth.NewSecret("$2b$04$Stk4.JIZBiCqQyjUXX8RzuaSOC3e3jrhkZMxWZuCuH4JVYSbWdGuq")}
		}
		importHash := func(t *testing.T, uid string) {
			t.Helper()
			if err := pw.ImportHash(context.Background(), importReq(uid)); err != nil {
				t.Fatal(err)
			}
		}
		var body any
		ops := []struct {
			name, path string
			setup      func(t *testing.T)
		}{
			{"password sign-up", "/auth/password/sign-up", func(t *testing.T) {
				n++
				body = map[string]string{"email": fmt.Sprintf("new%d@example.com", n), "password": "correct horse"}
			}},
			{"password sign-in", "/auth/password/sign-in", func(t *testing.T) {
				body = map[string]string{"email": account(t), "password": "correct horse"}
			}},
			{"password sign-in re-hashing an imported hash", "/auth/password/sign-in", func(t *testing.T) {
				addr := account(t)
				importHash(t, userOf(t, addr))
				body = map[string]string{"email": addr, "password": "correct horse"}
			}},
			{"password forgot", "/auth/password/forgot", func(t *testing.T) { body = map[string]string{"email": account(t)} }},
			{"password reset", "/auth/password/reset", func(t *testing.T) {
				addr := account(t)
				must(t, "/auth/password/forgot", map[string]string{"email": addr})
				body = map[string]string{"token": mail.Token(t, addr, password.PurposeReset), "password": "battery staple"}
			}},
			{"password change", "/auth/password/change", func(t *testing.T) {
				account(t)
				body = map[string]any{"currentPassword": "correct horse", "newPassword": "battery staple"}
			}},
			{"email verify", "/auth/email/verify", func(t *testing.T) {
				n++
				addr := fmt.Sprintf("v%d@example.com", n)
				must(t, "/auth/password/sign-up", map[string]string{"email": addr, "password": "correct horse"})
				body = map[string]string{"token": mail.Token(t, addr, email.PurposeVerify)}
			}},
			{"email change", "/auth/email/change", func(t *testing.T) {
				account(t)
				body = map[string]string{"newEmail": fmt.Sprintf("changed%d@example.com", n)}
			}},
			{"email change confirmation", "/auth/email/verify", func(t *testing.T) {
				account(t)
				to := fmt.Sprintf("changed%d@example.com", n)
				must(t, "/auth/email/change", map[string]string{"newEmail": to})
				body = map[string]string{"token": mail.Token(t, to, email.PurposeChange)}
			}},
			{"email change undo", "/auth/email/change/undo", func(t *testing.T) {
				addr := account(t)
				to := fmt.Sprintf("changed%d@example.com", n)
				must(t, "/auth/email/change", map[string]string{"newEmail": to})
				must(t, "/auth/email/verify", map[string]string{"token": mail.Token(t, to, email.PurposeChange)})
				body = map[string]string{"token": mail.Token(t, addr, email.PurposeChanged)}
			}},
			{"email add", "/auth/email/add", func(t *testing.T) {
				account(t)
				body = map[string]string{"email": fmt.Sprintf("second%d@example.com", n)}
			}},
			{"email make primary", "/auth/email/primary", func(t *testing.T) {
				account(t)
				second := fmt.Sprintf("second%d@example.com", n)
				must(t, "/auth/email/add", map[string]string{"email": second})
				must(t, "/auth/email/verify", map[string]string{"token": mail.Token(t, second, email.PurposeVerify)})
				body = map[string]string{"email": second}
			}},
			{"email remove", "/auth/email/remove", func(t *testing.T) {
				account(t)
				second := fmt.Sprintf("second%d@example.com", n)
				must(t, "/auth/email/add", map[string]string{"email": second})
				body = map[string]string{"email": second}
			}},
			{"email code send", "/auth/email/code/send", func(t *testing.T) { body = map[string]string{"email": account(t)} }},
			{"email code sign-in", "/auth/email/code/sign-in", func(t *testing.T) {
				addr := account(t)
				must(t, "/auth/email/code/send", map[string]string{"email": addr})
				body = map[string]string{"email": addr, "code": mail.Code(t, addr, email.PurposeCode)}
			}},
			{"email resend", "/auth/email/resend", func(t *testing.T) {
				n++
				addr := fmt.Sprintf("r%d@example.com", n)
				must(t, "/auth/password/sign-up", map[string]string{"email": addr, "password": "correct horse"})
				body = map[string]string{"email": addr}
			}},
		}
		// The server operations, run as Go calls: body is the call.
		ops = append(ops, []struct {
			name, path string
			setup      func(t *testing.T)
		}{
			{"create a user", "", func(t *testing.T) {
				n++
				in := auth.NewUser{Name: "Seeded", Identities: []auth.NewIdentity{
					{Kind: email.Kind, Value: fmt.Sprintf("seeded%d@example.com", n), Verified: true},
					{Kind: email.Kind, Value: fmt.Sprintf("unverified%d@example.com", n)}}}
				body = func() error { _, err := a.CreateUser(context.Background(), in); return err }
			}},
			{"import a first password hash", "", func(t *testing.T) {
				n++
				u, err := a.CreateUser(context.Background(), auth.NewUser{Name: "Imported", Identities: []auth.NewIdentity{
					{Kind: email.Kind, Value: fmt.Sprintf("imported%d@example.com", n), Verified: true}}})
				if err != nil {
					t.Fatal(err)
				}
				body = func() error { return pw.ImportHash(context.Background(), importReq(u.ID)) }
			}},
			{"import a password hash over a password", "", func(t *testing.T) {
				uid := userOf(t, account(t))
				body = func() error { return pw.ImportHash(context.Background(), importReq(uid)) }
			}},
			{"set a password", "", func(t *testing.T) {
				uid := userOf(t, account(t))
				body = func() error { return pw.SetPassword(context.Background(), uid, auth.NewSecret("battery staple")) }
			}},
		}...)
		clean := e.SQL()
		for _, op := range ops {
			t.Run(op.name, func(t *testing.T) {
				var before string
				setup := func(t *testing.T) {
					op.setup(t)
					before = state(t, clean)
				}
				run := func() error {
					if call, ok := body.(func() error); ok {
						err := call()
						if err != nil && !errors.Is(err, auth.ErrInternal) {
							t.Errorf("faulted %s = %v, want internal", op.name, err)
						}
						return err
					}
					res := c.Post(op.path, body)
					if res.Status == http.StatusOK {
						return nil
					}
					if res.Status != http.StatusInternalServerError ||
						strings.TrimSpace(string(res.Body)) != `{"error":{"code":"internal","message":"internal error"}}` {
						t.Errorf("faulted POST %s = %d %s, want 500 internal with no detail", op.path, res.Status, res.Body)
					}
					return fmt.Errorf("status %d", res.Status)
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
