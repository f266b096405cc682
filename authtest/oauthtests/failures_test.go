package oauthtests

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/oauth"
	"github.com/sesame-go/sesame/plugin/oauth/oauthtest"
)

// TestIDTokenFailures breaks the ID token in each way OpenID Connect Core
// §3.1.3.7 checks: every one is refused with invalid_id_token, and
// leaves no user, identity or session behind.
func TestIDTokenFailures(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		clock := authtest.NewClock(time.Now())
		f := newFixture(t, e, setup{authOpts: []auth.Option{auth.WithClock(clock.Now)}})
		f.oidc.AddUser(oauthtest.User{Subject: "ada-1", Email: "ada@example.com", EmailVerified: true, Name: "Ada"})
		f.oidc.LogInAs("ada-1")
		for _, fault := range []oauthtest.Fault{oauthtest.WrongAudience, oauthtest.WrongIssuer, oauthtest.Expired,
			oauthtest.BadSignature, oauthtest.WrongNonce, oauthtest.UnknownKey} {
			t.Run(fault.String(), func(t *testing.T) {
				b := f.browser(t)
				callback := b.start("test", "")
				f.oidc.BreakNextIDToken(fault)
				res := b.get(callback)
				if res.status != http.StatusUnauthorized || res.code() != "invalid_id_token" {
					t.Fatalf("callback with %v = %d %s, want 401 invalid_id_token", fault, res.status, res.body)
				}
				if b.user() != nil {
					t.Fatalf("signed in after %v", fault)
				}
				for _, table := range []string{"auth_user", "auth_identity", "auth_session"} {
					if n := count(t, e, table); n != 0 {
						t.Fatalf("%d rows in %s after %v, want 0", n, table, fault)
					}
				}
			})
		}
		// After all that, a good token still works, and so does one
		// signed by a rotated key: the key set is fetched again (once a
		// minute at most, and UnknownKey just made it fetch).
		f.browser(t).signIn("test", "/")
		f.oidc.RotateKeys()
		clock.Advance(2 * time.Minute)
		f.browser(t).signIn("test", "/")
	})
}

// TestStateChecks covers the state record: replay, another browser, a
// made-up state, expiry, the provider's refusal, and the error page.
func TestStateChecks(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		clock := authtest.NewClock(time.Now())
		f := newFixture(t, e, setup{authOpts: []auth.Option{auth.WithClock(clock.Now)}})
		f.oidc.AddUser(oauthtest.User{Subject: "ada-1", Email: "ada@example.com", EmailVerified: true})
		f.oidc.LogInAs("ada-1")

		t.Run("other browser", func(t *testing.T) {
			callback := f.browser(t).start("test", "")
			res := f.browser(t).get(callback) // an attacker's callback opened by a victim
			if res.status != http.StatusBadRequest || res.code() != "invalid_state" {
				t.Fatalf("callback in another browser = %d %s, want invalid_state", res.status, res.body)
			}
		})
		t.Run("made-up state", func(t *testing.T) {
			b := f.browser(t)
			callback := b.start("test", "")
			u, _ := url.Parse(callback)
			q := u.Query()
			q.Set("state", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")
			u.RawQuery = q.Encode()
			if res := b.get(u.String()); res.code() != "invalid_state" {
				t.Fatalf("made-up state = %d %s, want invalid_state", res.status, res.body)
			}
		})
		t.Run("other provider", func(t *testing.T) {
			b := f.browser(t)
			callback := b.start("test", "")
			if res := b.get(strings.Replace(callback, "/oauth/test/", "/oauth/github/", 1)); res.code() != "invalid_state" {
				t.Fatalf("state of test at github = %d %s, want invalid_state", res.status, res.body)
			}
		})
		t.Run("expired", func(t *testing.T) {
			b := f.browser(t)
			callback := b.start("test", "")
			clock.Advance(11 * time.Minute)
			if res := b.get(callback); res.code() != "invalid_state" {
				t.Fatalf("callback after 11 minutes = %d %s, want invalid_state", res.status, res.body)
			}
		})
		t.Run("declined", func(t *testing.T) {
			f.oidc.LogInAs("")
			defer f.oidc.LogInAs("ada-1")
			b := f.browser(t)
			if res := b.get(b.start("test", "")); res.status != http.StatusForbidden || res.code() != "access_denied" {
				t.Fatalf("declined = %d %s, want 403 access_denied", res.status, res.body)
			}
		})
		t.Run("returnTo", func(t *testing.T) {
			b := f.browser(t)
			for _, bad := range []string{"https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)"} {
				res := b.get("/auth/oauth/test/start?returnTo=" + url.QueryEscape(bad))
				if res.status != http.StatusBadRequest || res.code() != "invalid_return_to" {
					t.Fatalf("returnTo %q = %d %s, want invalid_return_to", bad, res.status, res.body)
				}
			}
			if res := b.get("/auth/oauth/nope/start"); res.status != http.StatusNotFound || res.code() != "oauth_unknown_provider" {
				t.Fatalf("unknown provider = %d %s", res.status, res.body)
			}
		})
		if n := count(t, e, "auth_user"); n != 0 {
			t.Fatalf("%d users after refused callbacks, want 0", n)
		}
	})
}

// TestErrorPage sends refused callbacks to the error page with the code.
func TestErrorPage(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{oauthOpts: []oauth.Option{oauth.WithErrorURL("/sign-in/failed")}})
		f.oidc.AddUser(oauthtest.User{Subject: "ada-1"})
		f.oidc.LogInAs("ada-1")
		b := f.browser(t)
		callback := b.start("test", "")
		f.oidc.BreakNextIDToken(oauthtest.WrongNonce)
		if res := b.get(callback); res.status != http.StatusFound || res.location != "/sign-in/failed?error=invalid_id_token" {
			t.Fatalf("refused callback = %d %q, want a redirect to the error page", res.status, res.location)
		}
		if res := b.get(callback); res.location != "/sign-in/failed?error=invalid_state" {
			t.Fatalf("replayed callback = %d %q, want the error page with invalid_state", res.status, res.location)
		}
		if b.user() != nil || count(t, e, "auth_user") != 0 {
			t.Fatal("a refused callback signed someone in")
		}
	})
}

// TestFormPost signs in with a provider that posts its answer, as Apple
// does: the post, from the provider's origin, is turned into the GET
// callback that the binding cookie comes with.
func TestFormPost(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		f.oidc.AddUser(oauthtest.User{Subject: "ada-1", Email: "ada@example.com", EmailVerified: true})
		f.oidc.LogInAs("ada-1")
		fp := oauth.OIDC("posted", f.oidc.Issuer(), f.oidc.ClientID, auth.NewSecret(f.oidc.ClientSecret), oauth.WithFormPost())
		f.oidc.AddRedirectURI(callbackOf("posted"))
		f.oa = oauth.New([]*oauth.Provider{fp}, oauth.WithHTTPClient(f.oidc.Client()))
		f.a = authtest.NewAuth(t, e, auth.WithPlugins(f.oa), auth.WithoutRateLimits())
		f.srv.Config.Handler = authhttpHandler(f.a)

		b := f.browser(t)
		res := b.get("/auth/oauth/posted/start")
		_, posted := b.formPost(res.location, f.oidc.Issuer())
		if posted.status != http.StatusSeeOther {
			t.Fatalf("form post = %d %s, want 303 to the GET callback", posted.status, posted.body)
		}
		b.signInAt(posted.location, "/")
		if u := b.user(); u == nil {
			t.Fatal("not signed in after the form_post callback")
		}
	})
}
