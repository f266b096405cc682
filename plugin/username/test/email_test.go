package test

import (
	"net/http"
	"testing"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
)

// TestWithEmail: with the email plugin too, a sign-up takes an address and
// a username; the account signs in by either. Until it is verified, the
// address of an account that has a username is a claim that names nobody
// (auth.Call.WhoIs), so that sign-in by it is invalid_credentials;
// sign-in by the username works at once (choosing it was the proof).
func TestWithEmail(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{withEmail: true})
		post(t, f.c, "/auth/password/sign-up", map[string]string{"email": "jane@example.com", "username": "JaneDoe", "password": "jane's password"}, http.StatusOK)
		wantError(t, "sign-in by the unverified address", f.c.Post("/auth/password/sign-in",
			map[string]string{"email": "jane@example.com", "password": "jane's password"}), http.StatusUnauthorized, "invalid_credentials")
		f.signIn(t, f.c, "janedoe", "jane's password")
		post(t, f.c, "/auth/email/verify", map[string]string{"token": f.mail.Token(t, "jane@example.com", email.PurposeVerify)}, http.StatusOK)
		for _, id := range []string{"jane@example.com", "JaneDoe"} {
			c := f.client(t)
			post(t, c, "/auth/password/sign-in", map[string]string{"identifier": id, "password": "jane's password"}, http.StatusOK)
			if got := shown(t, c); got != "JaneDoe" {
				t.Errorf("signed in by %s: shown %v", id, got)
			}
		}
		res := f.c.Post("/auth/password/sign-in", map[string]string{"identifier": "janedoe", "password": "wrong"})
		wantError(t, "a wrong password by identifier", res, http.StatusUnauthorized, "invalid_credentials")
		if want := `{"error":{"code":"invalid_credentials","message":"wrong email, username or password"}}`; string(trim(res.Body)) != want {
			t.Errorf("a wrong password by identifier = %s, want %s", res.Body, want)
		}
	})
}

// TestSignUpEnumeration: a sign-up with a username and an address answers
// the same whether the address has an account, whatever the username:
// a taken username is refused before the address is looked at.
func TestSignUpEnumeration(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{withEmail: true})
		post(t, f.c, "/auth/password/sign-up", map[string]string{"email": "jane@example.com", "username": "JaneDoe", "password": "jane's password"}, http.StatusOK)
		post(t, f.c, "/auth/email/verify", map[string]string{"token": f.mail.Token(t, "jane@example.com", email.PurposeVerify)}, http.StatusOK)

		for _, addr := range []string{"jane@example.com", "nobody@example.com"} {
			wantError(t, "a taken username with "+addr, f.c.Post("/auth/password/sign-up",
				map[string]string{"email": addr, "username": "j\u0430nedoe", "password": "mallory's password"}), http.StatusConflict, "username_taken")
		}
		taken := f.c.Post("/auth/password/sign-up", map[string]string{"email": "jane@example.com", "username": "Mallory", "password": "mallory's password"})
		free := f.c.Post("/auth/password/sign-up", map[string]string{"email": "new@example.com", "username": "Mallory2", "password": "mallory's password"})
		if taken.Status != http.StatusOK || string(taken.Body) != string(free.Body) {
			t.Errorf("sign-up with a taken address = %d %s, with a new one %d %s: want alike", taken.Status, taken.Body, free.Status, free.Body)
		}
		f.mail.Last(t, "jane@example.com", email.PurposeExisting)
		wantError(t, "the username of a sign-up whose address was taken", f.c.Post("/auth/password/sign-in",
			map[string]string{"username": "Mallory", "password": "mallory's password"}), http.StatusUnauthorized, "invalid_credentials")
	})
}

// TestChosenNameIsTold: choosing a username for an account with a
// verified address tells the address, with a link that takes the name
// away again and ends every session.
func TestChosenNameIsTold(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{withEmail: true})
		post(t, f.c, "/auth/password/sign-up", map[string]string{"email": "jane@example.com", "password": "jane's password"}, http.StatusOK)
		post(t, f.c, "/auth/email/verify", map[string]string{"token": f.mail.Token(t, "jane@example.com", email.PurposeVerify)}, http.StatusOK)
		post(t, f.c, "/auth/password/sign-in", map[string]string{"email": "jane@example.com", "password": "jane's password"}, http.StatusOK)
		post(t, f.c, "/auth/username/set", map[string]string{"username": "JaneDoe"}, http.StatusOK)
		undo := f.mail.Token(t, "jane@example.com", email.PurposeAdded)
		post(t, f.client(t), "/auth/email/change/undo", map[string]string{"token": undo}, http.StatusOK)
		wantError(t, "the session after the undo", f.c.Get("/auth/session"), http.StatusUnauthorized, "no_session")
		wantError(t, "sign-in by the undone name", f.c.Post("/auth/password/sign-in",
			map[string]string{"username": "JaneDoe", "password": "jane's password"}), http.StatusUnauthorized, "invalid_credentials")
		post(t, f.c, "/auth/password/sign-in", map[string]string{"email": "jane@example.com", "password": "jane's password"}, http.StatusOK)
		if got := shown(t, f.c); got != nil {
			t.Errorf("after the undo: shown %v, want no username", got)
		}
	})
}

func trim(b []byte) []byte {
	for len(b) > 0 && (b[len(b)-1] == '\n' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	return b
}
