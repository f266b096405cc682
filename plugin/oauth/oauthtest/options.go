package oauthtest

import (
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
}

// Defaults.
const (
	// DefaultClientID is the client ID unless [WithClient] sets another.
	DefaultClientID = "test-client"
	// DefaultClientSecret is the client secret unless [WithClient] sets
	// another.
	DefaultClientSecret = "test-secret"
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
