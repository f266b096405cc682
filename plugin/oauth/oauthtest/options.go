package oauthtest

import (
	"crypto/ecdsa"
	"time"
)

// Option configures a [Provider]; pass options to [NewProvider] or [Start].
type Option func(*config)

type config struct {
	clientID     string
	clientSecret string
	redirectURIs []string
	alg          string
	plain        bool
	tls          bool
	now          func() time.Time
	secretJWT    *secretJWT
	appleUser    bool
	multiTenant  bool
	reuse        bool
}

// secretJWT is the key a client signs its client-secret JWT with.
type secretJWT struct {
	pub    *ecdsa.PublicKey
	teamID string
	keyID  string
}

// Defaults.
const (
	// DefaultClientID is the client ID unless [WithClient] sets another.
	DefaultClientID = "test-client"
	// DefaultClientSecret is the client secret unless [WithClient] sets
	// another.
	DefaultClientSecret = "test-secret"
	// DefaultTenantID is the tid of users without a TenantID, with
	// [WithMultiTenant]: the ID Microsoft gives its consumers' tenant.
	DefaultTenantID = "9188040d-6c67-4c5b-b112-36a304b66dad"
)

func newConfig(opts []Option) config {
	c := config{clientID: DefaultClientID, clientSecret: DefaultClientSecret, alg: "RS256", now: time.Now}
	for _, o := range opts {
		o(&c)
	}
	return c
}

// WithClient sets the one registered client's ID and secret (default
// [DefaultClientID] and [DefaultClientSecret]).
func WithClient(id, secret string) Option {
	return func(c *config) { c.clientID, c.clientSecret = id, secret }
}

// WithRedirectURI registers redirect URIs for the client. The authorize
// endpoint accepts only these, compared exactly (RFC 6749 §3.1.2.3); see
// also [Provider.AddRedirectURI] for a URI known only later.
func WithRedirectURI(uris ...string) Option {
	return func(c *config) { c.redirectURIs = append(c.redirectURIs, uris...) }
}

// WithAlgorithm sets the algorithm ID tokens are signed with: "RS256"
// (the default, with a 2048-bit key), "ES256" or "EdDSA". [Start] refuses
// others.
func WithAlgorithm(alg string) Option {
	return func(c *config) { c.alg = alg }
}

// WithPlainOAuth makes the provider a plain OAuth 2.0 one shaped like
// GitHub: no discovery document, no JWK Set, no ID token and no userinfo,
// but GET /user and GET /user/emails as GitHub's REST API answers them, and
// a token endpoint that answers form-encoded unless the request accepts
// JSON. Subjects must then be numbers, GitHub's user IDs.
func WithPlainOAuth() Option {
	return func(c *config) { c.plain = true }
}

// WithTLS serves over HTTPS with a certificate that [Provider.Client]
// trusts, for code that insists on https issuers.
func WithTLS() Option {
	return func(c *config) { c.tls = true }
}

// WithClock sets the provider's clock (default time.Now): token issue and
// expiry times, code and access token lifetimes.
func WithClock(now func() time.Time) Option {
	return func(c *config) {
		if now != nil {
			c.now = now
		}
	}
}

// WithClientSecretJWT makes the token endpoint authenticate the client as
// Sign in with Apple does: the client_secret is an ES256 JWT signed by the
// P-256 key pub under the key ID keyID, whose iss is the team ID, sub the
// client ID, aud the provider's [Provider.Issuer], with an exp still to
// come and an iat not in the future. The fixed secret of [WithClient] is
// then refused.
func WithClientSecretJWT(pub *ecdsa.PublicKey, teamID, keyID string) Option {
	return func(c *config) { c.secretJWT = &secretJWT{pub: pub, teamID: teamID, keyID: keyID} }
}

// WithAppleUser makes the provider answer as Sign in with Apple does: ID
// tokens and the userinfo endpoint carry no name, picture or username,
// and a user's first authorization with response_mode=form_post also
// posts the "user" field, {"name":{"firstName":..,"lastName":..},"email":..},
// the only time the client learns the name.
func WithAppleUser() Option {
	return func(c *config) { c.appleUser = true }
}

// WithMultiTenant makes the provider play the Microsoft identity
// platform's multi-tenant endpoint: its discovery document names the
// issuer Issuer()+"/{tenantid}/v2.0", and each ID token carries the
// user's tenant ([User.TenantID]) as tid and Issuer()+"/"+tid+"/v2.0"
// as iss.
func WithMultiTenant() Option {
	return func(c *config) { c.multiTenant = true }
}

// WithRefreshReuseDetection makes the token endpoint take a spent refresh
// token used again for a theft, as RFC 9700 §4.14.2 recommends of a
// server that rotates refresh tokens: it cannot tell the thief from the
// client, so it revokes every token of the grant and answers
// invalid_grant. Without it a spent refresh token is merely unknown. A
// client that refreshes the same token twice, as concurrent callers
// without coordination do, loses the grant; [Provider.Revocations] counts
// the revocations.
func WithRefreshReuseDetection() Option {
	return func(c *config) { c.reuse = true }
}
