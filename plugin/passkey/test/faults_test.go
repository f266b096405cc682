package test

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/passkey"
	"github.com/sesame-go/sesame/sqlb"
)

// state renders every row the plugin and the core touch, so that a failed
// call can be shown to have changed nothing.
func state(t *testing.T, db *sqlb.DB) string {
	t.Helper()
	ctx := context.Background()
	var out []string
	var id, a, b string
	var n int64
	var bs bool
	var when sql.Null[time.Time]
	collect := func(q *sqlb.SelectStmt, row func() string) {
		t.Helper()
		if err := db.All(ctx, q, func() error { out = append(out, row()); return nil }); err != nil {
			t.Fatal(err)
		}
	}
	collect(sqlb.Select(auth.UserID.Into(&id)).From(auth.Users).OrderBy(auth.UserID.Asc()), func() string { return "user " + id })
	collect(sqlb.Select(auth.IdentityID.Into(&id), auth.IdentityKindName.Into(&a), auth.IdentityValue.Into(&b)).
		From(auth.Identities).OrderBy(auth.IdentityID.Asc()), func() string { return fmt.Sprint("identity ", id, a, b) })
	collect(sqlb.Select(auth.SessionID.Into(&id)).From(auth.Sessions).OrderBy(auth.SessionID.Asc()),
		func() string { return "session " + id })
	collect(sqlb.Select(auth.TokenID.Into(&id), auth.TokenPurpose.Into(&a), auth.TokenConsumedAt.Into(&when)).
		From(auth.Tokens).OrderBy(auth.TokenID.Asc()), func() string { return fmt.Sprint("token ", id, a, when) })
	collect(sqlb.Select(passkey.PasskeyID.Into(&id), passkey.PasskeyName.Into(&a), passkey.PasskeyCount.Into(&n),
		passkey.PasskeyBS.Into(&bs), passkey.PasskeyLastUsed.Into(&when)).From(passkey.Passkeys).OrderBy(passkey.PasskeyID.Asc()),
		func() string { return fmt.Sprint("passkey ", id, a, n, bs, when) })
	return strings.Join(out, "\n")
}

// TestFaultsAtEveryStatement runs every operation of the plugin over HTTP
// with a failure at each of its statements, and at its commit: each run
// answers 500 with no detail and changes nothing.
func TestFaultsAtEveryStatement(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		f := newFixtureOn(t, e, pool)
		b := f.browser(t)
		n := 0
		// account makes a person with a passkey, signed in on b.
		account := func(t *testing.T) passkey.Passkey {
			n++
			f.account(t, b, fmt.Sprintf("user%d", n))
			b.keys = nil
			return b.register(t, "Key")
		}
		var method, path string
		var body any
		ops := []struct {
			name  string
			setup func(t *testing.T)
		}{
			{"register options", func(t *testing.T) {
				account(t)
				method, path, body = http.MethodPost, "/auth/passkey/register/options", nil
			}},
			{"register", func(t *testing.T) {
				account(t)
				answer, _ := b.attest(t, b.post(t, "/auth/passkey/register/options", nil, http.StatusOK).Body)
				method, path, body = http.MethodPost, "/auth/passkey/register", map[string]any{"credential": answer, "name": "New"}
			}},
			{"sign-in options", func(t *testing.T) {
				method, path, body = http.MethodPost, "/auth/passkey/sign-in/options", map[string]any{"mediation": "conditional"}
			}},
			{"sign-in", func(t *testing.T) {
				account(t)
				b.post(t, "/auth/sign-out", nil, http.StatusOK)
				b.authr.Options.BackupEligible = false
				b.keys[0].Counter = 3
				method, path, body = http.MethodPost, "/auth/passkey/sign-in", map[string]any{"credential": b.signInAnswer(t, 0)}
			}},
			{"list", func(t *testing.T) {
				account(t)
				method, path, body = http.MethodGet, "/auth/passkey/list", nil
			}},
			{"rename", func(t *testing.T) {
				pk := account(t)
				method, path, body = http.MethodPost, "/auth/passkey/rename", map[string]string{"id": pk.ID, "name": "Renamed"}
			}},
			{"remove", func(t *testing.T) {
				pk := account(t)
				method, path, body = http.MethodPost, "/auth/passkey/remove", map[string]string{"id": pk.ID}
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
					res := b.c.Do(method, path, body, nil)
					if res.Status == http.StatusOK {
						return nil
					}
					if res.Status != http.StatusInternalServerError ||
						strings.TrimSpace(string(res.Body)) != `{"error":{"code":"internal","message":"internal error"}}` {
						t.Errorf("faulted %s %s = %d %s, want 500 internal with no detail", method, path, res.Status, res.Body)
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
