package oauthtests

import (
	"net/http"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/oauth"
	"github.com/sesame-go/sesame/plugin/oauth/oauthtest"
)

// TestMicrosoftTenants runs the Microsoft preset for "common" against a
// provider whose discovery document names the multi-tenant issuer
// {issuer}/{tenantid}/v2.0: each ID token's expected iss is built from its
// own tid, so people of two tenants sign in, and a token whose iss names
// another tenant than its tid is refused.
func TestMicrosoftTenants(t *testing.T) {
	const (
		contoso  = "72f988bf-86f1-41af-91ab-2d7cd011db47"
		fabrikam = "f8cdef31-a31e-4b4a-93e4-5f571e91255a"
	)
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		ms := oauthtest.NewProvider(t, oauthtest.WithMultiTenant(), oauthtest.WithRedirectURI(callbackOf("microsoft")))
		f := newFixture(t, e, setup{providers: []*oauth.Provider{
			oauth.Microsoft("common", ms.ClientID, auth.NewSecret(ms.ClientSecret), oauth.WithIssuer(ms.Issuer())),
		}})
		ms.AddUser(oauthtest.User{Subject: "contoso-ada", TenantID: contoso, Name: "Ada"})
		ms.AddUser(oauthtest.User{Subject: "fabrikam-bob", TenantID: fabrikam, Name: "Bob"})

		for _, who := range []string{"contoso-ada", "fabrikam-bob"} {
			ms.LogInAs(who)
			b := f.browser(t)
			b.signIn("microsoft", "/")
			if accts := b.accounts(); len(accts) != 1 || accts[0].Provider != "microsoft" || accts[0].Subject != who {
				t.Fatalf("accounts of %s = %+v, want microsoft %s", who, accts, who)
			}
		}

		// OpenID Connect Core §3.1.3.7 step 2 with Microsoft's template: a
		// token of Fabrikam's tid as Contoso's issuer (the TenantMismatch
		// fault), or of another issuer altogether, is refused.
		for _, fault := range []oauthtest.Fault{oauthtest.TenantMismatch, oauthtest.WrongIssuer} {
			t.Run(fault.String(), func(t *testing.T) {
				ms.AddUser(oauthtest.User{Subject: "mallory", TenantID: fabrikam})
				ms.LogInAs("mallory")
				b := f.browser(t)
				callback := b.start("microsoft", "")
				ms.BreakNextIDToken(fault)
				if res := b.get(callback); res.status != http.StatusUnauthorized || res.code() != "invalid_id_token" {
					t.Fatalf("callback with %v = %d %s, want 401 invalid_id_token", fault, res.status, res.body)
				}
				if b.user() != nil {
					t.Fatalf("signed in after %v", fault)
				}
			})
		}
		if n := count(t, e, "auth_user"); n != 2 {
			t.Fatalf("%d users, want Ada and Bob", n)
		}

		// A Microsoft address never joins an existing person, even when
		// the token claims it verified: Ada of GitHub keeps her account.
		f.github.AddUser(oauthtest.User{Subject: "7", Email: "ada@contoso.example", EmailVerified: true})
		f.github.LogInAs("7")
		f.browser(t).signIn("github", "/")
		ms.AddUser(oauthtest.User{Subject: "contoso-ada-2", TenantID: contoso, Email: "ada@contoso.example", EmailVerified: true})
		ms.LogInAs("contoso-ada-2")
		b := f.browser(t)
		if res := b.get(b.start("microsoft", "")); res.status != http.StatusConflict || res.code() != "account_exists" {
			t.Fatalf("a Microsoft token claiming a verified address of another person = %d %s, want 409 account_exists", res.status, res.body)
		}
	})
}
