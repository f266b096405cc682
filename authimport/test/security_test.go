package test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authimport"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/sqlb"
)

// signed is a better-auth cookie value for token, signed with secret as
// better-call's signCookieValue does.
func signed(secret, token string) string {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(token))
	return url.QueryEscape(token + "." + base64.StdEncoding.EncodeToString(mac.Sum(nil)))
}

const oldToken = "8cb67tFey06Ulp6dgwMv6gNk69kQwybk"

// withSession imports a person of better-auth with a live session of
// oldToken and returns their Sesame ID and a server of the fixture.
func withSession(t *testing.T, f *fixture) (string, string) {
	t.Helper()
	now := f.clock.Now()
	f.run(t, betterAuth(authimport.Record{ID: "ba1", Email: "ada@example.com", EmailVerified: true,
		Sessions: []authimport.Session{{ID: "s1", Token: auth.NewSecret(oldToken), CreatedAt: now.Add(-time.Hour), ExpiresAt: now.Add(24 * time.Hour)}}}))
	srv := httptest.NewServer(f.h)
	t.Cleanup(srv.Close)
	return f.imported(t, authimport.BetterAuthSystem, "ba1"), srv.URL
}

// TestBridgeRefusesForgedCookies: only better-auth's cookie signed with
// its secret crosses the bridge; the imported token signs nobody in by
// itself, as a Sesame cookie or a bearer token, and neither does a
// cookie signed with another secret, unsigned, or of a session never
// imported.
func TestBridgeRefusesForgedCookies(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		uid, srv := withSession(t, f)
		name := authhttp.CookieName(f.a)
		for _, c := range []struct{ name, cookie string }{
			{"another secret", "better-auth.session_token=" + signed("not-the-secret-0123456789-0123456789", oldToken)},
			{"unsigned", "better-auth.session_token=" + oldToken},
			{"signature cut", "better-auth.session_token=" + signed(oldSecret.Reveal(), oldToken)[:60]},
			{"never imported", "better-auth.session_token=" + signed(oldSecret.Reveal(), "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")},
			{"the old token as Sesame's cookie", name + "=" + oldToken},
			{"a signed cookie under Sesame's name", name + "=" + signed(oldSecret.Reveal(), oldToken)},
		} {
			t.Run(c.name, func(t *testing.T) {
				res, body := get(t, srv+"/me", c.cookie)
				if res.StatusCode != http.StatusUnauthorized {
					t.Fatalf("GET /me with %s = %d %q, want 401", c.name, res.StatusCode, body)
				}
			})
		}
		req, _ := http.NewRequest(http.MethodGet, srv+"/me", nil)
		req.Header.Set("Authorization", "Bearer "+oldToken)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusUnauthorized {
			t.Fatalf("GET /me with the old token as a bearer token = %d, want 401", res.StatusCode)
		}
		// The genuine cookie still works after all that.
		if res, body := get(t, srv+"/me", "better-auth.session_token="+signed(oldSecret.Reveal(), oldToken)); res.StatusCode != 200 || body != uid {
			t.Fatalf("GET /me with the genuine cookie = %d %q, want 200 %q", res.StatusCode, body, uid)
		}
	})
}

// TestBridgeEndsWithTheSession: the old cookie is only as good as the
// session: signing out (or out everywhere), and the session's expiry,
// end it too.
func TestBridgeEndsWithTheSession(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		old := "better-auth.session_token=" + signed(oldSecret.Reveal(), oldToken)
		t.Run("sign-out", func(t *testing.T) {
			f := newFixture(t, e, setup{})
			_, srv := withSession(t, f)
			res, _ := get(t, srv+"/me", old)
			sesame := cookie(res, authhttp.CookieName(f.a))
			if res.StatusCode != http.StatusOK || sesame == nil {
				t.Fatalf("GET /me with the old cookie = %d, want 200 and Sesame's cookie", res.StatusCode)
			}
			req, _ := http.NewRequest(http.MethodPost, srv+"/auth/sign-out", nil)
			req.Header.Set("Cookie", sesame.Name+"="+sesame.Value)
			req.Header.Set("Origin", "http://sesame.test")
			out, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			out.Body.Close()
			if out.StatusCode != http.StatusOK {
				t.Fatalf("POST /auth/sign-out = %d", out.StatusCode)
			}
			if res, _ := get(t, srv+"/me", old); res.StatusCode != http.StatusUnauthorized {
				t.Fatalf("GET /me with the old cookie after signing out = %d, want 401", res.StatusCode)
			}
		})
		t.Run("expiry", func(t *testing.T) {
			e := authtest.SQLiteEngine(t)
			if e.Name != "sqlite" {
				t.Fatal("SQLiteEngine made", e.Name)
			}
			f := newFixture(t, e, setup{})
			withSession(t, f)
			srv := httptest.NewServer(f.h)
			t.Cleanup(srv.Close)
			f.clock.Advance(25 * time.Hour)
			if res, _ := get(t, srv.URL+"/me", old); res.StatusCode != http.StatusUnauthorized {
				t.Fatalf("GET /me with the old cookie of an expired session = %d, want 401", res.StatusCode)
			}
		})
	})
}

// TestBridgeConcurrent: twenty requests at once with the same old cookie
// (a page's first load after the switch) all find the session, and get
// the same Sesame cookie; the session stays one.
func TestBridgeConcurrent(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		uid, srv := withSession(t, f)
		old := "better-auth.session_token=" + signed(oldSecret.Reveal(), oldToken)
		var wg sync.WaitGroup
		values := make([]string, 20)
		errs := make([]error, 20)
		for i := range values {
			wg.Go(func() {
				req, _ := http.NewRequest(http.MethodGet, srv+"/me", nil)
				req.Header.Set("Cookie", old)
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					errs[i] = err
					return
				}
				res.Body.Close()
				if c := cookie(res, authhttp.CookieName(f.a)); res.StatusCode == 200 && c != nil {
					values[i] = c.Value
					return
				}
				errs[i] = fmt.Errorf("answer %d, cookies %q", res.StatusCode, res.Header.Values("Set-Cookie"))
			})
		}
		wg.Wait()
		for i := range values {
			if errs[i] != nil || values[i] != values[0] {
				t.Fatalf("request %d: %v, cookie %q, want the cookie %q of the others", i, errs[i], values[i], values[0])
			}
		}
		var n int64
		if err := f.a.DB().One(context.Background(), sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(auth.Sessions).
			Where(auth.SessionUserID.Eq(uid))); err != nil || n != 1 {
			t.Fatalf("sessions of the user = %d (%v), want 1", n, err)
		}
	})
}

// TestUnverifiedAddressIsNoTakeover: an address better-auth never
// verified is imported as a claim: the person who proves it later gets
// it, and the importer's password with it goes nowhere; an address or a
// provider account that already names a Sesame user is not imported at
// all, so an import never adds a way into an existing account.
func TestUnverifiedAddressIsNoTakeover(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		ctx := context.Background()
		f.run(t, betterAuth(authimport.Record{ID: "squatter", Email: "victim@example.com",
			Password: &authimport.Password{Scheme: "bcrypt", Hash: auth.NewSecret("$2a$10$squatterssquatterssquat")}}))
		squatter := f.imported(t, authimport.BetterAuthSystem, "squatter")
		victim, err := f.a.CreateUser(ctx, auth.NewUser{Identities: []auth.NewIdentity{{Kind: email.Kind, Value: "victim@example.com", Verified: true}}})
		if err != nil {
			t.Fatalf("the holder proving the address after the import: %v", err)
		}
		if got := f.identities(t, victim.ID); len(got) != 1 || got[0] != "email victim@example.com true" {
			t.Fatalf("the holder's identities = %q, want the verified address", got)
		}
		if got := f.identities(t, squatter); len(got) != 0 {
			t.Fatalf("the importer's claim stayed: %q", got)
		}

		ada, err := f.a.CreateUser(ctx, auth.NewUser{Identities: []auth.NewIdentity{{Kind: email.Kind, Value: "ada@example.com", Verified: true}}})
		if err != nil {
			t.Fatal(err)
		}
		before := state(t, e.SQL())
		r := f.run(t, betterAuth(
			authimport.Record{ID: "a1", Email: "ADA@example.com", EmailVerified: true, Password: &authimport.Password{Scheme: "bcrypt", Hash: auth.NewSecret("$2a$10$attackerattackerattacke")}},
			authimport.Record{ID: "a2", Email: "ada@example.com"},
		))
		if r.Users.Skipped != 2 || len(r.Problems) != 2 {
			t.Fatalf("importing addresses of an existing user = %+v, want both skipped with problems", *r)
		}
		if after := state(t, e.SQL()); after != before {
			t.Fatalf("importing another user's address wrote:\n%s\nwas\n%s", after, before)
		}
		if got := f.hashOf(t, ada.ID); got != "" {
			t.Fatalf("the existing user got the imported hash %q", got)
		}
	})
}

// TestDeletedUserStaysDeleted: a user deleted after the import is not
// brought back, nor given sessions, by the next run.
func TestDeletedUserStaysDeleted(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		rec := authimport.Record{ID: "gone", Email: "gone@example.com", EmailVerified: true}
		f.run(t, betterAuth(rec))
		uid := f.imported(t, authimport.BetterAuthSystem, "gone")
		if _, err := e.SQL().Exec(context.Background(), sqlb.Delete(auth.Users).Where(auth.UserID.Eq(uid))); err != nil {
			t.Fatal(err)
		}
		now := f.clock.Now()
		rec.Sessions = []authimport.Session{{ID: "late", Token: auth.NewSecret(oldToken), ExpiresAt: now.Add(time.Hour)}}
		before := state(t, e.SQL())
		r := f.run(t, betterAuth(rec))
		if r.Users.Skipped != 1 || len(r.Problems) != 1 || r.Sessions.Imported != 0 {
			t.Fatalf("re-importing a deleted user = %+v, want it skipped", *r)
		}
		if after := state(t, e.SQL()); after != before {
			t.Fatalf("re-importing a deleted user wrote:\n%s", after)
		}
	})
}

// TestExpiredSessionsStayBehind: only live sessions are imported; their
// expiry is kept.
func TestExpiredSessionsStayBehind(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		now := f.clock.Now()
		r := f.run(t, betterAuth(authimport.Record{ID: "p", Email: "p@example.com", Sessions: []authimport.Session{
			{ID: "dead", Token: auth.NewSecret("dead-token"), ExpiresAt: now.Add(-time.Second)},
			{ID: "live", Token: auth.NewSecret("live-token"), ExpiresAt: now.Add(3 * time.Hour)},
		}}))
		if r.Sessions.Imported != 1 || r.Sessions.Skipped != 1 {
			t.Fatalf("Import = %+v, want 1 session imported and the expired one skipped", *r)
		}
		var expires time.Time
		if err := f.a.DB().One(context.Background(), sqlb.Select(auth.SessionExpiresAt.Into(&expires)).From(auth.Sessions)); err != nil {
			t.Fatal(err)
		}
		if want := now.Add(3 * time.Hour).Truncate(time.Microsecond); !expires.Equal(want) {
			t.Fatalf("the imported session expires at %v, want the source's %v", expires, want)
		}
	})
}

// TestConcurrentRuns: two runs of one source at once import each person
// once; a run that loses a race fails or reports, and the next run finds
// everyone imported.
func TestConcurrentRuns(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		recs := make([]authimport.Record, 20)
		for i := range recs {
			recs[i] = authimport.Record{ID: fmt.Sprint("r", i), Email: fmt.Sprintf("r%d@example.com", i), EmailVerified: true}
		}
		var wg sync.WaitGroup
		for range 2 {
			wg.Go(func() {
				src := &records{name: "old", recs: append([]authimport.Record(nil), recs...)}
				_, err := f.imp.Import(context.Background(), src, authimport.WithBatchSize(4))
				if err != nil && !errors.Is(err, auth.ErrInternal) {
					t.Errorf("a concurrent run failed with %v, want success or a database conflict", err)
				}
			})
		}
		wg.Wait()
		r := f.run(t, &records{name: "old", recs: recs})
		if r.Users.Already+r.Users.Imported != 20 || len(r.Problems) != 0 {
			t.Fatalf("the run after = %+v, want all 20 there and no problems", *r)
		}
		var n int64
		if err := f.a.DB().One(context.Background(), sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(auth.Users)); err != nil || n != 20 {
			t.Fatalf("users = %d (%v), want 20", n, err)
		}
	})
}

// TestAccountEventClosesTheImport: once an imported person signs out
// everywhere (or has any other account-security event), a later run
// brings no old session, account or password back into the account; what
// was imported before counts as there.
func TestAccountEventClosesTheImport(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		_, srv := withSession(t, f)
		res, _ := get(t, srv+"/me", "better-auth.session_token="+signed(oldSecret.Reveal(), oldToken))
		sesame := cookie(res, authhttp.CookieName(f.a))
		if sesame == nil {
			t.Fatalf("GET /me with the old cookie = %d, want Sesame's cookie", res.StatusCode)
		}
		req, _ := http.NewRequest(http.MethodPost, srv+"/auth/sessions/revoke-others", nil)
		req.Header.Set("Cookie", sesame.Name+"="+sesame.Value)
		req.Header.Set("Origin", "http://sesame.test")
		out, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		out.Body.Close()
		if out.StatusCode != http.StatusOK {
			t.Fatalf("POST /auth/sessions/revoke-others = %d", out.StatusCode)
		}
		now := f.clock.Now()
		const later = "LaterLaterLaterLaterLaterLater12"
		r := f.run(t, betterAuth(authimport.Record{ID: "ba1", Email: "ada@example.com", EmailVerified: true,
			Password: &authimport.Password{Scheme: "bcrypt", Hash: auth.NewSecret("$2a$10$oldoldoldoldoldoldoldold")},
			Accounts: []authimport.Account{{Provider: "github", Subject: "99"}},
			Sessions: []authimport.Session{
				{ID: "s1", Token: auth.NewSecret(oldToken), ExpiresAt: now.Add(24 * time.Hour)},
				{ID: "s2", Token: auth.NewSecret(later), ExpiresAt: now.Add(24 * time.Hour)},
			}}))
		if r.Sessions != (authimport.Count{Already: 1, Skipped: 1}) || r.Accounts.Skipped != 1 || r.Passwords.Skipped != 1 || len(r.Problems) != 1 {
			t.Fatalf("a run after a sign-out everywhere = %+v, want nothing new imported and one problem", *r)
		}
		if res, _ := get(t, srv+"/me", "better-auth.session_token="+signed(oldSecret.Reveal(), later)); res.StatusCode != http.StatusUnauthorized {
			t.Fatalf("GET /me with the cookie of a session the run left behind = %d, want 401", res.StatusCode)
		}
	})
}
