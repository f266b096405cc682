package test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/lastlogin"
	"github.com/sesame-go/sesame/plugin/stale"
	"github.com/sesame-go/sesame/sqlb"
)

// TestFaultsAtEveryStatement runs a batch that mails, clears a mark and
// deletes an account, and a dry run, with a failure at each statement and
// at the commit: each run fails, changes nothing and mails nobody.
func TestFaultsAtEveryStatement(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		f := newFixture(t, e, pool)
		ctx := context.Background()
		clean := e.SQL()
		n := 0
		// scenario makes, on a database with no users, an owner to mail, one
		// who came back and one to delete.
		scenario := func(t *testing.T) {
			if _, err := clean.Exec(ctx, sqlb.Delete(auth.Users).All()); err != nil {
				t.Fatal(err)
			}
			if _, err := clean.Exec(ctx, sqlb.Delete(stale.Progress).All()); err != nil {
				t.Fatal(err)
			}
			n++
			f.account(t, "m", fmt.Sprintf("m%d@example.com", n))
			back := f.account(t, "b", fmt.Sprintf("b%d@example.com", n))
			gone := f.account(t, "g", fmt.Sprintf("g%d@example.com", n))
			f.signIn(t, fmt.Sprintf("g%d@example.com", n))
			now := f.clock.Now()
			for _, m := range []struct {
				id   string
				days int
			}{{back, 40}, {gone, 40}} {
				if _, err := clean.Exec(ctx, sqlb.Insert(stale.Marks).Row(stale.MarkUserID.Set(m.id),
					stale.MarkNotifiedAt.Set(now.Add(-40*day)))); err != nil {
					t.Fatal(err)
				}
			}
			// everyone's activity a long time ago, but the one who came back
			for _, q := range []sqlb.Statement{
				sqlb.Update(auth.Users).Set(auth.UserCreatedAt.Set(now.Add(-500 * day))).All(),
				sqlb.Update(auth.Sessions).Set(auth.SessionLastSeenAt.Set(now.Add(-500 * day))).All(),
				sqlb.Update(lastlogin.LastSignIns).Set(lastlogin.LastAt.Set(now.Add(-500 * day))).All(),
			} {
				if _, err := clean.Exec(ctx, q); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := clean.Exec(ctx, sqlb.Insert(lastlogin.LastSignIns).Row(lastlogin.LastUserID.Set(back), lastlogin.LastMethod.Set("password"),
				lastlogin.LastAt.Set(now.Add(-day)), lastlogin.LastIP.Set(""), lastlogin.LastUserAgent.Set(""))); err != nil {
				t.Fatal(err)
			}
		}
		for _, dry := range []bool{false, true} {
			t.Run(fmt.Sprintf("dry run %v", dry), func(t *testing.T) {
				var before string
				var mailed int
				faults.Each(t, func(t *testing.T) {
					scenario(t)
					before, mailed = state(t, clean), f.mail.total()
				}, func() error {
					r, err := f.st.Run(ctx, dry)
					if err == nil && (r.Notified != 1 || r.Cleared != 1 || r.Deleted != 1) {
						t.Fatalf("the pass = %+v, want one of each", r)
					}
					return err
				}, func(t *testing.T) {
					if after := state(t, clean); after != before {
						t.Fatalf("a failed pass changed the database:\nbefore:\n%s\nafter:\n%s", before, after)
					}
					if f.mail.total() != mailed {
						t.Fatal("a failed pass mailed")
					}
				})
			})
		}
	})
}

// state renders the users, the marks and the progress.
func state(t testing.TB, db *sqlb.DB) string {
	t.Helper()
	ctx := context.Background()
	var out []string
	var id string
	collect := func(q *sqlb.SelectStmt, row func() string) {
		if err := db.All(ctx, q, func() error { out = append(out, row()); return nil }); err != nil {
			t.Fatal(err)
		}
	}
	collect(sqlb.Select(auth.UserID.Into(&id)).From(auth.Users).OrderBy(auth.UserID.Asc()), func() string { return "user " + id })
	collect(sqlb.Select(stale.MarkUserID.Into(&id)).From(stale.Marks).OrderBy(stale.MarkUserID.Asc()), func() string { return "mark " + id })
	collect(sqlb.Select(stale.ProgressCursor.Into(&id)).From(stale.Progress), func() string { return "cursor " + id })
	return strings.Join(out, "\n")
}
