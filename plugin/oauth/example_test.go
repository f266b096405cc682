package oauth_test

import (
	"fmt"
	"net/url"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/oauth"
)

// Providers from presets, OpenID Connect discovery and plain OAuth 2.0.
// Pass the plugin to auth.New with the email plugin, so that verified
// addresses join accounts; see the package documentation's "Accounts".
func ExampleNew() {
	oa := oauth.New([]*oauth.Provider{
		oauth.Google("google-client-id", auth.NewSecret("google-secret"),
			oauth.WithAuthParams(url.Values{"access_type": {"offline"}, "prompt": {"consent"}})),
		oauth.GitHub("github-client-id", auth.NewSecret("github-secret")),
		oauth.OIDC("okta", "https://acme.okta.com", "okta-client-id", auth.NewSecret("okta-secret")),
	}, oauth.WithErrorURL("/sign-in/failed"))
	fmt.Println(oa.Providers())
	fmt.Println(oa.Credentials())
	// Output:
	// [google github okta]
	// [oauth:google oauth:github oauth:okta]
}

// A plain OAuth 2.0 provider: its endpoints and a mapper of its user-info
// answer. StandardClaims reads OpenID-shaped answers; write a Mapper for
// others.
func ExampleOAuth2() {
	p := oauth.OAuth2("acme", oauth.Endpoints{
		Authorization: "https://id.acme.example/oauth/authorize",
		Token:         "https://id.acme.example/oauth/token",
		UserInfo:      "https://api.acme.example/me",
	}, oauth.StandardClaims, "client-id", auth.NewSecret("secret"), oauth.WithScopes("profile", "email"))
	fmt.Println(p.Name(), p.Kind())
	u, err := oauth.StandardClaims([]byte(`{"sub":"248289761001","email":"jane@example.com","email_verified":true}`))
	fmt.Println(u.Subject, u.Email, u.EmailVerified, err)
	// Output:
	// acme oauth:acme
	// 248289761001 jane@example.com true <nil>
}

// A provider prints as its name alone, never its client secret, in every
// fmt verb and in log/slog; tokens and codes are auth.Secrets, which
// print as [redacted].
func ExampleProvider_String() {
	p := oauth.GitHub("github-client-id", auth.NewSecret("github-secret"))
	fmt.Println(p)
	fmt.Printf("%+v %#v\n", p, p)
	fmt.Printf("%+v\n", oauth.Token{AccessToken: auth.NewSecret("gho_16C7e42F292c6912E7710c838347Ae178B4a"), Scope: "read:user"})
	// Output:
	// oauth.Provider(github)
	// oauth.Provider(github) oauth.Provider(github)
	// {AccessToken:[redacted] RefreshToken:[redacted] Expiry:0001-01-01 00:00:00 +0000 UTC Scope:read:user}
}

// The plugin's sign-in buttons, which pages such as authui's show under
// their sign-in form: one link per provider to its start route (under
// the base URL's path once the instance is made).
func ExamplePlugin_UIButtons() {
	oa := oauth.New([]*oauth.Provider{
		oauth.GitHub("client-id", auth.NewSecret("client-secret")),
		oauth.OIDC("okta", "https://acme.okta.com", "client-id", auth.NewSecret("client-secret")),
	})
	for _, b := range oa.UIButtons() {
		fmt.Println(b.Name, b.Method, b.Action, b.Label)
	}
	// Output:
	// oauth.github GET /oauth/github/start Continue with GitHub
	// oauth.okta GET /oauth/okta/start Continue with okta
}
