package test

import (
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/passkey"
)

// TestRemove: removing a passkey needs a fresh session and the caller's
// own passkey, ends the caller's other sessions, and never removes the
// last way into the account.
func TestRemove(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		b := f.browser(t)
		ada := f.account(t, b, "ada")
		first := b.register(t, "First")
		second := b.register(t, "Second")
		remove := func(b *browser, id string) *authtest.Response {
			return b.c.Post("/auth/passkey/remove", map[string]string{"id": id})
		}

		mallory := f.browser(t)
		f.account(t, mallory, "mallory")
		authtest.WantError(t, "removing another person's passkey", remove(mallory, first.ID), http.StatusNotFound, passkey.ErrNotFound.Code)
		authtest.WantError(t, "renaming another person's passkey", mallory.c.Post("/auth/passkey/rename",
			map[string]string{"id": first.ID, "name": "Mine"}), http.StatusNotFound, passkey.ErrNotFound.Code)

		f.clock.Advance(11 * time.Minute)
		authtest.WantError(t, "removal from a stale session", remove(b, first.ID), http.StatusForbidden, auth.ErrFreshSessionRequired.Code)

		// A fresh session (a passkey sign-in), and another one elsewhere.
		b.signIn(t, 0)
		elsewhere := f.browser(t)
		authtest.SignIn(t, elsewhere.c, "/auth", "ada")
		b.post(t, "/auth/passkey/remove", map[string]string{"id": first.ID}, http.StatusOK)
		if got := b.list(t); len(got) != 1 || got[0].ID != second.ID {
			t.Fatalf("passkeys after removing the first = %+v, want the second", got)
		}
		if res := elsewhere.c.Get("/auth/passkey/list"); res.Status != http.StatusUnauthorized {
			t.Errorf("another session after a removal = %d, want ended (401)", res.Status)
		}
		res := b.c.Post("/auth/passkey/sign-in", map[string]any{"credential": b.signInAnswer(t, 0)})
		authtest.WantError(t, "sign-in with a removed passkey", res, http.StatusUnauthorized, passkey.ErrInvalidPasskey.Code)

		// With no other identity left, the last passkey stays.
		f.dropIdentities(t, ada.ID, "email")
		f.dropIdentities(t, ada.ID, "authtest")
		b.signIn(t, 1)
		authtest.WantError(t, "removing the last way in", remove(b, second.ID), http.StatusConflict, passkey.ErrLastSignIn.Code)
		if got := b.list(t); len(got) != 1 {
			t.Fatalf("passkeys after a refused removal = %+v, want one", got)
		}
	})
}

// TestRemoveLastTwoAtOnce: two removals of a person's only two passkeys,
// at once, leave one of them.
func TestRemoveLastTwoAtOnce(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		b := f.browser(t)
		ada := f.account(t, b, "ada")
		ids := []string{b.register(t, "One").ID, b.register(t, "Two").ID}
		f.dropIdentities(t, ada.ID, "email")
		f.dropIdentities(t, ada.ID, "authtest")
		var wg sync.WaitGroup
		status := make([]int, 2)
		for i, id := range ids {
			wg.Go(func() { status[i] = b.c.Post("/auth/passkey/remove", map[string]string{"id": id}).Status })
		}
		wg.Wait()
		ok := 0
		for _, s := range status {
			if s == http.StatusOK {
				ok++
			}
		}
		if got := b.list(t); ok != 1 || len(got) != 1 {
			t.Fatalf("removals = %v leaving %d passkeys, want one removal and one passkey left", status, len(got))
		}
	})
}

// TestChallengeRace: one sign-in answer sent by 20 requests at once signs
// in once; the others find its challenge spent.
func TestChallengeRace(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		b := f.browser(t)
		f.account(t, b, "ada")
		b.register(t, "Key")
		b.post(t, "/auth/sign-out", nil, http.StatusOK)
		answer := b.signInAnswer(t, 0)
		const n = 20
		status := make([]int, n)
		codes := make([]string, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() {
				res := b.c.Post("/auth/passkey/sign-in", map[string]any{"credential": answer})
				status[i], codes[i] = res.Status, res.ErrorCode()
			})
		}
		wg.Wait()
		won := 0
		for i := range n {
			switch {
			case status[i] == http.StatusOK:
				won++
			case status[i] != http.StatusBadRequest || codes[i] != passkey.ErrInvalidChallenge.Code:
				t.Errorf("request %d = %d %s, want 200 or 400 %s", i, status[i], codes[i], passkey.ErrInvalidChallenge.Code)
			}
		}
		if won != 1 {
			t.Fatalf("%d of %d requests signed in with one challenge, want 1", won, n)
		}
		var sessions int64
		if err := e.SQL().One(t.Context(), countSessions(&sessions)); err != nil {
			t.Fatal(err)
		}
		if sessions != 1 { // ada's sign-in by name was ended by the sign-out
			t.Errorf("%d sessions after the race, want 1", sessions)
		}
	})
}
