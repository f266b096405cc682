package jwt

import (
	"errors"
	"fmt"
	"regexp"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/internal/jose"
)

// The signature algorithms the plugin signs with (RFC 7518 §3.1, RFC 8037
// §3.1); [WithAlgorithm] picks one for new keys.
const (
	// EdDSA is Ed25519 (RFC 8037): small keys and signatures, the default.
	EdDSA = jose.EdDSA
	// ES256 is ECDSA on P-256 with SHA-256 (RFC 7518 §3.4).
	ES256 = jose.ES256
	// RS256 is RSASSA-PKCS1-v1_5 with SHA-256 and 2048-bit keys (RFC 7518
	// §3.3), for services whose libraries know nothing newer.
	RS256 = jose.RS256
)

// Defaults.
const (
	// DefaultLifetime is how long a token lives unless its template says
	// otherwise.
	DefaultLifetime = 5 * time.Minute
	// maxLifetime bounds every template's lifetime: these tokens cannot be
	// revoked, so they stay short.
	maxLifetime = time.Hour
	// DefaultRotation is how often Maintain replaces the signing key.
	DefaultRotation = 30 * 24 * time.Hour
	// DefaultPublishAhead is how long a new key is published before it
	// signs, so that every cache of the key set holds it first.
	DefaultPublishAhead = 24 * time.Hour
	// jwksMaxAge is how long caches may keep the key set: well under the
	// least publish-ahead time.
	jwksMaxAge = 5 * time.Minute
	// minPublishAhead is the least publish-ahead time allowed: twice the
	// key set's cache age.
	minPublishAhead = 2 * jwksMaxAge
	// skew is the leeway verifiers allow for clocks, kept in the time a
	// retired key stays published.
	skew = time.Minute
)

// Option configures the plugin.
type Option func(*config)

type config struct {
	// keys sit behind a pointer, which fmt prints as an address even
	// where it prints the plugin by reflection.
	keys      *[][]byte
	alg       string
	issuer    string
	def       Template
	templates []Template
	every     time.Duration
	ahead     time.Duration
}

func newConfig(opts []Option) config {
	c := config{keys: new([][]byte), alg: EdDSA, def: Template{Lifetime: DefaultLifetime}, every: DefaultRotation, ahead: DefaultPublishAhead}
	for _, o := range opts {
		o(&c)
	}
	return c
}

// WithSecretKeys sets the keys that seal the private signing keys stored
// in the database, with AES-256-GCM ([auth.Sealer]): each is 32 random
// bytes; the first seals and all open, so that a new key goes in front,
// Maintain seals every signing key anew with it, and the old one is
// dropped after that. Required: whoever reads the table without them
// cannot sign tokens.
func WithSecretKeys(keys ...[]byte) Option {
	return func(c *config) {
		for _, k := range keys {
			*c.keys = append(*c.keys, append([]byte(nil), k...))
		}
	}
}

// WithAlgorithm sets the algorithm of new signing keys: [EdDSA] (the
// default), [ES256] or [RS256]. Keys made before keep theirs until they
// are rotated out.
func WithAlgorithm(alg string) Option { return func(c *config) { c.alg = alg } }

// WithIssuer sets the iss claim of every token (the base URL by default),
// which verifiers compare exactly.
func WithIssuer(iss string) Option { return func(c *config) { c.issuer = iss } }

// WithLifetime sets the lifetime of tokens of the default template and of
// templates that set none ([DefaultLifetime]; at most an hour).
func WithLifetime(d time.Duration) Option { return func(c *config) { c.def.Lifetime = d } }

// WithAudience sets the aud claim of tokens of the default template (the
// issuer by default).
func WithAudience(aud ...string) Option {
	return func(c *config) { c.def.Audience = append([]string(nil), aud...) }
}

// WithTemplate adds a named template, which [Plugin.Token] mints by
// name: the token for one service, with its audience, lifetime and
// claims.
func WithTemplate(t Template) Option {
	return func(c *config) { c.templates = append(c.templates, t) }
}

// WithRotation sets how often [auth.Auth.Maintain] makes a new signing key
// (every [DefaultRotation]; 0 leaves rotation to [Plugin.Rotate]) and how
// long a new key is published before it signs ([DefaultPublishAhead]; at
// least 10 minutes, twice the time caches may keep the key set).
func WithRotation(every, publishAhead time.Duration) Option {
	return func(c *config) { c.every, c.ahead = every, publishAhead }
}

// templateName is the form of a template's name.
var templateName = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{0,63}$`)

func (c *config) check() error {
	var errs []error
	if len(*c.keys) == 0 {
		errs = append(errs, errors.New("jwt: WithSecretKeys is required: the signing keys are stored sealed"))
	} else if _, err := auth.NewSealer(*c.keys...); err != nil {
		errs = append(errs, fmt.Errorf("jwt: %w", err))
	}
	if c.alg != EdDSA && c.alg != ES256 && c.alg != RS256 {
		errs = append(errs, fmt.Errorf("jwt: algorithm %q, want EdDSA, ES256 or RS256", c.alg))
	}
	if c.every < 0 || (c.every > 0 && c.every <= c.ahead) || c.ahead < minPublishAhead {
		errs = append(errs, fmt.Errorf("jwt: a key must be published %s or more before it signs, and rotated less often than that", minPublishAhead))
	}
	seen := map[string]bool{}
	for i, t := range append([]Template{c.def}, c.templates...) {
		if i > 0 && (!templateName.MatchString(t.Name) || seen[t.Name]) {
			errs = append(errs, fmt.Errorf("jwt: template name %q is malformed or repeated", t.Name))
		}
		seen[t.Name] = true
		if err := t.check(); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// longest is the longest lifetime of any template: how long a retired
// key's tokens may live.
func (c *config) longest() time.Duration {
	d := c.def.Lifetime
	for _, t := range c.templates {
		d = max(d, t.Lifetime)
	}
	return max(d, DefaultLifetime)
}
