package coretest

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/admin"
	"github.com/sesame-go/sesame/sqlb"
)

// TestStatelessJourney: with stateless sessions, for a browser and a
// bearer client, a sign-up and sign-in writes no session row, a request
// costs one statement (the user by primary key) and no write, a refresh
// once per update age re-issues the token with a later expiry, never past
// the absolute lifetime, the list holds the caller's own session, and a
// sign-out clears the cookie.
func TestStatelessJourney(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		for _, bearer := range []bool{false, true} {
			s := newStateless(t, e, nil, auth.WithSessionAbsoluteLifetime(3*day+time.Hour))
			c := s.client(t, bearer)
			signIn := c.Post("/auth/authtest/sign-in", map[string]string{"name": "ada"})
			token := reissued(signIn)
			if signIn.Status != http.StatusOK || !isStateless(token) {
				t.Fatalf("bearer %v: sign-in = %d, token %q, want 200 and a sealed token", bearer, signIn.Status, token)
			}
			if n := s.count(t, auth.Sessions, auth.SessionID); n != 0 {
				t.Fatalf("bearer %v: %d session rows after a stateless sign-in, want none", bearer, n)
			}

			res, statements := s.getSession(c)
			info := sessionOf(t, res)
			if info.User.Name != "ada" || statements != 1 || reissued(res) != "" {
				t.Errorf("bearer %v: a request = user %q, %d statements, token re-issued %q; want ada, 1 (the user), none",
					bearer, info.User.Name, statements, reissued(res))
			}
			if res := c.Get("/app/me"); res.Status != http.StatusOK || string(res.Body) != "ada" {
				t.Errorf("bearer %v: the host's route = %d %s, want ada", bearer, res.Status, res.Body)
			}

			// A refresh, once a day: a new token, a later expiry, no write.
			created := info.Session.CreatedAt
			for i := 1; i <= 3; i++ {
				s.clock.Advance(day)
				res, statements = s.getSession(c)
				info = sessionOf(t, res)
				next := reissued(res)
				want := s.clock.Now().Add(auth.DefaultSessionLifetime)
				if limit := created.Add(3*day + time.Hour); want.After(limit) {
					want = limit
				}
				if next == "" || next == token || !info.Session.ExpiresAt.Equal(want) || statements != 1 {
					t.Errorf("bearer %v: refresh %d = token re-issued %v, expires %v, %d statements; want a new token, %v, 1",
						bearer, i, next != "" && next != token, info.Session.ExpiresAt, statements, want)
				}
				token = next
				if res, _ := s.getSession(c); reissued(res) != "" {
					t.Errorf("bearer %v: a second request within the update age re-issued the token", bearer)
				}
			}
			if res, _ := s.getSession(s.presenting(t, token)); res.Status != http.StatusOK {
				t.Errorf("bearer %v: the re-issued token as a bearer token = %d %s", bearer, res.Status, res.Body)
			}
			var list auth.SessionList
			c.Get("/auth/sessions").Decode(t, &list)
			if len(list.Sessions) != 1 || !list.Sessions[0].Current || list.Sessions[0].ID != info.Session.ID {
				t.Errorf("bearer %v: list = %+v, want the caller's own session alone", bearer, list.Sessions)
			}

			// The absolute lifetime: no refresh reaches past it.
			s.clock.Advance(time.Hour)
			refused(t, "a token past the absolute lifetime", c.Get("/auth/session"))

			// Sign-out: the cookie is cleared.
			c = s.client(t, bearer)
			authtest.SignIn(t, c, "/auth", "ada")
			res = c.Post("/auth/sign-out", nil)
			if res.Status != http.StatusOK {
				t.Fatalf("sign-out = %d %s", res.Status, res.Body)
			}
			if ck, ok := sessionCookie(res); !bearer && (!ok || ck.MaxAge >= 0) {
				t.Errorf("sign-out answered cookie %v, want it cleared", ck)
			}
			if !bearer {
				refused(t, "the browser after its sign-out", c.Get("/auth/session"))
			}
		}
	})
}

// TestStatelessAccountEventsEndTokens: every account-security event ends
// the user's stateless tokens issued before it, at their next request,
// with no revocation list: sign out everywhere (the caller's own session
// survives with a token issued anew, through the route or a host's page
// with RenewSessionCookie; the others and every older copy of the
// caller's token do not), a ban, the admin's revoke-sessions, and a
// deleted user.
func TestStatelessAccountEventsEndTokens(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s := newStateless(t, e, nil)
		ctx := context.Background()
		for _, bearer := range []bool{false, true} {
			here, there := s.client(t, bearer), s.client(t, bearer)
			authtest.SignIn(t, here, "/auth", "ada")
			before := reissued(here.Post("/auth/authtest/sign-in", map[string]string{"name": "ada"}))
			authtest.SignIn(t, there, "/auth", "ada")
			s.clock.Advance(time.Second)
			res := here.Post("/auth/sessions/revoke-others", nil)
			kept := reissued(res)
			if res.Status != http.StatusOK || kept == "" || kept == before {
				t.Fatalf("bearer %v: revoke-others = %d %s, re-issued %v; want 200 and the caller's token anew", bearer, res.Status, res.Body, kept != "")
			}
			if res, _ := s.getSession(here); res.Status != http.StatusOK {
				t.Errorf("bearer %v: the caller after revoke-others = %d %s, want 200", bearer, res.Status, res.Body)
			}
			refused(t, "the other device after revoke-others", there.Get("/auth/session"))
			refused(t, "the caller's token from before revoke-others", s.presenting(t, before).Get("/auth/session"))

			// The same through a host's page and the Go call: the page
			// renews the caller's token with RenewSessionCookie.
			authtest.SignIn(t, there, "/auth", "ada")
			s.clock.Advance(time.Second)
			if res := here.Post("/app/sign-out-others", nil); res.Status != http.StatusOK || reissued(res) == "" {
				t.Fatalf("bearer %v: the host's page = %d %s, re-issued %v; want 200 and the caller's token anew", bearer, res.Status, res.Body, reissued(res) != "")
			}
			if res, _ := s.getSession(here); res.Status != http.StatusOK {
				t.Errorf("bearer %v: the caller after the host's page = %d %s, want 200", bearer, res.Status, res.Body)
			}
			refused(t, "the other device after the host's page", there.Get("/auth/session"))
		}

		// A ban, and the admin's revoke-sessions: at the next request.
		for _, end := range []struct {
			name string
			do   func(userID string) error
		}{
			{"a ban", func(id string) error { _, err := s.adm.Ban(s.asAdmin(t), admin.BanRequest{UserID: id}); return err }},
			{"revoke-sessions", func(id string) error { return s.adm.RevokeSessions(s.asAdmin(t), id) }},
			{"the user deleted by the host", func(id string) error {
				_, err := s.clean.Exec(ctx, sqlb.Delete(auth.Users).Where(auth.UserID.Eq(id)))
				return err
			}},
		} {
			c := s.client(t, true)
			in := authtest.SignIn(t, c, "/auth", "grace-"+end.name)
			if res, _ := s.getSession(c); res.Status != http.StatusOK {
				t.Fatalf("%s: before = %d", end.name, res.Status)
			}
			if err := end.do(in.User.ID); err != nil {
				t.Fatalf("%s: %v", end.name, err)
			}
			refused(t, "a token after "+end.name, c.Get("/auth/session"))
		}
	})
}

// TestStatelessRevocations: with a revocation list in the database, a
// sign-out ends the token everywhere (a copy taken before it is refused)
// and revoking one of one's sessions by ID ends it; without one, the copy
// works until it expires (the documented limit) and revoking another
// session answers session_not_revocable. Naming another user's session
// ends nothing of theirs. A request costs one more statement, and Sweep
// deletes entries once their session could no longer be live.
func TestStatelessRevocations(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		for _, withList := range []bool{true, false} {
			var opts []auth.Option
			if withList {
				opts = append(opts, auth.WithSessionRevocations(auth.DatabaseSessionRevocations()))
			}
			s := newStateless(t, e, nil, opts...)
			c := s.client(t, true)
			authtest.SignIn(t, c, "/auth", "ada")
			copied := c.Token
			res, statements := s.getSession(c)
			if want := map[bool]int{true: 2, false: 1}[withList]; res.Status != http.StatusOK || statements != want {
				t.Errorf("list %v: a request = %d, %d statements, want 200 and %d", withList, res.Status, statements, want)
			}
			if res := c.Post("/auth/sign-out", nil); res.Status != http.StatusOK {
				t.Fatalf("sign-out = %d %s", res.Status, res.Body)
			}
			res = s.presenting(t, copied).Get("/auth/session")
			if withList {
				refused(t, "a copy of a signed-out token", res)
			} else if res.Status != http.StatusOK {
				t.Errorf("without a list, a copy of a signed-out token = %d, want 200 until it expires (the documented limit)", res.Status)
			}

			// One of one's sessions, by ID.
			here, there := s.client(t, true), s.client(t, true)
			authtest.SignIn(t, here, "/auth", "lin")
			other := authtest.SignIn(t, there, "/auth", "lin")
			res = here.Post("/auth/sessions/revoke", map[string]string{"id": other.Session.ID})
			if withList {
				if res.Status != http.StatusOK {
					t.Fatalf("revoke = %d %s", res.Status, res.Body)
				}
				refused(t, "a revoked session", there.Get("/auth/session"))
			} else {
				wantError(t, "revoke another session without a list", res, http.StatusConflict, "session_not_revocable")
				if res := there.Get("/auth/session"); res.Status != http.StatusOK {
					t.Errorf("the session an unrevocable revoke named = %d, want 200", res.Status)
				}
			}

			// An ID no session can have is no session: not a server error
			// (a 36-character column, or a native uuid one, refuses it).
			for _, id := range []string{strings.Repeat("a", 37), "not-an-id", other.Session.ID + "0"} {
				wantError(t, "revoke of a malformed ID", here.Post("/auth/sessions/revoke", map[string]string{"id": id}),
					http.StatusNotFound, "session_not_found")
			}

			// Another user's session ID ends nothing of theirs.
			victim, mallory := s.client(t, true), s.client(t, true)
			vs := authtest.SignIn(t, victim, "/auth", "victim")
			authtest.SignIn(t, mallory, "/auth", "mallory")
			mallory.Post("/auth/sessions/revoke", map[string]string{"id": vs.Session.ID})
			if res := victim.Get("/auth/session"); res.Status != http.StatusOK {
				t.Errorf("list %v: the victim after mallory revoked their session ID = %d, want 200", withList, res.Status)
			}
		}

		// Sweep: the entries stay while their sessions could be live.
		s := newStateless(t, e, nil, auth.WithSessionRevocations(auth.DatabaseSessionRevocations()),
			auth.WithSessionAbsoluteLifetime(2*day))
		c := s.client(t, true)
		authtest.SignIn(t, c, "/auth", "sweep")
		c.Post("/auth/sign-out", nil)
		rows := func() int { return s.count(t, auth.Revocations, auth.RevocationSessionID) }
		n := rows()
		if n == 0 {
			t.Fatal("a sign-out recorded no revocation")
		}
		s.clock.Advance(2*day - time.Minute)
		if _, err := s.a.Sweep(context.Background()); err != nil || rows() != n {
			t.Fatalf("Sweep within the lifetime = %v, %d rows, want %d kept", err, rows(), n)
		}
		s.clock.Advance(2 * time.Minute)
		if _, err := s.a.Sweep(context.Background()); err != nil || rows() != n-1 {
			t.Fatalf("Sweep past the lifetime = %v, %d rows, want %d", err, rows(), n-1)
		}
	})
}

// TestStatelessTokensRefused: a tampered token, an expired one, one
// sealed with other keys or with a key since dropped, a database-store
// token shown to a stateless instance and a stateless token shown to a
// database-store one, and a value sealed with the same keys for another
// purpose: each is refused. Keys rotate: a new key in front opens the old
// tokens and seals their refreshes.
func TestStatelessTokensRefused(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		k1, k2 := newKey(t), newKey(t)
		old := newStateless(t, e, sealerOf(t, k1))
		c := old.client(t, true)
		authtest.SignIn(t, c, "/auth", "ada")
		token := c.Token

		for i := range []int{0, 3, 4, 12, len(token) / 2, len(token) - 1} {
			pos := []int{0, 3, 4, 12, len(token) / 2, len(token) - 1}[i]
			refused(t, "a token altered at "+string(rune('0'+i)), old.presenting(t, tamper(token, pos)).Get("/auth/session"))
		}
		refused(t, "a truncated token", old.presenting(t, token[:len(token)-4]).Get("/auth/session"))
		refused(t, "a token sealed with other keys", newStateless(t, e, sealerOf(t, k2)).presenting(t, token).Get("/auth/session"))

		other, err := sealerOf(t, k1).Seal("anything at all", "sesame-snapshot:00")
		if err != nil {
			t.Fatal(err)
		}
		refused(t, "a value the same keys sealed for another purpose", old.presenting(t, other).Get("/auth/session"))

		db := newFixture(t, e)
		dbClient := authtest.NewClient(t, db.h)
		dbClient.Bearer = true
		authtest.SignIn(t, dbClient, "/auth", "ada")
		refused(t, "a database-store token shown to a stateless instance", old.presenting(t, dbClient.Token).Get("/auth/session"))
		dbClient.Token = token
		refused(t, "a stateless token shown to a database-store instance", dbClient.Get("/auth/session"))

		// Rotation: [k2, k1] opens k1's token and re-seals it with k2.
		rotated := newStateless(t, e, sealerOf(t, k2, k1))
		rotated.clock.Advance(day)
		res, _ := rotated.getSession(rotated.presenting(t, token))
		next := reissued(res)
		if res.Status != http.StatusOK || next == "" {
			t.Fatalf("the old key's token after rotation = %d %s, re-issued %v; want 200 and a new token", res.Status, res.Body, next != "")
		}
		dropped := newStateless(t, e, sealerOf(t, k2))
		dropped.clock.Advance(day)
		if res, _ := dropped.getSession(dropped.presenting(t, next)); res.Status != http.StatusOK {
			t.Errorf("the re-sealed token once k1 is dropped = %d %s, want 200", res.Status, res.Body)
		}
		refused(t, "a token sealed with a dropped key", dropped.presenting(t, token).Get("/auth/session"))

		// Expiry.
		old.clock.Advance(auth.DefaultSessionLifetime)
		refused(t, "an expired token", old.presenting(t, token).Get("/auth/session"))
	})
}

// TestStatelessRefreshWithoutRead: within the window after a token's last
// issue a request runs no statement at all; a ban, an account-security
// event and a deleted user wait until the window is over (the documented
// lag), then end the session; a revocation list is still read on every
// request, so a sign-out holds at once.
func TestStatelessRefreshWithoutRead(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		const window = 5 * time.Minute
		ctx := context.Background()
		s := newStateless(t, e, nil, auth.WithStatelessRefreshWithoutRead(window))
		c := s.client(t, true)
		ada := authtest.SignIn(t, c, "/auth", "ada")
		res, statements := s.getSession(c)
		if sessionOf(t, res).User.Name != "ada" || statements != 0 {
			t.Fatalf("a request within the window ran %d statements, want none", statements)
		}
		if _, err := s.clean.Exec(ctx, sqlb.Update(auth.Users).Set(auth.UserName.Set("Ada L.")).Where(auth.UserID.Eq(ada.User.ID))); err != nil {
			t.Fatal(err)
		}
		s.clock.Advance(window - time.Second)
		if res, _ := s.getSession(c); sessionOf(t, res).User.Name != "ada" {
			t.Fatalf("within the window the user is %q: the test's premise failed", sessionOf(t, res).User.Name)
		}
		s.clock.Advance(time.Second)
		res, statements = s.getSession(c)
		if sessionOf(t, res).User.Name != "Ada L." || reissued(res) == "" || statements != 1 {
			t.Errorf("after the window = %q, re-issued %v, %d statements; want the new name, a new token, 1",
				sessionOf(t, res).User.Name, reissued(res) != "", statements)
		}
		if res, statements := s.getSession(c); res.Status != http.StatusOK || statements != 0 {
			t.Errorf("after the re-issue = %d, %d statements, want 200 and none", res.Status, statements)
		}

		// A ban waits up to the window, not longer.
		if _, err := s.adm.Ban(s.asAdmin(t), admin.BanRequest{UserID: ada.User.ID}); err != nil {
			t.Fatal(err)
		}
		if res := c.Get("/auth/session"); res.Status != http.StatusOK {
			t.Errorf("a ban within the window = %d, want the documented lag (200)", res.Status)
		}
		s.clock.Advance(window)
		refused(t, "a banned user's token after the window", c.Get("/auth/session"))

		// With a list, a sign-out holds at once, within the window.
		s = newStateless(t, e, nil, auth.WithStatelessRefreshWithoutRead(window),
			auth.WithSessionRevocations(auth.DatabaseSessionRevocations()))
		c = s.client(t, true)
		authtest.SignIn(t, c, "/auth", "lin")
		copied := c.Token
		if res, statements := s.getSession(c); res.Status != http.StatusOK || statements != 1 {
			t.Errorf("with a list, within the window = %d, %d statements, want 200 and 1 (the list)", res.Status, statements)
		}
		c.Post("/auth/sign-out", nil)
		refused(t, "a signed-out token within the window", s.presenting(t, copied).Get("/auth/session"))
	})
}

// TestStatelessOptions: New refuses combinations that make no sense.
func TestStatelessOptions(t *testing.T) {
	e := authtest.SQLiteEngine(t)
	keys := sealerOf(t, newKey(t))
	for _, tt := range []struct {
		name string
		opts []auth.Option
	}{
		{"a store", []auth.Option{auth.WithStatelessSessions(keys), auth.WithSessionStore(auth.NewMemorySessionStore())}},
		{"a cache", []auth.Option{auth.WithStatelessSessions(keys), auth.WithSessionCache(auth.NewMemorySessionCache(), time.Minute)}},
		{"no key", []auth.Option{auth.WithStatelessSessions(&auth.Sealer{})}},
		{"a window too long", []auth.Option{auth.WithStatelessSessions(keys), auth.WithStatelessRefreshWithoutRead(16 * time.Minute)}},
		{"a window without stateless", []auth.Option{auth.WithStatelessRefreshWithoutRead(time.Minute)}},
		{"a list without stateless", []auth.Option{auth.WithSessionRevocations(auth.DatabaseSessionRevocations())}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			opts := append([]auth.Option{auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL)}, tt.opts...)
			if _, err := auth.New(opts...); err == nil {
				t.Errorf("New with %s = nil error, want one", tt.name)
			}
		})
	}
}

// TestStatelessFaults: with stateless sessions and a revocation list in
// the database, a failure at any statement of a request, a sign-in, a
// sign-out or a sign-out-everywhere answers 500 internal, never a
// signed-out or a signed-in answer, and leaves the session epochs and the
// revocation list as they were: a failed sign-out leaves the token
// working, and a failed sign-out-everywhere leaves every token working.
func TestStatelessFaults(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s := newStateless(t, e, nil, auth.WithSessionRevocations(auth.DatabaseSessionRevocations()))
		state := func(t *testing.T) string {
			t.Helper()
			var id string
			var epoch int64
			out := ""
			err := s.clean.All(context.Background(), sqlb.Select(auth.UserID.Into(&id), auth.UserSessionEpoch.Into(&epoch)).
				From(auth.Users).OrderBy(auth.UserID.Asc()), func() error { out += fmt.Sprintf("%s=%d ", id, epoch); return nil })
			if err != nil {
				t.Fatal(err)
			}
			return out + fmt.Sprint(s.count(t, auth.Revocations, auth.RevocationSessionID), " revoked")
		}
		var c, other *authtest.Client
		var token, otherToken, before string
		n := 0
		signIn := func(t *testing.T) {
			n++
			name := fmt.Sprint("user", n)
			c, other = s.client(t, true), s.client(t, true)
			authtest.SignIn(t, c, "/auth", name)
			authtest.SignIn(t, other, "/auth", name)
			token, otherToken = c.Token, other.Token
			s.clock.Advance(day) // each request is due for a refresh
			before = state(t)
		}
		for _, op := range []struct {
			name, method, path string
			setup              func(t *testing.T)
		}{
			{"a request with a refresh", http.MethodGet, "/auth/session", signIn},
			{"sign in", http.MethodPost, "/auth/authtest/sign-in", func(t *testing.T) { signIn(t); c.Token = "" }},
			{"sign out", http.MethodPost, "/auth/sign-out", signIn},
			{"sign out everywhere", http.MethodPost, "/auth/sessions/revoke-others", signIn},
		} {
			t.Run(op.name, func(t *testing.T) {
				run := func() error {
					var body any
					if op.name == "sign in" {
						body = map[string]string{"name": fmt.Sprint("user", n)}
					}
					res := c.Do(op.method, op.path, body, nil)
					if res.Status == http.StatusOK {
						return nil
					}
					if res.Status != http.StatusInternalServerError || res.ErrorCode() != "internal" {
						t.Errorf("faulted %s = %d %s, want 500 internal", op.name, res.Status, res.Body)
					}
					return fmt.Errorf("status %d", res.Status)
				}
				check := func(t *testing.T) {
					t.Helper()
					if after := state(t); after != before {
						t.Errorf("a failed %s changed the state: %s, want %s", op.name, after, before)
					}
					for _, tok := range []string{token, otherToken} {
						if tok == "" {
							continue
						}
						if res := s.presenting(t, tok).Get("/auth/session"); res.Status != http.StatusOK {
							t.Errorf("after a failed %s a token = %d %s, want it working", op.name, res.Status, res.Body)
						}
					}
				}
				s.faults.Each(t, op.setup, run, check)
			})
		}
	})
}
