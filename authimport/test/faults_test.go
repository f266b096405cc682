package test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authimport"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/sqlb"
)

// TestFaultsAtEveryStatement runs an import, and its dry run, with a
// failure at each statement and at the commit: each run returns an error
// and leaves the database as it was. The import meets everything a run
// does: a person imported before (locked, given a new account, password
// and session), a new person with an address, a password, an account
// and a session, and a person refused by the password plugin, which
// makes the batch go again a record at a time.
func TestFaultsAtEveryStatement(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		f := newFixture(t, e, setup{db: pool})
		clean := e.SQL()
		now := f.clock.Now()
		live := now.Add(time.Hour)
		first := authimport.Record{ID: "p1", Email: "p1@example.com", EmailVerified: true}
		recs := []authimport.Record{
			{ID: "p1", Email: "p1@example.com", EmailVerified: true,
				Password: &authimport.Password{Scheme: "bcrypt", Hash: auth.NewSecret("$2a$10$p1p1p1p1p1p1p1p1p1p1p1")},
				Accounts: []authimport.Account{{Provider: "github", Subject: "1"}},
				Sessions: []authimport.Session{{ID: "s1", Token: auth.NewSecret("token-one"), ExpiresAt: live}}},
			{ID: "p2", Email: "p2@example.com", Name: "Two", CreatedAt: now.Add(-48 * time.Hour),
				Password: &authimport.Password{Scheme: authimport.BetterAuthScheme, Hash: auth.NewSecret("00:11")},
				Accounts: []authimport.Account{{Provider: "github", Subject: "2"}},
				Sessions: []authimport.Session{{ID: "s2", Token: auth.NewSecret("token-two"), ExpiresAt: live}}},
			{ID: "p3", Email: "p3@example.com", Password: &authimport.Password{Scheme: "bcrypt", Hash: auth.NewSecret("malformed")}},
		}
		for _, c := range []struct {
			name string
			recs []authimport.Record
			dry  bool
		}{
			{"import", recs[:2], false},
			{"dry run", recs[:2], true},
			{"a refusal", recs, false},
			{"a refusal in a dry run", recs, true},
		} {
			var opts []authimport.Option
			if c.dry {
				opts = []authimport.Option{authimport.DryRun()}
			}
			refusals := len(c.recs) - 2
			t.Run(c.name, func(t *testing.T) {
				var before, complete string
				faults.Each(t, func(t *testing.T) {
					ctx := context.Background()
					for _, tb := range []*sqlb.Table{authimport.Imported, recorded, auth.Sessions, auth.Identities, auth.Users} {
						if _, err := clean.Exec(ctx, sqlb.Delete(tb).All()); err != nil {
							t.Fatal(err)
						}
					}
					f.run(t, betterAuth(first))
					before = shape(t, clean)
				}, func() error {
					r, err := f.imp.Import(context.Background(), betterAuth(c.recs...), opts...)
					if err == nil {
						if r.Users.Imported != 1 || r.Users.Already != 1 || len(r.Problems) != refusals {
							t.Fatalf("Import without a fault = %+v, want p2 imported, p1 there, %d refused", *r, refusals)
						}
						complete = shape(t, clean)
					}
					return err
				}, func(t *testing.T) {
					// A refusal makes each record go alone: p1's and p2's
					// transactions may commit before the fault, and
					// nothing of a record is ever half-written.
					after := shape(t, clean)
					if refusals == 0 || c.dry {
						if after != before {
							t.Fatalf("a failed import left:\n%s\nwant what was there before:\n%s", after, before)
						}
						return
					}
					for _, p := range []string{"<p1>", "<p2>", "<p3>", ""} {
						if got := linesOf(after, p); got != linesOf(before, p) && got != linesOf(complete, p) {
							t.Fatalf("a failed import left %s half-imported:\n%s\nwant as before:\n%s\nor as after a run:\n%s",
								p, got, linesOf(before, p), linesOf(complete, p))
						}
					}
				})
			})
		}
	})
}

// shape is state with each user's ID replaced by the source's ID of the
// person, so that two imports of the same records compare equal.
func shape(t testing.TB, db *sqlb.DB) string {
	t.Helper()
	s := state(t, db)
	var uid, id string
	err := db.All(context.Background(), sqlb.Select(authimport.ImportedUserID.Into(&uid), authimport.ImportedSourceID.Into(&id)).
		From(authimport.Imported).Where(authimport.ImportedKind.Eq("user")), func() error {
		s = strings.ReplaceAll(s, uid, "<"+id+">")
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// linesOf returns the lines of a shape about one person ("<p1>"), or
// about nobody ("").
func linesOf(shape, person string) string {
	var out []string
	for _, l := range strings.Split(shape, "\n") {
		if (person == "" && !strings.Contains(l, "<")) || (person != "" && strings.Contains(l, person)) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// TestFaultsAtAccountEvent: the import plugin's part of an
// account-security event (closing the import of the user) fails cleanly
// at every statement of a sign-out everywhere, over HTTP.
func TestFaultsAtAccountEvent(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		f := newFixture(t, e, setup{db: pool})
		clean := e.SQL()
		srv := httptest.NewServer(f.h)
		t.Cleanup(srv.Close)
		var sesame *http.Cookie
		var before string
		faults.Each(t, func(t *testing.T) {
			ctx := context.Background()
			for _, tb := range []*sqlb.Table{authimport.Imported, recorded, auth.Sessions, auth.Identities, auth.Users} {
				if _, err := clean.Exec(ctx, sqlb.Delete(tb).All()); err != nil {
					t.Fatal(err)
				}
			}
			now := f.clock.Now()
			f.run(t, betterAuth(authimport.Record{ID: "ba1", Email: "ada@example.com", EmailVerified: true, Sessions: []authimport.Session{
				{ID: "s1", Token: auth.NewSecret(oldToken), ExpiresAt: now.Add(time.Hour)},
				{ID: "s2", Token: auth.NewSecret("another-old-token"), ExpiresAt: now.Add(time.Hour)}}}))
			res, _ := get(t, srv.URL+"/me", "better-auth.session_token="+signed(oldSecret.Reveal(), oldToken))
			if sesame = cookie(res, authhttp.CookieName(f.a)); sesame == nil {
				t.Fatalf("the bridge answered %d without a cookie", res.StatusCode)
			}
			before = shape(t, clean)
		}, func() error {
			req, _ := http.NewRequest(http.MethodPost, srv.URL+"/auth/sessions/revoke-others", nil)
			req.Header.Set("Cookie", sesame.Name+"="+sesame.Value)
			req.Header.Set("Origin", "http://sesame.test")
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return nil
			}
			if res.StatusCode != http.StatusInternalServerError {
				t.Fatalf("POST /auth/sessions/revoke-others with a fault = %d, want 500", res.StatusCode)
			}
			return fmt.Errorf("%d", res.StatusCode)
		}, func(t *testing.T) {
			if after := shape(t, clean); after != before {
				t.Fatalf("a failed sign-out everywhere changed the database:\n%s\nwas\n%s", after, before)
			}
		})
	})
}

// TestFaultsAtTheBridge: a failure of the database while the bridge moves
// an old cookie's session answers 500, never a signed-out page that
// clears the cookie; the next request succeeds, as the move is the same
// whichever request makes it.
func TestFaultsAtTheBridge(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		f := newFixture(t, e, setup{db: pool})
		srv := httptest.NewServer(f.h)
		t.Cleanup(srv.Close)
		old := "better-auth.session_token=" + signed(oldSecret.Reveal(), oldToken)
		clean := e.SQL()
		faults.Each(t, func(t *testing.T) {
			ctx := context.Background()
			for _, tb := range []*sqlb.Table{authimport.Imported, auth.Sessions, auth.Identities, auth.Users} {
				if _, err := clean.Exec(ctx, sqlb.Delete(tb).All()); err != nil {
					t.Fatal(err)
				}
			}
			f.run(t, betterAuth(authimport.Record{ID: "ba1", Email: "ada@example.com", EmailVerified: true, Sessions: []authimport.Session{
				{ID: "s1", Token: auth.NewSecret(oldToken), ExpiresAt: f.clock.Now().Add(time.Hour)}}}))
		}, func() error {
			res, body := get(t, srv.URL+"/me", old)
			if res.StatusCode == http.StatusOK {
				return nil
			}
			if res.StatusCode != http.StatusInternalServerError || len(res.Cookies()) != 0 {
				t.Fatalf("GET /me with the old cookie and a fault = %d %q %q, want 500 and no cookie", res.StatusCode, body, res.Header.Values("Set-Cookie"))
			}
			return fmt.Errorf("%d", res.StatusCode)
		}, func(t *testing.T) {
			if res, _ := get(t, srv.URL+"/me", old); res.StatusCode != http.StatusOK {
				t.Fatalf("GET /me with the old cookie after a fault = %d, want 200", res.StatusCode)
			}
		})
	})
}
