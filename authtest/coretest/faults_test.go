package coretest

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
	"github.com/sesame-go/sesame/sqlb"
)

// snapshot is the observable state of the core tables, rate counters
// aside (a failed call may still have counted against a limit).
func snapshot(t *testing.T, db *sqlb.DB) string {
	t.Helper()
	var out []string
	var id string
	for _, q := range []struct {
		name string
		sel  *sqlb.SelectStmt
	}{
		{"users", sqlb.Select(auth.UserID.Into(&id)).From(auth.Users).OrderBy(auth.UserID.Asc())},
		{"identities", sqlb.Select(auth.IdentityID.Into(&id)).From(auth.Identities).OrderBy(auth.IdentityID.Asc())},
		{"sessions", sqlb.Select(auth.SessionID.Into(&id)).From(auth.Sessions).OrderBy(auth.SessionID.Asc())},
		{"tokens", sqlb.Select(auth.TokenID.Into(&id)).From(auth.Tokens).OrderBy(auth.TokenID.Asc())},
	} {
		var ids []string
		if err := db.All(context.Background(), q.sel, func() error { ids = append(ids, id); return nil }); err != nil {
			t.Fatalf("snapshot %s: %v", q.name, err)
		}
		out = append(out, q.name+"="+strings.Join(ids, ","))
	}
	return strings.Join(out, "\n")
}

// TestFaultsAtEveryStatement runs every core operation over HTTP with a
// failure at each of its statements in turn, and at its commit: each run
// answers 500 "internal" with no detail, and leaves the tables as they
// were before it.
func TestFaultsAtEveryStatement(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		clock := authtest.NewClock(start)
		a := authtest.NewAuth(t, &authtest.Engine{Name: e.Name, Dialect: e.Dialect, DB: pool}, auth.WithClock(clock.Now),
			auth.WithSessionUpdateAge(time.Minute))
		c := authtest.NewClient(t, authhttp.Handler(a))
		clean := e.SQL()
		var before string
		n := 0
		signIn := func(t *testing.T) {
			n++
			clock.Advance(time.Hour) // past the update age, and a fresh rate window
			res := c.Post("/auth/authtest/sign-in", map[string]string{"name": fmt.Sprint("user", n)})
			if res.Status != http.StatusOK {
				t.Fatalf("setup sign-in = %d %s", res.Status, res.Body)
			}
		}
		ops := []struct {
			name   string
			setup  func(t *testing.T)
			method string
			path   string
			body   any
		}{
			{"sign in a new user", func(t *testing.T) { clock.Advance(time.Hour) }, http.MethodPost, "/auth/authtest/sign-in", map[string]string{"name": "newcomer"}},
			{"session with a refresh", signIn, http.MethodGet, "/auth/session", nil},
			{"list sessions", signIn, http.MethodGet, "/auth/sessions", nil},
			{"revoke other sessions", func(t *testing.T) { signIn(t); n--; signIn(t) }, http.MethodPost, "/auth/sessions/revoke-others", nil},
			{"sign out", signIn, http.MethodPost, "/auth/sign-out", nil},
		}
		for _, op := range ops {
			t.Run(op.name, func(t *testing.T) {
				setup := func(t *testing.T) {
					op.setup(t)
					if op.name == "sign in a new user" {
						clean.Exec(context.Background(), sqlb.Delete(auth.Users).Where(auth.UserName.Eq("newcomer")))
					}
					before = snapshot(t, clean)
				}
				run := func() error {
					res := c.Do(op.method, op.path, op.body, nil)
					if res.Status == http.StatusOK {
						return nil
					}
					if res.Status != http.StatusInternalServerError ||
						strings.TrimSpace(string(res.Body)) != `{"error":{"code":"internal","message":"internal error"}}` {
						t.Errorf("faulted %s %s = %d %s, want 500 internal with no detail", op.method, op.path, res.Status, res.Body)
					}
					return fmt.Errorf("status %d", res.Status)
				}
				check := func(t *testing.T) {
					t.Helper()
					if after := snapshot(t, clean); after != before {
						t.Errorf("a failed %s left changes:\nbefore:\n%s\nafter:\n%s", op.name, before, after)
					}
				}
				faults.Each(t, setup, run, check)
			})
		}
	})
}
