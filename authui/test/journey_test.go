package test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
)

// want fails the test unless the page holds every string.
func want(t *testing.T, what string, p page, texts ...string) {
	t.Helper()
	for _, s := range texts {
		if !strings.Contains(p.Body, s) {
			t.Fatalf("%s: the page (%d) lacks %q:\n%s", what, p.Status, s, p.Body)
		}
	}
}

// TestJourney walks every page of the slice as a browser with scripts
// off, on every engine: sign up, verify the address from the emailed
// link, fail then succeed to sign in, see the account, change the
// password, sign out, forget the password and reset it. Every POST ends
// in a redirect (PRG), and every error shows next to its field.
func TestJourney(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s := newSite(t, e, nil, nil)
		b := s.browser(t)

		post, next := b.submit("/sign-up", "/sign-up", url.Values{"name": {"Ada"}, "email": {"ada@example.com"}, "password": {"short"}})
		if post.Status != http.StatusSeeOther || post.Location != "/sign-up" {
			t.Fatalf("sign-up with a short password = %d to %q, want 303 back to the form", post.Status, post.Location)
		}
		want(t, "short password", next, `aria-invalid="true"`, `aria-describedby="password-hint password-error"`,
			`<p class="field-error" id="password-error">The password is too short.</p>`,
			`role="alert"`, `<a href="#password">The password is too short.</a>`, `value="ada@example.com"`, "autofocus")
		if strings.Contains(next.Body, "short") && strings.Contains(next.Body, `value="short"`) {
			t.Fatal("the page shows the password again")
		}
		if again := b.get("/sign-up"); strings.Contains(again.Body, "field-error") {
			t.Fatal("the error shows again on the next visit: the flash was not read once")
		}

		post, next = b.submit("/sign-up", "/sign-up", url.Values{"name": {"Ada"}, "email": {"ada@example.com"}, "password": {"correct horse battery"}})
		if post.Status != http.StatusSeeOther || post.Location != "/sign-in?done=signed_up" {
			t.Fatalf("sign-up = %d to %q", post.Status, post.Location)
		}
		want(t, "signed up", next, "Check your email")

		_, next = b.submit("/sign-in", "/sign-in", url.Values{"email": {"ada@example.com"}, "password": {"correct horse battery"}})
		want(t, "unverified sign-in", next, "Verify your email first", `action="/verify-email/resend"`)

		link := s.link(t, "ada@example.com", email.PurposeVerify)
		if !strings.HasPrefix(link, "/verify-email?token=") {
			t.Fatalf("verification link %s", link)
		}
		landing := b.get(link)
		want(t, "verification landing", landing, "Verify my email", `name="token"`)
		_, next = b.submit(link, "/verify-email", nil)
		want(t, "verified", next, "Your email address is verified.")

		_, next = b.submit("/sign-in", "/sign-in", url.Values{"email": {"ada@example.com"}, "password": {"wrong password!"}})
		want(t, "wrong password", next, `<p class="field-error" id="password-error">Wrong email or password.</p>`)

		next = b.signIn("ada@example.com", "correct horse battery")
		want(t, "signed in", next, "Your account", "ada@example.com", "This browser", `action="/account/sessions/revoke"`)

		_, next = b.submit("/account", "/account/profile", url.Values{"name": {"   "}})
		want(t, "blank name", next, `id="name-error"`, "Check this field.")
		_, next = b.submit("/account", "/account/profile", url.Values{"name": {"  Ada King  "}})
		want(t, "name saved", next, "Your profile is saved.", `value="Ada King"`)
		if u, _ := b.s.a.UpdateUser(t.Context(), auth.UpdateUserRequest{Name: "X"}); u != nil {
			t.Fatal("UpdateUser without a session changed a user")
		}

		_, next = b.submit("/account", "/account/password", url.Values{"currentPassword": {"not it at all"}, "newPassword": {"another good one"}})
		want(t, "wrong current password", next, `id="currentPassword-error"`)
		_, next = b.submit("/account", "/account/password", url.Values{"currentPassword": {"correct horse battery"}, "newPassword": {"another good one"}})
		want(t, "password changed", next, "Your password is changed.")

		_, next = b.submit("/account", "/sign-out", nil)
		want(t, "signed out", next, "You are signed out.")
		if p := b.get("/account"); p.Status != http.StatusSeeOther || p.Location != "/sign-in?next=%2Faccount" {
			t.Fatalf("the account page after signing out = %d to %q", p.Status, p.Location)
		}

		_, next = b.submit("/forgot-password", "/forgot-password", url.Values{"email": {"ada@example.com"}})
		want(t, "forgot", next, "we sent it a link")
		reset := s.link(t, "ada@example.com", password.PurposeReset)
		_, next = b.submit(reset, "/reset-password", url.Values{"password": {"x"}})
		want(t, "reset with a short password", next, `id="password-error"`, `name="token"`)
		_, next = b.submit(reset, "/reset-password", url.Values{"password": {"a third good password"}})
		want(t, "reset", next, "Your password is set")
		_, next = b.submit(reset, "/reset-password", url.Values{"password": {"a fourth good password"}})
		want(t, "reset link used twice", next, "The link is invalid or has expired.", "Ask for a new link")
		want(t, "signed in with the reset password", b.signIn("ada@example.com", "a third good password"), "This browser")
	})
}
