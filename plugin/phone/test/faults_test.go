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
	"github.com/sesame-go/sesame/plugin/phone"
	"github.com/sesame-go/sesame/sqlb"
)

// state renders every row the plugin touches, so that a failed call can
// be shown to have changed nothing.
func state(t *testing.T, db *sqlb.DB) string {
	t.Helper()
	ctx := context.Background()
	var out []string
	var id, a string
	var n, m int64
	var when, when2 sql.Null[time.Time]
	collect := func(q *sqlb.SelectStmt, row func() string) {
		t.Helper()
		if err := db.All(ctx, q, func() error { out = append(out, row()); return nil }); err != nil {
			t.Fatal(err)
		}
	}
	collect(sqlb.Select(auth.UserID.Into(&id), auth.UserName.Into(&a)).From(auth.Users).OrderBy(auth.UserID.Asc()),
		func() string { return "user " + id + " " + a })
	collect(sqlb.Select(auth.IdentityID.Into(&id), auth.IdentityValue.Into(&a), auth.IdentityVerifiedAt.Into(&when)).
		From(auth.Identities).OrderBy(auth.IdentityID.Asc()), func() string { return fmt.Sprint("identity ", id, a, when) })
	collect(sqlb.Select(auth.SessionID.Into(&id)).From(auth.Sessions).OrderBy(auth.SessionID.Asc()),
		func() string { return "session " + id })
	collect(sqlb.Select(auth.TokenID.Into(&id), auth.TokenConsumedAt.Into(&when), auth.TokenAttempts.Into(&n)).
		From(auth.Tokens).OrderBy(auth.TokenID.Asc()), func() string { return fmt.Sprint("token ", id, when, n) })
	var start time.Time
	collect(sqlb.Select(phone.PrefixCallingCode.Into(&id), phone.PrefixWindowStart.Into(&start), phone.PrefixCount.Into(&n),
		phone.PrefixPrevious.Into(&m), phone.PrefixReportedStart.Into(&when2)).From(phone.Prefixes).OrderBy(phone.PrefixCallingCode.Asc()),
		func() string { return fmt.Sprint("prefix ", id, start, n, m, when2) })
	return strings.Join(out, "\n")
}

// TestFaultsAtEveryStatement runs every operation of the plugin over HTTP
// with a failure at each of its statements and at its commit: each run
// answers 500 with no detail, changes nothing and texts nothing. The
// instance has the email plugin, whose observers run when a number is
// verified, and a prefix limit, whose counter every send writes.
func TestFaultsAtEveryStatement(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		box, mail := &smsBox{}, &authtest.Mailbox{}
		clock := authtest.NewClock(start)
		ph := phone.New(phone.WithSender(box), phone.WithPrefixLimit(phone.PrefixLimit{Limit: 10000, Window: time.Hour, Spike: 1}))
		a, err := auth.New(auth.WithDB(pool, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithClock(clock.Now),
			auth.WithPlugins(email.New(email.WithSender(mail)), ph), auth.WithoutRateLimits())
		if err != nil {
			t.Fatal(err)
		}
		if err := a.Migrate(context.Background()); err != nil {
			t.Fatal(err)
		}
		h := authhttp.Handler(a)
		n := 0
		var c *authtest.Client
		var mine, other string
		next := func() string { n++; return ukNumber(n) }
		must := func(t *testing.T, path string, body any) {
			t.Helper()
			if res := c.Post(path, body); res.Status != http.StatusOK {
				t.Fatalf("setup POST %s = %d %s", path, res.Status, res.Body)
			}
		}
		// account signs a new account up on a new client c, with a
		// verified address too.
		account := func(t *testing.T) {
			mine = next()
			if _, err := a.CreateUser(context.Background(), auth.NewUser{Identities: []auth.NewIdentity{
				{Kind: phone.Kind, Value: mine, Verified: true}, {Kind: email.Kind, Value: fmt.Sprintf("u%d@example.com", n), Verified: true}}}); err != nil {
				t.Fatal(err)
			}
			c = authtest.NewClient(t, h)
			must(t, "/auth/phone/code/send", map[string]string{"phone": mine})
			must(t, "/auth/phone/code/sign-in", map[string]string{"phone": mine, "code": box.code(t, mine, phone.PurposeSignIn)})
		}
		var method, path string
		var body any
		ops := []struct {
			name  string
			setup func(t *testing.T)
		}{
			{"send a sign-in code", func(t *testing.T) {
				account(t)
				method, path, body = http.MethodPost, "/auth/phone/code/send", map[string]string{"phone": mine}
			}},
			{"send a sign-up code", func(t *testing.T) {
				c = authtest.NewClient(t, h)
				method, path, body = http.MethodPost, "/auth/phone/code/send", map[string]string{"phone": next()}
			}},
			{"sign in", func(t *testing.T) {
				account(t)
				must(t, "/auth/phone/code/send", map[string]string{"phone": mine})
				method, path, body = http.MethodPost, "/auth/phone/code/sign-in", map[string]string{"phone": mine, "code": box.code(t, mine, phone.PurposeSignIn)}
			}},
			{"sign up", func(t *testing.T) {
				c, other = authtest.NewClient(t, h), next()
				must(t, "/auth/phone/code/send", map[string]string{"phone": other})
				method, path, body = http.MethodPost, "/auth/phone/code/sign-in", map[string]string{"phone": other, "code": box.code(t, other, phone.PurposeSignUp), "name": "New"}
			}},
			{"add", func(t *testing.T) {
				account(t)
				method, path, body = http.MethodPost, "/auth/phone/add", map[string]string{"phone": next()}
			}},
			{"verify an added number", func(t *testing.T) {
				account(t)
				other = next()
				must(t, "/auth/phone/add", map[string]string{"phone": other})
				method, path, body = http.MethodPost, "/auth/phone/verify", map[string]string{"phone": other, "code": box.code(t, other, phone.PurposeVerify)}
			}},
			{"change", func(t *testing.T) {
				account(t)
				method, path, body = http.MethodPost, "/auth/phone/change", map[string]string{"phone": mine, "newPhone": next()}
			}},
			{"confirm a change", func(t *testing.T) {
				account(t)
				other = next()
				must(t, "/auth/phone/change", map[string]string{"phone": mine, "newPhone": other})
				method, path, body = http.MethodPost, "/auth/phone/verify", map[string]string{"phone": other, "code": box.code(t, other, phone.PurposeChange)}
			}},
			{"remove", func(t *testing.T) {
				account(t)
				other = next()
				must(t, "/auth/phone/add", map[string]string{"phone": other})
				must(t, "/auth/phone/verify", map[string]string{"phone": other, "code": box.code(t, other, phone.PurposeVerify)})
				method, path, body = http.MethodPost, "/auth/phone/remove", map[string]string{"phone": other}
			}},
			{"list", func(t *testing.T) { account(t); method, path, body = http.MethodGet, "/auth/phone/list", nil }},
		}
		clean := e.SQL()
		for _, op := range ops {
			t.Run(op.name, func(t *testing.T) {
				var before string
				var texts, mails int
				faults.Each(t, func(t *testing.T) {
					op.setup(t)
					before, texts, mails = state(t, clean), len(box.messages("")), len(mail.Messages(""))
				}, func() error {
					res := c.Do(method, path, body, nil)
					if res.Status == http.StatusOK {
						return nil
					}
					if res.Status != http.StatusInternalServerError ||
						strings.TrimSpace(string(res.Body)) != `{"error":{"code":"internal","message":"internal error"}}` {
						t.Errorf("faulted %s %s = %d %s, want 500 internal with no detail", method, path, res.Status, res.Body)
					}
					return errors.New(res.Header.Get("Content-Type"))
				}, func(t *testing.T) {
					if after := state(t, clean); after != before {
						t.Errorf("a failed %s changed the tables:\nbefore:\n%s\nafter:\n%s", op.name, before, after)
					}
					if len(box.messages("")) != texts || len(mail.Messages("")) != mails {
						t.Errorf("a failed %s sent %d texts and %d mails", op.name, len(box.messages(""))-texts, len(mail.Messages(""))-mails)
					}
				})
			})
		}
	})
}
