package test

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/sqlb"
)

// The account security model, finding by finding, as an attacker tried it
// against the password and email plugins.

// person signs up with an address and a password, verifies the address
// and signs in on a browser of their own, which it returns.
func (f *fixture) person(t *testing.T, addr, pw string) *authtest.Client {
	t.Helper()
	c := authtest.NewClient(t, f.h)
	f.post(t, c, "/auth/password/sign-up", map[string]string{"email": addr, "password": pw, "name": addr}, http.StatusOK)
	f.post(t, c, "/auth/email/verify", map[string]string{"token": f.mail.Token(t, addr, email.PurposeVerify)}, http.StatusOK)
	f.signIn(t, c, addr, pw)
	return c
}

func (f *fixture) signIn(t *testing.T, c *authtest.Client, addr, pw string) string {
	t.Helper()
	var in password.SignedIn
	f.post(t, c, "/auth/password/sign-in", map[string]string{"email": addr, "password": pw}, http.StatusOK).Decode(t, &in)
	return in.User.ID
}

// userID returns the ID of c's signed-in user, or "" when c has no session.
func userID(t *testing.T, c *authtest.Client) string {
	t.Helper()
	res := c.Get("/auth/session")
	if res.Status != http.StatusOK {
		return ""
	}
	var info auth.SessionInfo
	res.Decode(t, &info)
	return info.User.ID
}

// purposes lists the purposes of the messages sent to an address.
func (f *fixture) purposes(to string) map[string]int {
	out := map[string]int{}
	for _, m := range f.mail.Messages(to) {
		out[m.Purpose]++
	}
	return out
}

func count(t *testing.T, db *sqlb.DB, table *sqlb.Table, where sqlb.Cond) int64 {
	t.Helper()
	var n int64
	q := sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(table)
	if where != nil {
		q = q.Where(where)
	}
	if err := db.One(context.Background(), q); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestPreAccountTakeover (finding 1): Mallory adds Ada's address to his
// own account, where it stays unverified. That claim names nobody: a
// forgot-password for it sends nothing, Ada's sign-up makes her own
// account (the claim gives way), and her reset resets her account only.
func TestPreAccountTakeover(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		mallory := f.person(t, "mallory@evil.example", "mallory's password")
		malloryID := userID(t, mallory)
		f.post(t, mallory, "/auth/email/add", map[string]string{"email": "ada@example.com"}, http.StatusOK)

		ada := authtest.NewClient(t, f.h)
		f.post(t, ada, "/auth/password/forgot", map[string]string{"email": "ada@example.com"}, http.StatusOK)
		if n := f.purposes("ada@example.com")[password.PurposeReset]; n != 0 {
			t.Fatalf("forgot-password of an address only claimed by Mallory sent %d reset links", n)
		}
		f.post(t, ada, "/auth/password/sign-up", map[string]string{"email": "ada@example.com", "password": "ada's password"}, http.StatusOK)
		if got := f.purposes("ada@example.com"); got[email.PurposeExisting] != 0 || got[email.PurposeVerify] != 2 {
			t.Fatalf("Ada's sign-up sent %v, want her own verification link and no 'existing account' notice", got)
		}
		f.post(t, ada, "/auth/email/verify", map[string]string{"token": f.mail.Token(t, "ada@example.com", email.PurposeVerify)}, http.StatusOK)
		adaID := f.signIn(t, ada, "ada@example.com", "ada's password")
		if adaID == malloryID {
			t.Fatal("Ada signed in to Mallory's account")
		}
		var list email.Addresses
		mallory.Get("/auth/email/list").Decode(t, &list)
		if len(list.Emails) != 1 || list.Emails[0].Value != "mallory@evil.example" {
			t.Fatalf("Mallory's addresses = %+v, want his own only", list.Emails)
		}

		f.post(t, ada, "/auth/password/forgot", map[string]string{"email": "ada@example.com"}, http.StatusOK)
		f.post(t, ada, "/auth/password/reset", map[string]string{"token": f.mail.Token(t, "ada@example.com", password.PurposeReset),
			"password": "ada's new password"}, http.StatusOK)
		if id := f.signIn(t, authtest.NewClient(t, f.h), "ada@example.com", "ada's new password"); id != adaID {
			t.Fatalf("the reset reached account %s, want Ada's %s", id, adaID)
		}
		if userID(t, mallory) != malloryID {
			t.Fatal("Ada's reset ended Mallory's session: it touched his account")
		}
	})
}

// TestStaleSessionCannotTakeTheAccount (finding 2): a thief with an old
// session cannot add an address; with a fresh one he can, but every
// verified address of the account hears of it, and its undo link, which
// his reset does not end, throws him out.
func TestStaleSessionCannotTakeTheAccount(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		laptop := f.person(t, "ada@example.com", "ada's password")
		thief := authtest.NewClient(t, f.h)
		f.signIn(t, thief, "ada@example.com", "ada's password")
		f.clock.Advance(time.Hour)
		wantError(t, "adding an address with an hour-old session", thief.Post("/auth/email/add", map[string]string{"email": "thief@evil.example"}),
			http.StatusForbidden, "fresh_session_required")

		f.signIn(t, thief, "ada@example.com", "ada's password")
		f.post(t, thief, "/auth/email/add", map[string]string{"email": "thief@evil.example"}, http.StatusOK)
		f.post(t, thief, "/auth/email/verify", map[string]string{"token": f.mail.Token(t, "thief@evil.example", email.PurposeVerify)}, http.StatusOK)
		notice := f.mail.Last(t, "ada@example.com", email.PurposeAdded)
		undo := f.mail.Token(t, "ada@example.com", email.PurposeAdded)

		f.post(t, thief, "/auth/password/forgot", map[string]string{"email": "thief@evil.example"}, http.StatusOK)
		f.post(t, thief, "/auth/password/reset", map[string]string{"token": f.mail.Token(t, "thief@evil.example", password.PurposeReset),
			"password": "the thief's password"}, http.StatusOK)
		if userID(t, laptop) != "" {
			t.Fatal("Ada's laptop is still signed in after the reset")
		}
		thiefSession := authtest.NewClient(t, f.h)
		f.signIn(t, thiefSession, "thief@evil.example", "the thief's password")

		f.post(t, authtest.NewClient(t, f.h), "/auth/email/change/undo", map[string]string{"token": undo}, http.StatusOK)
		if userID(t, thiefSession) != "" {
			t.Fatalf("the thief is still signed in after the undo of %q", notice.Subject)
		}
		wantError(t, "the thief's address after the undo", thiefSession.Post("/auth/password/sign-in",
			map[string]string{"email": "thief@evil.example", "password": "the thief's password"}), http.StatusUnauthorized, "invalid_credentials")
		f.post(t, laptop, "/auth/password/forgot", map[string]string{"email": "ada@example.com"}, http.StatusOK)
		f.post(t, laptop, "/auth/password/reset", map[string]string{"token": f.mail.Token(t, "ada@example.com", password.PurposeReset),
			"password": "ada's new password"}, http.StatusOK)
		f.signIn(t, laptop, "ada@example.com", "ada's new password")
	})
}

// TestResetEndsPendingFlows (finding 3): a password reset ends every flow
// begun before it: an address change waiting for its confirmation, the
// verification of an address a session added, an earlier reset link; and
// revoking a session ends the flows it started.
func TestResetEndsPendingFlows(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		thief := f.person(t, "ada@example.com", "ada's password")
		f.post(t, thief, "/auth/email/change", map[string]string{"newEmail": "thief@evil.example"}, http.StatusOK)
		change := f.mail.Token(t, "thief@evil.example", email.PurposeChange)
		f.post(t, thief, "/auth/email/add", map[string]string{"email": "thief2@evil.example"}, http.StatusOK)
		verify := f.mail.Token(t, "thief2@evil.example", email.PurposeVerify)
		f.post(t, thief, "/auth/password/forgot", map[string]string{"email": "ada@example.com"}, http.StatusOK)
		oldReset := f.mail.Token(t, "ada@example.com", password.PurposeReset)

		ada := authtest.NewClient(t, f.h)
		f.post(t, ada, "/auth/password/forgot", map[string]string{"email": "ada@example.com"}, http.StatusOK)
		f.post(t, ada, "/auth/password/reset", map[string]string{"token": f.mail.Token(t, "ada@example.com", password.PurposeReset),
			"password": "ada's new password"}, http.StatusOK)
		wantError(t, "the address change after the reset", ada.Post("/auth/email/verify", map[string]string{"token": change}),
			http.StatusBadRequest, "invalid_token_or_expired")
		wantError(t, "the added address's link after the reset", ada.Post("/auth/email/verify", map[string]string{"token": verify}),
			http.StatusBadRequest, "invalid_token_or_expired")
		wantError(t, "the earlier reset link", ada.Post("/auth/password/reset", map[string]string{"token": oldReset, "password": "the thief's pw"}),
			http.StatusBadRequest, "invalid_token_or_expired")

		// Revoking the session that asked for a change ends the change.
		laptop := authtest.NewClient(t, f.h)
		f.signIn(t, laptop, "ada@example.com", "ada's new password")
		f.post(t, laptop, "/auth/email/change", map[string]string{"newEmail": "ada@new.example"}, http.StatusOK)
		change = f.mail.Token(t, "ada@new.example", email.PurposeChange)
		phone := authtest.NewClient(t, f.h)
		f.signIn(t, phone, "ada@example.com", "ada's new password")
		var list auth.SessionList
		phone.Get("/auth/sessions").Decode(t, &list)
		for _, s := range list.Sessions {
			if !s.Current {
				f.post(t, phone, "/auth/sessions/revoke", map[string]string{"id": s.ID}, http.StatusOK)
			}
		}
		wantError(t, "the change of a revoked session", phone.Post("/auth/email/verify", map[string]string{"token": change}),
			http.StatusBadRequest, "invalid_token_or_expired")
	})
}

// TestRemovedAddressResetLink (finding 7): a reset link works only while
// the address it was sent to is the account's.
func TestRemovedAddressResetLink(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		ada := f.person(t, "ada@example.com", "ada's password")
		f.post(t, ada, "/auth/email/add", map[string]string{"email": "ada@old.example"}, http.StatusOK)
		f.post(t, ada, "/auth/email/verify", map[string]string{"token": f.mail.Token(t, "ada@old.example", email.PurposeVerify)}, http.StatusOK)
		f.post(t, ada, "/auth/password/forgot", map[string]string{"email": "ada@old.example"}, http.StatusOK)
		reset := f.mail.Token(t, "ada@old.example", password.PurposeReset)
		f.post(t, ada, "/auth/email/remove", map[string]string{"email": "ada@old.example"}, http.StatusOK)
		wantError(t, "the reset link of a removed address", ada.Post("/auth/password/reset",
			map[string]string{"token": reset, "password": "whoever holds old"}), http.StatusBadRequest, "invalid_token_or_expired")
		f.signIn(t, authtest.NewClient(t, f.h), "ada@example.com", "ada's password")
	})
}

// gatedHasher holds the first Verify after arm until release: a sign-in
// whose password check is done outside the transaction, waiting there.
type gatedHasher struct {
	*countingHasher
	mu      sync.Mutex
	armed   bool
	entered chan struct{}
	release chan struct{}
}

func (h *gatedHasher) arm() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.armed, h.entered, h.release = true, make(chan struct{}), make(chan struct{})
}

func (h *gatedHasher) Verify(ctx context.Context, pw []byte, encoded string) (bool, error) {
	ok, err := h.countingHasher.Verify(ctx, pw, encoded)
	h.mu.Lock()
	armed := h.armed
	h.armed = false
	h.mu.Unlock()
	if armed {
		close(h.entered)
		<-h.release
	}
	return ok, err
}

// TestSignInRacesReset (finding 9): a sign-in whose password check passed
// before a reset does not get a session after it.
func TestSignInRacesReset(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		gate := &gatedHasher{countingHasher: newCountingHasher(t, testParams)}
		f := newFixture(t, e, password.WithHasher(gate))
		f.person(t, "ada@example.com", "the old password")
		f.post(t, f.c, "/auth/password/forgot", map[string]string{"email": "ada@example.com"}, http.StatusOK)
		reset := f.mail.Token(t, "ada@example.com", password.PurposeReset)

		gate.arm()
		late := make(chan *authtest.Response)
		go func() {
			late <- authtest.NewClient(t, f.h).Post("/auth/password/sign-in", map[string]string{"email": "ada@example.com", "password": "the old password"})
		}()
		<-gate.entered
		f.post(t, f.c, "/auth/password/reset", map[string]string{"token": reset, "password": "the new password"}, http.StatusOK)
		close(gate.release)
		wantError(t, "the sign-in that checked the old password before the reset", <-late, http.StatusUnauthorized, "invalid_credentials")
		if n := count(t, f.a.DB(), auth.Sessions, nil); n != 0 {
			t.Fatalf("%d sessions after the reset, want none", n)
		}
	})
}

// TestTakenSignUpLeavesNoRows (finding 11): a sign-up of an address that
// names a person writes nothing, whether the holder verified it or not.
func TestTakenSignUpLeavesNoRows(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		f.person(t, "ada@example.com", "ada's password")
		f.post(t, f.c, "/auth/password/sign-up", map[string]string{"email": "grace@example.com", "password": "grace's password"}, http.StatusOK)
		users := count(t, f.a.DB(), auth.Users, nil)
		for _, addr := range []string{"ada@example.com", "ADA@example.com", "grace@example.com"} {
			f.post(t, f.c, "/auth/password/sign-up", map[string]string{"email": addr, "password": "someone else's"}, http.StatusOK)
		}
		if n := count(t, f.a.DB(), auth.Users, nil); n != users {
			t.Fatalf("%d users after three sign-ups of taken addresses, want %d", n, users)
		}
		if got := f.purposes("grace@example.com")[email.PurposeExisting]; got != 1 {
			t.Fatalf("Grace, who has not verified yet, got %d 'existing account' notices, want 1", got)
		}
	})
}

// TestCredentialChangesNeedAFreshSession: every operation that adds,
// changes or removes a way into an account declares a fresh session.
func TestCredentialChangesNeedAFreshSession(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		for _, name := range []string{"email.add", "email.change", "email.remove", "email.makePrimary", "password.change"} {
			op, ok := f.a.Operation(name)
			if !ok {
				t.Fatalf("no operation %s", name)
			}
			if got := op.Info().Session; got != auth.SessionFresh {
				t.Errorf("%s needs session %v, want SessionFresh", name, got)
			}
		}
	})
}

// failReset is a host plugin whose after-hook fails password resets while
// armed, rolling them back.
type failReset struct{ armed bool }

func (f *failReset) Name() string { return "failreset" }

func (f *failReset) After(_ context.Context, c *auth.Call, _, _ any) error {
	if f.armed && c.Op().Name == password.OpReset {
		return errors.New("failreset: no")
	}
	return nil
}

// TestAccountEventsOnCommit: an account-security event reaches the event
// sink once its operation committed, and never when it rolled back.
func TestAccountEventsOnCommit(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		var mu sync.Mutex
		var got []string
		sink := func(_ context.Context, ev auth.Event) {
			mu.Lock()
			defer mu.Unlock()
			got = append(got, ev.Type)
		}
		hook := &failReset{}
		f := newFixtureWith(t, e, []auth.Option{auth.WithoutRateLimits(), auth.WithEventSink(sink), auth.WithPlugins(hook)})
		f.person(t, "ada@example.com", "ada's password")
		reset := func(status int) {
			f.post(t, f.c, "/auth/password/forgot", map[string]string{"email": "ada@example.com"}, http.StatusOK)
			f.post(t, f.c, "/auth/password/reset", map[string]string{"token": f.mail.Token(t, "ada@example.com", password.PurposeReset),
				"password": "a new password"}, status)
		}
		hook.armed = true
		reset(http.StatusInternalServerError)
		hook.armed = false
		reset(http.StatusOK)
		mu.Lock()
		defer mu.Unlock()
		if n := slices.Index(got, string(auth.PasswordReset)); n < 0 || slices.Contains(got[n+1:], string(auth.PasswordReset)) {
			t.Fatalf("events %q, want password_reset once: for the reset that committed", got)
		}
	})
}

// TestPasswordChangeKeepsTheCallersFlows: a password change, made from a
// fresh session, ends the other sessions and the flows they asked for
// (the phone's address to verify), but not the caller's session nor the
// address change it asked for.
func TestPasswordChangeKeepsTheCallersFlows(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		laptop := f.person(t, "ada@example.com", "ada's password")
		phone := authtest.NewClient(t, f.h)
		f.signIn(t, phone, "ada@example.com", "ada's password")
		f.post(t, phone, "/auth/email/add", map[string]string{"email": "ada@phone.example"}, http.StatusOK)
		fromPhone := f.mail.Token(t, "ada@phone.example", email.PurposeVerify)
		f.post(t, laptop, "/auth/email/change", map[string]string{"newEmail": "ada@laptop.example"}, http.StatusOK)
		fromLaptop := f.mail.Token(t, "ada@laptop.example", email.PurposeChange)

		f.post(t, laptop, "/auth/password/change", map[string]string{"currentPassword": "ada's password", "newPassword": "a new password"}, http.StatusOK)
		if userID(t, laptop) == "" || userID(t, phone) != "" {
			t.Fatal("after the change, want the laptop signed in and the phone signed out")
		}
		wantError(t, "the phone's verification link after the password change", laptop.Post("/auth/email/verify", map[string]string{"token": fromPhone}),
			http.StatusBadRequest, "invalid_token_or_expired")
		f.post(t, laptop, "/auth/email/verify", map[string]string{"token": fromLaptop}, http.StatusOK)
	})
}
