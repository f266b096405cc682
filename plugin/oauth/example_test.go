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
		oauth.Google("google-client-id", "google-secret",
			oauth.WithAuthParams(url.Values{"access_type": {"offline"}, "prompt": {"consent"}})),
		oauth.GitHub("github-client-id", "github-secret"),
		oauth.OIDC("okta", "https://acme.okta.com", "okta-client-id", "okta-secret"),
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
	}, oauth.StandardClaims, "client-id", auth.Secret("secret"), oauth.WithScopes("profile", "email"))
	fmt.Println(p.Name(), p.Kind())
	u, err := oauth.StandardClaims([]byte(`{"sub":"248289761001","email":"jane@example.com","email_verified":true}`))
	fmt.Println(u.Subject, u.Email, u.EmailVerified, err)
	// Output:
	// acme oauth:acme
	// 248289761001 jane@example.com true <nil>
}
