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
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/admin"
	"github.com/sesame-go/sesame/sqlb"
)

type nullTime = sql.Null[time.Time]

// state renders every row the plugin's operations touch, so that a failed
// call can be shown to have changed nothing.
func state(t *testing.T, db *sqlb.DB) string {
	t.Helper()
	ctx := context.Background()
	var out []string
	var id, a, b string
	var on bool
	var until nullTime
	collect := func(q *sqlb.SelectStmt, row func() string) {
		t.Helper()
		if err := db.All(ctx, q, func() error { out = append(out, row()); return nil }); err != nil {
			t.Fatal(err)
		}
	}
	collect(sqlb.Select(auth.UserID.Into(&id), auth.UserName.Into(&a), admin.UserRole.Into(&b), admin.UserBanned.Into(&on),
		admin.UserBannedUntil.Into(&until)).From(auth.Users).OrderBy(auth.UserID.Asc()),
		func() string { return fmt.Sprint("user ", id, a, b, on, until) })
	collect(sqlb.Select(auth.SessionID.Into(&id), auth.SessionData.Into(&a)).From(auth.Sessions).OrderBy(auth.SessionID.Asc()),
		func() string { return "session " + id + a })
	collect(sqlb.Select(auth.IdentityID.Into(&id), auth.IdentityValue.Into(&a)).From(auth.Identities).OrderBy(auth.IdentityID.Asc()),
		func() string { return "identity " + id + a })
	return strings.Join(out, "\n")
}

// TestFaultsAtEveryStatement runs every operation of the plugin, and a
// sign-in through its session starter, with a failure at each statement
// and at the commit: each run answers 500 and changes nothing.
func TestFaultsAtEveryStatement(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		clock := authtest.NewClock(start)
		adm := admin.New()
		a, err := auth.New(auth.WithDB(pool, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithClock(clock.Now),
			auth.WithPlugins(authtest.NewLogin(), adm), auth.WithoutRateLimits())
		if err != nil {
			t.Fatal(err)
		}
		if err := a.Migrate(context.Background()); err != nil {
			t.Fatal(err)
		}
		h := authhttp.Handler(a)
		first := authtest.NewClient(t, h)
		client := func() *authtest.Client {
			c := authtest.ClientOf(t, first.BaseURL())
			c.Bearer = true
			return c
		}
		n := 0
		var root, target *authtest.Client
		var targetID string
		signIn := func(t *testing.T, c *authtest.Client, name string) string {
			res := c.Post("/auth/authtest/sign-in", map[string]string{"name": name})
			if res.Status != http.StatusOK {
				t.Fatalf("setup sign-in %s = %d %s", name, res.Status, res.Body)
			}
			var out authtest.LoginResult
			res.Decode(t, &out)
			return out.User.ID
		}
		// people makes a fresh administrator session and a target user
		// with a session.
		people := func(t *testing.T) {
			n++
			clock.Advance(time.Minute)
			root = client()
			rootID := signIn(t, root, "root")
			if _, err := e.SQL().Exec(context.Background(), sqlb.Update(auth.Users).Set(admin.UserRole.Set(admin.RoleAdmin)).
				Where(auth.UserID.Eq(rootID))); err != nil {
				t.Fatal(err)
			}
			target = client()
			targetID = signIn(t, target, fmt.Sprintf("target-%d", n))
		}
		var method, path string
		var body any
		var as **authtest.Client
		ops := []struct {
			name  string
			setup func(t *testing.T)
		}{
			{"list users", func(t *testing.T) { method, path, as = http.MethodGet, "/auth/admin/users?query=target&limit=3", &root }},
			{"get user", func(t *testing.T) { method, path, as = http.MethodGet, "/auth/admin/user?userId="+targetID, &root }},
			{"list sessions", func(t *testing.T) {
				method, path, as = http.MethodGet, "/auth/admin/user/sessions?userId="+targetID, &root
			}},
			{"create user", func(t *testing.T) {
				method, path, as = http.MethodPost, "/auth/admin/create-user", &root
				body = map[string]any{"name": "New", "role": "admin", "identifiers": []map[string]string{{"kind": "authtest", "value": fmt.Sprint("new-", n)}}}
			}},
			{"ban", func(t *testing.T) {
				method, path, as = http.MethodPost, "/auth/admin/ban", &root
				body = map[string]any{"userId": targetID, "reason": "spam", "until": clock.Now().Add(time.Hour)}
			}},
			{"unban", func(t *testing.T) {
				if _, err := e.SQL().Exec(context.Background(), sqlb.Update(auth.Users).Set(admin.UserBanned.Set(true)).
					Where(auth.UserID.Eq(targetID))); err != nil {
					t.Fatal(err)
				}
				method, path, as, body = http.MethodPost, "/auth/admin/unban", &root, map[string]string{"userId": targetID}
			}},
			{"revoke sessions", func(t *testing.T) {
				method, path, as, body = http.MethodPost, "/auth/admin/revoke-sessions", &root, map[string]string{"userId": targetID}
			}},
			{"set role", func(t *testing.T) {
				method, path, as, body = http.MethodPost, "/auth/admin/set-role", &root, map[string]string{"userId": targetID, "role": "admin"}
			}},
			{"impersonate", func(t *testing.T) {
				method, path, as, body = http.MethodPost, "/auth/admin/impersonate", &root, map[string]any{"userId": targetID, "minutes": 5}
			}},
			{"stop impersonating", func(t *testing.T) {
				own := root.Token
				if res := root.Post("/auth/admin/impersonate", map[string]any{"userId": targetID}); res.Status != http.StatusOK {
					t.Fatalf("setup impersonate = %d %s", res.Status, res.Body)
				}
				root.Token = own
				method, path, as, body = http.MethodPost, "/auth/admin/stop-impersonating", &root, map[string]string{"userId": targetID}
			}},
			{"sign-in through the starter", func(t *testing.T) {
				target = client()
				method, path, as, body = http.MethodPost, "/auth/authtest/sign-in", &target, map[string]string{"name": "root"}
			}},
		}
		clean := e.SQL()
		for _, op := range ops {
			t.Run(op.name, func(t *testing.T) {
				var before string
				faults.Each(t, func(t *testing.T) {
					people(t)
					op.setup(t)
					before = state(t, clean)
				}, func() error {
					c := *as
					var res *authtest.Response
					if method == http.MethodGet {
						res = c.Get(path)
					} else {
						res = c.Post(path, body)
					}
					if res.Status == http.StatusOK {
						return nil
					}
					if res.Status != http.StatusInternalServerError || res.ErrorCode() != "internal" {
						t.Fatalf("%s %s with a fault = %d %s, want 500 internal", method, path, res.Status, res.Body)
					}
					return fmt.Errorf("%d", res.Status)
				}, func(t *testing.T) {
					if after := state(t, clean); after != before {
						t.Fatalf("a failed %s changed the database:\nbefore:\n%s\nafter:\n%s", op.name, before, after)
					}
				})
			})
		}
	})
}
