package oauth

import (
	"fmt"
	"net/http"
	"time"
)

// Option configures [New].
type Option func(*config)

type config struct {
	client     *http.Client
	successURL string
	errorURL   string
	stateTTL   time.Duration
	skew       time.Duration
	tokenKeys  [][]byte
}

// defaultClient talks to providers when no client is given: unlike
// http.DefaultClient it gives up on a server that does not answer.
var defaultClient = &http.Client{Timeout: 10 * time.Second}

func newConfig(opts []Option) *config {
	c := &config{client: defaultClient, successURL: "/", stateTTL: 10 * time.Minute, skew: time.Minute}
	for _, o := range opts {
		o(c)
	}
	return c
}

// WithHTTPClient sets the client the plugin talks to providers with:
// discovery, key sets, token and user-info endpoints (default: one with a
// 10-second timeout). A nil client keeps the default.
func WithHTTPClient(c *http.Client) Option {
	return func(cfg *config) {
		if c != nil {
			cfg.client = c
		}
	}
}

// WithSuccessURL sets where a browser goes after a sign-in or a link when
// the flow was started without returnTo (default "/").
func WithSuccessURL(u string) Option { return func(c *config) { c.successURL = u } }

// WithErrorURL sets the page a browser is sent to when a callback fails,
// with ?error=<code> added. Without one, a failed callback answers the
// JSON error body with the code's status.
func WithErrorURL(u string) Option { return func(c *config) { c.errorURL = u } }

// WithStateTTL sets how long a started sign-in may take before its
// callback (default 10 minutes).
func WithStateTTL(d time.Duration) Option { return func(c *config) { c.stateTTL = d } }

// WithSkew sets the leeway allowed for the provider's clock in an ID
// token's exp, nbf and iat (default 1 minute, at most 5).
func WithSkew(d time.Duration) Option { return func(c *config) { c.skew = d } }

// WithTokenKeys makes the plugin keep each person's provider tokens,
// sealed with AES-256-GCM, for [Plugin.AccessToken]. Each key is 32
// random bytes; the first seals, all open, so that a new key is added in
// front and the old one dropped once every token was resealed (a token is
// resealed when it is refreshed or the person signs in again). Without
// keys no provider token is stored.
func WithTokenKeys(keys ...[]byte) Option {
	return func(c *config) {
		for _, k := range keys {
			c.tokenKeys = append(c.tokenKeys, append([]byte(nil), k...))
		}
	}
}

func (c *config) check() error {
	switch {
	case c.stateTTL <= 0 || c.stateTTL > time.Hour:
		return fmt.Errorf("oauth: the state lifetime must be above zero and at most an hour")
	case c.skew < 0 || c.skew > 5*time.Minute:
		return fmt.Errorf("oauth: the clock skew must be between 0 and 5 minutes")
	}
	for i, k := range c.tokenKeys {
		if len(k) != 32 {
			return fmt.Errorf("oauth: token key %d has %d bytes, want 32 (AES-256)", i, len(k))
		}
	}
	return nil
}
