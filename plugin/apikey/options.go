package apikey

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/sesame-go/sesame/auth"
)

// Option configures [New].
type Option func(*config)

type config struct {
	prefix        string
	header        string
	scopes        []string
	sessionScopes []string
	sessionAll    bool
	maxKeys       int
	maxLifetime   time.Duration
	lastUsed      time.Duration
	rate          auth.RateRule
}

// Defaults and bounds of the options.
const (
	// DefaultPrefix begins every key unless [WithPrefix] says otherwise.
	DefaultPrefix = "sk_"
	// DefaultMaxKeys is how many keys a user may hold by default.
	DefaultMaxKeys = 50
	// DefaultLastUsedInterval is how stale a key's last-used time may get
	// by default before a request writes it again.
	DefaultLastUsedInterval = time.Hour
	// DefaultGracePeriod is how long a rotated key keeps working by
	// default; MaxGracePeriod is the most a rotation may ask.
	DefaultGracePeriod = 24 * time.Hour
	MaxGracePeriod     = 7 * 24 * time.Hour
	// MaxLifetime is the longest expiry a key may ask for.
	MaxLifetime = 5 * 365 * 24 * time.Hour
)

func newConfig(opts []Option) config {
	c := config{prefix: DefaultPrefix, maxKeys: DefaultMaxKeys, lastUsed: DefaultLastUsedInterval, sessionAll: true}
	for _, o := range opts {
		o(&c)
	}
	return c
}

// WithPrefix sets the visible prefix of new keys, "sk_" by default: 2 to
// 20 lower-case letters, digits and underscores, starting with a letter
// and ending with an underscore ("sk_live_", "acme_"). Name the
// deployment in it so a leaked key says where it works; register it with
// the secret scanners you use ([LooksValid] checks a key offline). Keys
// of another prefix are not this plugin's: changing the prefix retires
// the keys already issued.
func WithPrefix(p string) Option { return func(c *config) { c.prefix = p } }

// WithHeader names a request header that carries keys besides
// "Authorization: Bearer <key>", such as "X-API-Key".
func WithHeader(name string) Option { return func(c *config) { c.header = name } }

// WithScopes declares the scopes a key may carry; creating a key with
// another answers [ErrUnknownScope]. Without it, any scope of the right
// shape goes: declare them.
func WithScopes(scopes ...string) Option {
	return func(c *config) { c.scopes = append([]string(nil), scopes...) }
}

// WithSessionScopes sets the scopes a signed-in session holds for
// [Plugin.RequireScope] and [Plugin.Allowed]: by default a session holds
// every scope (the person can do all their account can); with this, only
// those listed (none, called with no argument), for routes meant for
// keys alone.
func WithSessionScopes(scopes ...string) Option {
	return func(c *config) { c.sessionScopes, c.sessionAll = append([]string(nil), scopes...), false }
}

// WithMaxKeys sets how many live keys a user may hold, 50 by default
// (from 1 to 1000).
func WithMaxKeys(n int) Option { return func(c *config) { c.maxKeys = n } }

// WithMaxLifetime sets the longest a key may live; a key asked for
// without an expiry then gets this one. Without it, a key may live
// forever (up to 5 years when it asks for an expiry).
func WithMaxLifetime(d time.Duration) Option { return func(c *config) { c.maxLifetime = d } }

// WithLastUsedInterval sets how stale a key's last-used time may get
// before a request writes it again: 1 hour by default, from 1 minute to
// 1 day. The write is one conditional UPDATE per key per interval, never
// one per request.
func WithLastUsedInterval(d time.Duration) Option { return func(c *config) { c.lastUsed = d } }

// WithRateLimit sets the rate limit of each key that has none of its own
// (CreateRequest.RateLimit): so many requests per window, counted per key
// in the instance's rate store ([auth.WithRateLimitStore]).
func WithRateLimit(r auth.RateRule) Option { return func(c *config) { c.rate = r } }

// headerName is the shape of a header name (RFC 9110 §5.1 token).
var headerName = regexp.MustCompile("^[!#$%&'*+.^_`|~0-9a-z-]+$")

func (c config) check() error {
	var errs []error
	if !validPrefix(c.prefix) {
		errs = append(errs, fmt.Errorf("prefix %q must be 2 to 20 of a-z, 0-9 and _, start with a letter and end with _ (WithPrefix)", c.prefix))
	}
	for _, s := range append(append([]string(nil), c.scopes...), c.sessionScopes...) {
		if !validScope(s) {
			errs = append(errs, fmt.Errorf("scope %q must be 1 to 64 of A-Z, a-z, 0-9 and :._-", s))
		}
	}
	if h := strings.ToLower(c.header); h != "" && (!headerName.MatchString(h) || h == "authorization" || h == "cookie") {
		errs = append(errs, fmt.Errorf("header %q must be a header name other than Authorization and Cookie (WithHeader)", c.header))
	}
	if c.maxKeys < 1 || c.maxKeys > 1000 {
		errs = append(errs, errors.New("a user may hold 1 to 1000 keys (WithMaxKeys)"))
	}
	if c.maxLifetime != 0 && (c.maxLifetime < time.Hour || c.maxLifetime > MaxLifetime) {
		errs = append(errs, errors.New("a key may live from 1 hour to 5 years (WithMaxLifetime)"))
	}
	if c.lastUsed < time.Minute || c.lastUsed > 24*time.Hour {
		errs = append(errs, errors.New("the last-used interval must be 1 minute to 1 day (WithLastUsedInterval)"))
	}
	if c.rate.Limit < 0 || (c.rate.Limit > 0 && c.rate.Window < time.Second) {
		errs = append(errs, errors.New("a rate limit needs a positive limit and a window of a second or more (WithRateLimit)"))
	}
	return errors.Join(errs...)
}
