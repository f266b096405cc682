package test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/phone"
)

// TestJourney over HTTP: sign up with a code alone, sign in with one, add
// a number, change it, remove it, each with its notices; the last way in
// stays, and a stale session changes nothing.
func TestJourney(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		first, up := f.signIn(t, "+44 7700 900-001", phone.PurposeSignUp)
		if !up.Created || up.User.Name != "Ada" {
			t.Fatalf("sign-up = %+v, want a new account named Ada", up)
		}
		if got := phones(t, first); len(got) != 1 || !got[ada] {
			t.Fatalf("numbers after sign-up = %v, want %s verified", got, ada)
		}
		other, in := f.signIn(t, ada, phone.PurposeSignIn)
		if in.Created || in.User.ID != up.User.ID {
			t.Fatalf("sign-in = %+v, want Ada's account", in)
		}
		c := f.client(t)
		mustPost(t, c, "/auth/phone/code/send", map[string]string{"phone": ada}, http.StatusOK)
		code := f.sms.code(t, ada, phone.PurposeSignIn)
		wrong := "000000"
		if code == wrong {
			wrong = "111111"
		}
		wantError(t, "a wrong code", c.Post("/auth/phone/code/sign-in", map[string]string{"phone": ada, "code": wrong}),
			http.StatusBadRequest, "invalid_code")
		wantError(t, "a code for another number", c.Post("/auth/phone/code/sign-in", map[string]string{"phone": grace, "code": code}),
			http.StatusBadRequest, "invalid_code")
		wantError(t, "a malformed number", c.Post("/auth/phone/code/sign-in", map[string]string{"phone": "07700 900001", "code": code}),
			http.StatusBadRequest, "invalid_code")
		mustPost(t, c, "/auth/phone/code/sign-in", map[string]string{"phone": ada, "code": code}, http.StatusOK)
		wantError(t, "a used code", f.client(t).Post("/auth/phone/code/sign-in", map[string]string{"phone": ada, "code": code}),
			http.StatusBadRequest, "invalid_code")

		// Add a number: a code goes to it, the first number hears of it.
		mustPost(t, first, "/auth/phone/add", map[string]string{"phone": ada2}, http.StatusOK)
		if got := phones(t, first); len(got) != 2 || got[ada2] {
			t.Fatalf("numbers after add = %v, want %s unverified", got, ada2)
		}
		wantError(t, "adding a verified number again", first.Post("/auth/phone/add", map[string]string{"phone": ada}),
			http.StatusBadRequest, "phone_unchanged")
		mustPost(t, first, "/auth/phone/verify", map[string]string{"phone": ada2, "code": f.sms.code(t, ada2, phone.PurposeVerify)}, http.StatusOK)
		if got := f.sms.last(t, ada, phone.PurposeAdded).Text; !strings.Contains(got, ada2) {
			t.Errorf("the notice of the added number says %q", got)
		}
		if got := phones(t, first); !got[ada2] {
			t.Fatalf("numbers after verify = %v, want %s verified", got, ada2)
		}
		f.signIn(t, ada2, phone.PurposeSignIn)

		// Change it: the new number proves itself, the old one is told,
		// the other sessions end.
		mustPost(t, first, "/auth/phone/change", map[string]string{"phone": ada2, "newPhone": ada3}, http.StatusOK)
		mustPost(t, first, "/auth/phone/verify", map[string]string{"phone": ada3, "code": f.sms.code(t, ada3, phone.PurposeChange)}, http.StatusOK)
		if got := phones(t, first); len(got) != 2 || !got[ada] || !got[ada3] {
			t.Fatalf("numbers after the change = %v, want %s and %s", got, ada, ada3)
		}
		if got := f.sms.last(t, ada2, phone.PurposeChanged).Text; !strings.Contains(got, ada3) {
			t.Errorf("the old number's notice says %q", got)
		}
		if got := f.sms.last(t, ada, phone.PurposeAdded).Text; !strings.Contains(got, ada3) {
			t.Errorf("the first number's notice of the change says %q", got)
		}
		wantError(t, "another session after the change", other.Get("/auth/session"), http.StatusUnauthorized, "no_session")
		if res := first.Get("/auth/session"); res.Status != http.StatusOK {
			t.Errorf("the changing session after the change = %d", res.Status)
		}

		// Remove it: it and the other number are told.
		mustPost(t, first, "/auth/phone/remove", map[string]string{"phone": ada3}, http.StatusOK)
		if f.sms.count(ada3, phone.PurposeRemoved) != 1 || f.sms.count(ada, phone.PurposeRemoved) != 1 {
			t.Errorf("removal notices: %d to the number, %d to the other, want 1 and 1",
				f.sms.count(ada3, phone.PurposeRemoved), f.sms.count(ada, phone.PurposeRemoved))
		}
		wantError(t, "removing the last way in", first.Post("/auth/phone/remove", map[string]string{"phone": ada}),
			http.StatusBadRequest, "phone_last_way_in")
		wantError(t, "removing another's number", first.Post("/auth/phone/remove", map[string]string{"phone": grace}),
			http.StatusNotFound, "phone_not_found")

		// A stale session adds, changes and removes nothing.
		f.clock.Advance(11 * time.Minute)
		for path, body := range map[string]map[string]string{
			"/auth/phone/add":    {"phone": grace},
			"/auth/phone/change": {"phone": ada, "newPhone": grace},
			"/auth/phone/remove": {"phone": ada},
		} {
			wantError(t, "a stale session's "+path, first.Post(path, body), http.StatusForbidden, "fresh_session_required")
		}
		if n := len(f.sms.messages(grace)); n != 0 {
			t.Errorf("%d texts to %s from a stale session", n, grace)
		}
	})
}

// TestNoticesToAddresses: with the email plugin, an added number is told
// to the account's verified addresses (the email plugin's notice, with
// its undo link), and so is a removed one.
func TestNoticesToAddresses(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		f.person(t, number(ada), address("ada@example.com"))
		c, _ := f.signIn(t, ada, phone.PurposeSignIn)
		mustPost(t, c, "/auth/phone/add", map[string]string{"phone": ada2}, http.StatusOK)
		mustPost(t, c, "/auth/phone/verify", map[string]string{"phone": ada2, "code": f.sms.code(t, ada2, phone.PurposeVerify)}, http.StatusOK)
		if got := f.mail.Last(t, "ada@example.com", email.PurposeAdded).Text; !strings.Contains(got, "phone") {
			t.Errorf("the address's notice of the added number says %q", got)
		}
		mustPost(t, c, "/auth/phone/remove", map[string]string{"phone": ada2}, http.StatusOK)
		if got := f.mail.Last(t, "ada@example.com", phone.PurposeRemoved).Text; !strings.Contains(got, ada2) {
			t.Errorf("the address's notice of the removal says %q", got)
		}
	})
}

// TestClaims: a number someone added and never proved names nobody: a
// code sent to it is a sign-up code, and the sign-up drops the claim. A
// number taken by a person answers add and change alike, and its holder
// is told.
func TestClaims(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		f.person(t, number(grace))
		mallory, _ := f.signIn(t, ada, phone.PurposeSignUp)
		mustPost(t, mallory, "/auth/phone/add", map[string]string{"phone": ada2}, http.StatusOK) // not his, never proved
		_, in := f.signIn(t, ada2, phone.PurposeSignUp)
		if !in.Created {
			t.Fatalf("the number's holder signing up = %+v, want a new account", in)
		}
		if got := phones(t, mallory); len(got) != 1 {
			t.Errorf("Mallory's numbers after the holder signed up = %v, want his claim dropped", got)
		}
		for path, body := range map[string]map[string]string{
			"/auth/phone/add":    {"phone": grace},
			"/auth/phone/change": {"phone": ada, "newPhone": grace},
		} {
			res := mustPost(t, mallory, path, body, http.StatusOK)
			if strings.TrimSpace(string(res.Body)) != "{}" {
				t.Errorf("%s of a taken number = %s, want {}", path, res.Body)
			}
		}
		if f.sms.count(grace, phone.PurposeInUse) != 2 || f.sms.count(grace, phone.PurposeVerify)+f.sms.count(grace, phone.PurposeChange) != 0 {
			t.Errorf("texts to the holder: %v, want two notices and no code", f.sms.messages(grace))
		}
		if got := phones(t, mallory); len(got) != 1 {
			t.Errorf("Mallory's numbers = %v, want the taken number not added", got)
		}
	})
}
