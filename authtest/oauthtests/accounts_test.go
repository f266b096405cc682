package oauthtests

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/oauth"
	"github.com/sesame-go/sesame/plugin/oauth/oauthtest"
)

// TestEmailMatching checks the rule for addresses that belong to someone:
// sign-in never links, so an address that names a person is refused with
// account_exists whatever the provider says of it, and never makes a
// second account.
func TestEmailMatching(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		// Ada has an account from GitHub, with her verified address.
		f.github.AddUser(oauthtest.User{Subject: "1", Email: "ada@example.com", EmailVerified: true})
		f.github.LogInAs("1")
		f.browser(t).signIn("github", "/")

		tests := []struct {
			name     string
			user     oauthtest.User
			wantCode string
		}{
			{"unverified at the provider", oauthtest.User{Subject: "mallory", Email: "ada@example.com", EmailVerified: false}, "account_exists"},
			{"case differs, verified", oauthtest.User{Subject: "ada-oidc", Email: "ADA@example.com", EmailVerified: true}, "account_exists"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				f.oidc.AddUser(tt.user)
				f.oidc.LogInAs(tt.user.Subject)
				b := f.browser(t)
				res := b.get(b.start("test", ""))
				if tt.wantCode != "" {
					if res.status != http.StatusConflict || res.code() != tt.wantCode {
						t.Fatalf("callback = %d %s, want %s", res.status, res.body, tt.wantCode)
					}
					return
				}
				if res.status != http.StatusFound {
					t.Fatalf("callback = %d %s, want a sign-in", res.status, res.body)
				}
			})
		}
		if n := count(t, e, "auth_user"); n != 1 {
			t.Fatalf("%d users, want Ada alone", n)
		}
	})
}

// TestUnverifiedAddresses: an address the provider does not vouch for is
// not kept, and one a person has not verified is never joined.
func TestUnverifiedAddresses(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{extra: []auth.Plugin{newSignUp()}})
		f.oidc.AddUser(oauthtest.User{Subject: "eve", Email: "grace@example.com", EmailVerified: false})
		f.oidc.LogInAs("eve")
		b := f.browser(t)
		b.signIn("test", "/")
		if u := b.user(); u["primaryEmail"] != nil {
			t.Fatalf("user = %v, want no address kept from an unverified one", u)
		}
		// Grace signs up with her address and has not verified it yet; a
		// provider that verified it does not get her account.
		if res := b.post("/auth/t/sign-up", map[string]string{"email": "grace@example.com"}); res.status != http.StatusOK {
			t.Fatalf("sign-up = %d %s", res.status, res.body)
		}
		f.github.AddUser(oauthtest.User{Subject: "5", Email: "grace@example.com", EmailVerified: true})
		f.github.LogInAs("5")
		b2 := f.browser(t)
		if res := b2.get(b2.start("github", "")); res.status != http.StatusConflict || res.code() != "account_exists" {
			t.Fatalf("callback = %d %s, want 409 account_exists", res.status, res.body)
		}
		if n := count(t, e, "auth_user"); n != 2 {
			t.Fatalf("%d users, want Eve and Grace", n)
		}
	})
}

// TestLastWayIn refuses to unlink the only way to sign in.
func TestLastWayIn(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{noEmail: true})
		f.oidc.AddUser(oauthtest.User{Subject: "ada-1", Email: "ada@example.com", EmailVerified: true})
		f.oidc.LogInAs("ada-1")
		b := f.browser(t)
		b.signIn("test", "/")
		if res := b.post("/auth/oauth/test/unlink", nil); res.status != http.StatusConflict || res.code() != "last_sign_in_method" {
			t.Fatalf("unlink of the last way in = %d %s, want 409 last_sign_in_method", res.status, res.body)
		}
		// An account of another provider linked to someone else cannot be
		// linked here.
		f.github.AddUser(oauthtest.User{Subject: "9"})
		f.github.LogInAs("9")
		f.browser(t).signIn("github", "/")
		res := b.post("/auth/oauth/github/link", nil)
		if res := b.get(b.authorize(res.location)); res.status != http.StatusConflict || res.code() != "oauth_account_taken" {
			t.Fatalf("link of another's account = %d %s, want 409 oauth_account_taken", res.status, res.body)
		}
		if accts := b.accounts(); len(accts) != 1 {
			t.Fatalf("accounts = %+v, want test only", accts)
		}
	})
}

// TestAccessToken keeps sealed tokens and refreshes them before expiry.
func TestAccessToken(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		clock := authtest.NewClock(time.Now())
		key := make([]byte, 32)
		key[0] = 1
		f := newFixture(t, e, setup{authOpts: []auth.Option{auth.WithClock(clock.Now)},
			oauthOpts: []oauth.Option{oauth.WithTokenKeys(key)}})
		f.oidc.AddUser(oauthtest.User{Subject: "ada-1"})
		f.oidc.LogInAs("ada-1")
		b := f.browser(t)
		b.signIn("test", "/")
		uid := b.user()["id"].(string)
		ctx := context.Background()

		first, err := f.oa.AccessToken(ctx, uid, "test")
		if err != nil || first.IsZero() {
			t.Fatalf("AccessToken = %v, want a token", err)
		}
		var stored string
		if err := e.DB.QueryRow("SELECT access_token FROM auth_oauth_token").Scan(&stored); err != nil {
			t.Fatal(err)
		}
		if stored == first.Reveal() || len(stored) < 40 {
			t.Fatalf("the stored token is not sealed: %.12s...", stored)
		}
		if again, _ := f.oa.AccessToken(ctx, uid, "test"); again.Reveal() != first.Reveal() {
			t.Fatal("a fresh token was refreshed")
		}
		clock.Advance(59*time.Minute + 30*time.Second)
		second, err := f.oa.AccessToken(ctx, uid, "test")
		if err != nil || second.Reveal() == first.Reveal() {
			t.Fatalf("AccessToken near expiry = %v (same token: %v), want a refreshed one", err, second.Reveal() == first.Reveal())
		}
		// A second key in front still opens what the first sealed.
		other := make([]byte, 32)
		other[0] = 2
		oa2 := oauth.New([]*oauth.Provider{oauth.OIDC("test", f.oidc.Issuer(), f.oidc.ClientID, auth.NewSecret(f.oidc.ClientSecret))},
			oauth.WithHTTPClient(f.oidc.Client()), oauth.WithTokenKeys(other, key))
		authtest.NewAuth(t, e, auth.WithPlugins(oa2), auth.WithClock(clock.Now))
		if got, err := oa2.AccessToken(ctx, uid, "test"); err != nil || got.Reveal() != second.Reveal() {
			t.Fatalf("AccessToken after key rotation = %v, want the stored token", err)
		}
		if _, err := f.oa.AccessToken(ctx, uid, "github"); !errors.Is(err, oauth.ErrNotLinked) {
			t.Fatalf("AccessToken(github) = %v, want ErrNotLinked", err)
		}
	})
}

// TestRefreshedIDToken: the ID token of a refresh answer is verified
// (OpenID Connect Core §12.2): signature, iss, aud and exp, no nonce. A
// broken one fails AccessToken with ErrInvalidIDToken and stores nothing.
func TestRefreshedIDToken(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		clock := authtest.NewClock(time.Now())
		key := make([]byte, 32)
		f := newFixture(t, e, setup{authOpts: []auth.Option{auth.WithClock(clock.Now)},
			oauthOpts: []oauth.Option{oauth.WithTokenKeys(key)}, provider: []oauthtest.Option{oauthtest.WithClock(clock.Now)}})
		f.oidc.AddUser(oauthtest.User{Subject: "ada-1"})
		f.oidc.LogInAs("ada-1")
		ctx := context.Background()
		stored := func() string {
			t.Helper()
			var access, refresh, updated string
			if err := e.DB.QueryRow("SELECT access_token, refresh_token, updated_at FROM auth_oauth_token").Scan(&access, &refresh, &updated); err != nil {
				t.Fatal(err)
			}
			return access + " " + refresh + " " + updated
		}

		for _, fault := range []oauthtest.Fault{oauthtest.BadSignature, oauthtest.WrongIssuer, oauthtest.WrongAudience,
			oauthtest.Expired, oauthtest.UnknownKey} {
			t.Run(fault.String(), func(t *testing.T) {
				b := f.browser(t)
				b.signIn("test", "/") // fresh tokens for each case
				uid := b.user()["id"].(string)
				first, err := f.oa.AccessToken(ctx, uid, "test")
				if err != nil {
					t.Fatalf("AccessToken = %v", err)
				}
				clock.Advance(59*time.Minute + 30*time.Second)
				before := stored()
				f.oidc.BreakNextIDToken(fault)
				got, err := f.oa.AccessToken(ctx, uid, "test")
				if !errors.Is(err, oauth.ErrInvalidIDToken) || !got.IsZero() {
					t.Fatalf("AccessToken with a refreshed ID token broken by %v = %q, %v, want ErrInvalidIDToken", fault, got, err)
				}
				if after := stored(); after != before {
					t.Fatalf("the stored tokens changed after a refused refresh")
				}
				if again, err := f.oa.AccessToken(ctx, uid, "test"); err == nil && again.Reveal() != first.Reveal() {
					t.Fatalf("AccessToken after a refused refresh = a new token, want none stored")
				}
			})
		}

		// A refreshed ID token that verifies, without a nonce, is fine.
		b := f.browser(t)
		b.signIn("test", "/")
		uid := b.user()["id"].(string)
		first, err := f.oa.AccessToken(ctx, uid, "test")
		if err != nil {
			t.Fatal(err)
		}
		clock.Advance(59*time.Minute + 30*time.Second)
		if second, err := f.oa.AccessToken(ctx, uid, "test"); err != nil || second.Reveal() == first.Reveal() {
			t.Fatalf("AccessToken near expiry = %v, want a refreshed token", err)
		}
	})
}
