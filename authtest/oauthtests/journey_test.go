package oauthtests

import (
	"net/http"
	"testing"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/oauth/oauthtest"
)

// TestJourney signs Ada in with OpenID Connect, links GitHub, unlinks the
// OpenID Connect account and signs in with it again, all over HTTP.
func TestJourney(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		f.oidc.AddUser(oauthtest.User{Subject: "ada-1", Email: "Ada@Example.com", EmailVerified: true, Name: "Ada"})
		f.oidc.LogInAs("ada-1")
		f.github.AddUser(oauthtest.User{Subject: "42", Email: "ada@github.example", EmailVerified: true, Username: "ada", Name: "Ada L"})
		f.github.LogInAs("42")
		b := f.browser(t)

		// 1. Sign in: a new account with the verified address.
		callback := b.start("test", "/welcome")
		res := b.get(callback)
		if res.status != http.StatusFound || res.location != "http://sesame.test/welcome" {
			t.Fatalf("callback = %d %q %s, want 302 /welcome", res.status, res.location, res.body)
		}
		u := b.user()
		if u == nil || u["name"] != "Ada" || u["primaryEmail"] != "ada@example.com" || u["emailVerifiedAt"] == nil {
			t.Fatalf("user after sign-in = %v, want Ada with her verified address", u)
		}
		id := u["id"]
		// The state is spent: the same callback again fails.
		if res := b.get(callback); res.status != http.StatusBadRequest || res.code() != "invalid_state" {
			t.Fatalf("replayed callback = %d %s, want 400 invalid_state", res.status, res.body)
		}

		// 2. Link GitHub.
		res = b.post("/auth/oauth/github/link", map[string]string{"returnTo": "/settings"})
		if res.status != http.StatusSeeOther {
			t.Fatalf("POST link = %d %s, want 303", res.status, res.body)
		}
		res = b.get(b.authorize(res.location))
		if res.status != http.StatusFound || res.location != "http://sesame.test/settings" {
			t.Fatalf("link callback = %d %q %s, want 302 /settings", res.status, res.location, res.body)
		}
		if got := b.user(); got["id"] != id {
			t.Fatalf("user after link = %v, want the same person %v", got["id"], id)
		}
		accts := b.accounts()
		if len(accts) != 2 || accts[0].Provider != "test" || accts[1].Provider != "github" || accts[1].Subject != "42" || accts[1].Username != "ada" {
			t.Fatalf("accounts = %+v, want test and github 42", accts)
		}
		// Linking GitHub twice is refused.
		if res := b.post("/auth/oauth/github/link", nil); res.status != http.StatusConflict || res.code() != "oauth_already_linked" {
			t.Fatalf("second link = %d %s, want 409 oauth_already_linked", res.status, res.body)
		}

		// 3. Unlink the OpenID Connect account.
		if res := b.post("/auth/oauth/test/unlink", nil); res.status != http.StatusOK {
			t.Fatalf("unlink = %d %s", res.status, res.body)
		}
		if accts := b.accounts(); len(accts) != 1 || accts[0].Provider != "github" {
			t.Fatalf("accounts after unlink = %+v, want github only", accts)
		}
		if res := b.post("/auth/oauth/test/unlink", nil); res.status != http.StatusNotFound || res.code() != "oauth_not_linked" {
			t.Fatalf("unlink again = %d %s, want 404 oauth_not_linked", res.status, res.body)
		}

		// 4. Signing in with it again, in a new browser, does not join the
		// account by the verified address (sign-in never links): it is
		// refused, and no second account is made.
		b2 := f.browser(t)
		if res := b2.get(b2.start("test", "")); res.status != http.StatusConflict || res.code() != "account_exists" {
			t.Fatalf("re-sign-in after unlink = %d %s, want 409 account_exists", res.status, res.body)
		}
		// And with GitHub, in a third.
		b3 := f.browser(t)
		b3.signIn("github", "/")
		if got := b3.user(); got["id"] != id {
			t.Fatalf("GitHub sign-in user = %v, want %v", got["id"], id)
		}
		if n := count(t, e, "auth_user"); n != 1 {
			t.Fatalf("%d users, want 1", n)
		}
	})
}

// TestSignInGitHub signs in with the GitHub-like provider: the primary
// verified address of /user/emails, the login and the numeric id.
func TestSignInGitHub(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		f.github.AddUser(oauthtest.User{Subject: "7", Email: "grace@example.com", EmailVerified: true, Username: "grace",
			OtherEmails: []oauthtest.Email{{Address: "g@other.example", Verified: true}}})
		f.github.LogInAs("7")
		b := f.browser(t)
		b.signIn("github", "/")
		u := b.user()
		if u["primaryEmail"] != "grace@example.com" {
			t.Fatalf("user = %v, want grace@example.com", u)
		}
		if accts := b.accounts(); len(accts) != 1 || accts[0].Subject != "7" || accts[0].Username != "grace" {
			t.Fatalf("accounts = %+v", accts)
		}
	})
}
