package oauth

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"errors"
	"net/url"
	"strings"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/internal/jose"
)

// OIDC returns an OpenID Connect provider found by discovery at
// issuer+"/.well-known/openid-configuration" (OpenID Connect Discovery
// §4), asked for the scopes openid, email and profile. The person is read
// from the verified ID token, and from the user-info endpoint when the
// token lacks the address or name.
func OIDC(name, issuer, clientID string, secret auth.Secret, opts ...ProviderOption) *Provider {
	p := newProvider(name, clientID, secret, nil)
	p.issuer = strings.TrimSuffix(issuer, "/")
	p.scopes = []string{"openid", "email", "profile"}
	return p.apply(opts)
}

// OAuth2 returns a plain OAuth 2.0 provider: its endpoints and a mapper of
// its user-info answer ([StandardClaims] for OpenID-shaped ones). Add
// scopes with [WithScopes].
func OAuth2(name string, e Endpoints, m Mapper, clientID string, secret auth.Secret, opts ...ProviderOption) *Provider {
	p := newProvider(name, clientID, secret, nil)
	p.endpoints = e
	if m != nil {
		p.profile = mapperProfile(m)
	}
	return p.apply(opts)
}

// GitHub returns the "github" provider, a plain OAuth 2.0 one: an OAuth
// App's client ID and secret (github.com/settings/developers), scopes
// read:user and user:email. The address is the primary one of GET
// /user/emails, with GitHub's verified flag.
func GitHub(clientID string, secret auth.Secret, opts ...ProviderOption) *Provider {
	p := newProvider("github", clientID, secret, nil)
	p.endpoints = Endpoints{
		Authorization: "https://github.com/login/oauth/authorize",
		Token:         "https://github.com/login/oauth/access_token",
		UserInfo:      "https://api.github.com/user",
	}
	p.scopes = []string{"read:user", "user:email"}
	p.style = authPost
	p.profile = githubProfile
	return p.apply(opts)
}

// Google returns the "google" provider, OpenID Connect at
// https://accounts.google.com. For a refresh token, add
// WithAuthParams(url.Values{"access_type": {"offline"}, "prompt": {"consent"}}).
func Google(clientID string, secret auth.Secret, opts ...ProviderOption) *Provider {
	return OIDC("google", "https://accounts.google.com", clientID, secret, opts...)
}

// Microsoft returns the "microsoft" provider, OpenID Connect at the
// Microsoft identity platform (v2.0) of a tenant: a directory's ID or
// domain for one organization, or "common", "organizations" or
// "consumers" for many, whose issuer names each token's own tenant.
// Microsoft does not assert that addresses are verified, so a Microsoft
// sign-in never joins an existing account by address.
func Microsoft(tenant, clientID string, secret auth.Secret, opts ...ProviderOption) *Provider {
	if tenant == "" {
		tenant = "common"
	}
	p := OIDC("microsoft", "https://login.microsoftonline.com/"+url.PathEscape(tenant)+"/v2.0", clientID, secret)
	switch tenant {
	case "common", "organizations", "consumers":
		p.tenantIssuer = true
	}
	p.style = authPost
	// Microsoft's email claim is whatever a tenant's directory holds, not
	// an address proven to the person; an email_verified claim, if one
	// ever came, is not believed.
	p.unverifiedEmails = true
	return p.apply(opts)
}

// GitLab returns the "gitlab" provider, OpenID Connect at
// https://gitlab.com; a self-managed instance with WithIssuer.
func GitLab(clientID string, secret auth.Secret, opts ...ProviderOption) *Provider {
	return OIDC("gitlab", "https://gitlab.com", clientID, secret, append([]ProviderOption{WithScopes("openid", "email", "profile")}, opts...)...)
}

// Discord returns the "discord" provider, plain OAuth 2.0, scopes
// identify and email.
func Discord(clientID string, secret auth.Secret, opts ...ProviderOption) *Provider {
	p := newProvider("discord", clientID, secret, nil)
	p.endpoints = Endpoints{
		Authorization: "https://discord.com/oauth2/authorize",
		Token:         "https://discord.com/api/oauth2/token",
		UserInfo:      "https://discord.com/api/users/@me",
	}
	p.scopes = []string{"identify", "email"}
	p.profile = mapperProfile(mapDiscord)
	return p.apply(opts)
}

// appleSecretLifetime is how long each client-secret JWT made for Apple
// lasts; a new one is signed for every token request.
const appleSecretLifetime = 5 * time.Minute

// Apple returns the "apple" provider, Sign in with Apple: OpenID Connect at
// https://appleid.apple.com, with the Services ID as clientID, the team ID,
// and the ID and P-256 private key of a Sign in with Apple key. The client
// secret is an ES256 JWT the plugin signs for each token request. Apple
// posts its answer (response_mode=form_post) and sends the person's name
// only with the first authorization. [WithIssuer] points it at another
// issuer, such as a test provider, which is then also the audience of
// the client secret.
func Apple(clientID, teamID, keyID string, key *ecdsa.PrivateKey, opts ...ProviderOption) *Provider {
	p := OIDC("apple", "https://appleid.apple.com", clientID, auth.Secret{})
	p.scopes = []string{"openid", "name", "email"}
	p.style = authPost
	p.formPost = true
	switch {
	case key == nil || key.Curve != elliptic.P256():
		p.err = errors.New("oauth: Apple needs a P-256 private key")
	case teamID == "" || keyID == "":
		p.err = errors.New("oauth: Apple needs the team ID and the key ID")
	}
	p.clientSecret = func(now time.Time) (string, error) {
		// Apple's "Creating a client secret": aud is the issuer,
		// https://appleid.apple.com unless WithIssuer changed it.
		return jose.Sign(key, jose.ES256, keyID, map[string]any{
			"iss": teamID, "sub": clientID, "aud": p.issuer,
			"iat": now.Unix(), "exp": now.Add(appleSecretLifetime).Unix(),
		})
	}
	return p.apply(opts)
}
