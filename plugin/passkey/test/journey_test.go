package test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/passkey"
)

// TestJourney registers two passkeys, lists and renames them, signs out
// and signs in with each (discoverable: no username), over HTTP, on every
// engine.
func TestJourney(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		b := f.browser(t)
		ada := f.account(t, b, "ada")

		laptop := b.register(t, "Laptop")
		if laptop.Name != "Laptop" || laptop.ID == "" || !laptop.LastUsedAt.IsZero() {
			t.Errorf("registered %+v, want Laptop never used", laptop)
		}
		// Adding a way in is told to the account's verified addresses.
		if n := f.mail.Last(t, "ada@example.com", email.PurposeAdded); !strings.Contains(n.Text, "passkey") {
			t.Errorf("notice of the new passkey = %q, want it to name a passkey", n.Text)
		}
		f.clock.Advance(time.Second)
		phone := b.register(t, "")
		if phone.Name != "Passkey" {
			t.Errorf("a passkey registered without a name is named %q, want Passkey", phone.Name)
		}
		b.post(t, "/auth/passkey/rename", map[string]string{"id": laptop.ID, "name": "Work laptop"}, http.StatusOK)
		got := b.list(t)
		if len(got) != 2 || got[0].ID != laptop.ID || got[0].Name != "Work laptop" || got[1].ID != phone.ID {
			t.Fatalf("list = %+v, want Work laptop then Passkey", got)
		}

		b.post(t, "/auth/sign-out", nil, http.StatusOK)
		if res := b.c.Get("/auth/passkey/list"); res.Status != http.StatusUnauthorized {
			t.Fatalf("list after sign-out = %d, want 401", res.Status)
		}
		for i, want := range []string{laptop.ID, phone.ID} {
			in := b.signIn(t, i)
			if in.User == nil || in.User.ID != ada.ID || in.Session == nil || in.Session.Credential != passkey.Credential || in.Passkey != want {
				t.Fatalf("sign-in with passkey %d = %+v, want ada with %s", i, in, want)
			}
		}
		var s auth.SessionInfo
		res := b.c.Get("/auth/session")
		res.Decode(t, &s)
		if s.User == nil || s.User.ID != ada.ID {
			t.Fatalf("session after a passkey sign-in = %s", res.Body)
		}
		got = b.list(t)
		if !got[0].LastUsedAt.Equal(start.Add(time.Second)) {
			t.Errorf("last used = %v, want %v", got[0].LastUsedAt, start.Add(time.Second))
		}
	})
}

// TestUndoNotice: the link in the notice of a new passkey removes it.
func TestUndoNotice(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		b := f.browser(t)
		f.account(t, b, "ada")
		b.register(t, "Stolen")
		token := f.mail.Token(t, "ada@example.com", email.PurposeAdded)
		undo := f.browser(t) // the owner, reading mail elsewhere
		undo.post(t, "/auth/email/change/undo", map[string]string{"token": token}, http.StatusOK)
		b.c.Get("/auth/session") // the undo ended every session
		authtest.SignIn(t, b.c, "/auth", "ada")
		if got := b.list(t); len(got) != 0 {
			t.Fatalf("passkeys after the undo = %+v, want none", got)
		}
		res := b.c.Post("/auth/passkey/sign-in", map[string]any{"credential": b.signInAnswer(t, 0)})
		authtest.WantError(t, "sign-in with an undone passkey", res, http.StatusUnauthorized, passkey.ErrInvalidPasskey.Code)
	})
}
