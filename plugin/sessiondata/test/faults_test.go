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
	"github.com/sesame-go/sesame/plugin/sessiondata"
	"github.com/sesame-go/sesame/sqlb"
)

// state renders the rows the plugin's operations touch.
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
	collect(sqlb.Select(sessiondata.ValueSessionID.Into(&id), sessiondata.ValueKey.Into(&a)).From(sessiondata.Values).
		OrderBy(sessiondata.ValueSessionID.Asc(), sessiondata.ValueKey.Asc()), func() string { return "value " + id + " " + a })
	collect(sqlb.Select(auth.SessionID.Into(&id), auth.SessionUserID.Into(&a)).From(auth.Sessions).OrderBy(auth.SessionID.Asc()),
		func() string { return "session " + id + " " + a })
	return strings.Join(out, "\n")
}

// TestFaultsAtEveryStatement runs every operation of the plugin, and the
// ends of sessions it observes, with a failure at each statement and at
// the commit: each run fails and changes nothing.
func TestFaultsAtEveryStatement(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		clock := authtest.NewClock(start)
		data := sessiondata.New()
		a, err := auth.New(auth.WithDB(pool, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithClock(clock.Now),
			auth.WithPlugins(authtest.NewLogin(), data), auth.WithoutRateLimits())
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		if err := a.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		first := authtest.NewClient(t, authhttp.Handler(a))
		n := 0
		var c, other *authtest.Client
		signIn := func(t *testing.T, name string) *authtest.Client {
			cc := authtest.ClientOf(t, first.BaseURL())
			cc.Bearer = true
			if res := cc.Post("/auth/authtest/sign-in", map[string]string{"name": name}); res.Status != http.StatusOK {
				t.Fatalf("setup sign-in = %d %s", res.Status, res.Body)
			}
			return cc
		}
		// person signs a new person in twice, each session with values;
		// the sessions of the people before have expired.
		person := func(t *testing.T) {
			n++
			clock.Advance(500 * 24 * time.Hour)
			name := fmt.Sprint("p", n)
			c, other = signIn(t, name), signIn(t, name)
			for _, cc := range []*authtest.Client{c, other} {
				if res := set(cc, "a", `1`); res.Status != http.StatusOK {
					t.Fatalf("setup set = %d %s", res.Status, res.Body)
				}
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
			name string
			do   func() error
		}{
			{"get", func() error { return status(c.Get("/auth/session-data?key=a")) }},
			{"list", func() error { return status(c.Get("/auth/session-data/all")) }},
			{"set a new key", func() error { return status(set(c, "b", `{"x":[1]}`)) }},
			{"replace a key", func() error { return status(set(c, "a", `2`)) }},
			{"delete", func() error { return status(c.Post("/auth/session-data/delete", map[string]string{"key": "a"})) }},
			{"sign-out", func() error { return status(c.Post("/auth/sign-out", struct{}{})) }},
			{"revoke the others", func() error { return status(c.Post("/auth/sessions/revoke-others", struct{}{})) }},
			{"sweep", func() error {
				n, err := data.Sweep(ctx, nil, clock.Now())
				if err == nil && n == 0 {
					t.Fatal("Sweep deleted nothing: the fault test proves nothing")
				}
				return err
			}},
		}
		clean := e.SQL()
		for _, op := range ops {
			t.Run(op.name, func(t *testing.T) {
				var before string
				run = op.do
				faults.Each(t, func(t *testing.T) {
					person(t)
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
