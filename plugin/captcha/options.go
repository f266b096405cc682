package captcha

import (
	"errors"
	"math"
	"slices"
	"time"
)

// Option configures [New].
type Option func(*config)

type config struct {
	ops       []string
	opsSet    bool
	hostnames []string
	actions   map[string]string
	minScore  float64
	maxAge    time.Duration
	timeout   time.Duration
}

// Defaults.
const (
	// DefaultMaxAge is how long after it was solved a captcha is accepted:
	// the providers' own token lifetimes are 2 to 5 minutes.
	DefaultMaxAge = 5 * time.Minute
	// DefaultTimeout bounds each verification.
	DefaultTimeout = 5 * time.Second
)

// DefaultOperations are the operations a captcha guards on every call
// unless [WithOperations] or [OnlyWhenDemanded] says otherwise: sign-up,
// password sign-in, password reset and the operations that send a
// sign-in message. Those of plugins not installed are ignored.
var DefaultOperations = []string{
	"password.signUp", "password.signIn", "password.forgot",
	"magiclink.send", "emailchallenge.start", "email.sendCode", "phone.sendCode",
}

func newConfig(opts []Option) config {
	c := config{ops: slices.Clone(DefaultOperations), actions: map[string]string{}, maxAge: DefaultMaxAge, timeout: DefaultTimeout}
	for _, o := range opts {
		o(&c)
	}
	return c
}

// WithOperations names the operations that need a captcha on every call,
// instead of [DefaultOperations]. Operations of other names need one only
// when one of their rate rules demands it ([auth.RateRule].Challenge).
// Each name must be an operation of the instance.
func WithOperations(names ...string) Option {
	return func(c *config) { c.ops, c.opsSet = append([]string(nil), names...), true }
}

// OnlyWhenDemanded asks for a captcha only when a rate rule of the
// operation demands one: a client that stays under every rule's
// challenge threshold never sees one.
func OnlyWhenDemanded() Option { return func(c *config) { c.ops, c.opsSet = nil, true } }

// WithHostnames sets the hostnames a captcha may have been solved on: by
// default the host of the instance's base URL. A token solved on another
// site that shares the site key is refused.
func WithHostnames(hosts ...string) Option {
	return func(c *config) { c.hostnames = append([]string(nil), hosts...) }
}

// WithAction requires the captcha of the operation op to carry the given
// action (Turnstile's data-action, reCAPTCHA v3's action), so that a
// token solved for one form does not pass another.
func WithAction(op, action string) Option { return func(c *config) { c.actions[op] = action } }

// WithMinScore requires a score of at least min, from 0.0 to 1.0
// (reCAPTCHA v3): a verdict without a score is then refused.
func WithMinScore(min float64) Option { return func(c *config) { c.minScore = min } }

// WithMaxAge sets how long after it was solved a captcha is accepted:
// [DefaultMaxAge] by default, from 10 seconds to 10 minutes.
func WithMaxAge(d time.Duration) Option { return func(c *config) { c.maxAge = d } }

// WithTimeout bounds each verification, [DefaultTimeout] by default,
// from 100 milliseconds to 30 seconds. A verification that takes longer
// answers [ErrUnavailable].
func WithTimeout(d time.Duration) Option { return func(c *config) { c.timeout = d } }

func (c config) check() error {
	var errs []error
	if c.maxAge < 10*time.Second || c.maxAge > 10*time.Minute {
		errs = append(errs, errors.New("captcha: the maximum age must be from 10 seconds to 10 minutes (WithMaxAge)"))
	}
	if c.timeout < 100*time.Millisecond || c.timeout > 30*time.Second {
		errs = append(errs, errors.New("captcha: the timeout must be from 100 milliseconds to 30 seconds (WithTimeout)"))
	}
	if math.IsNaN(c.minScore) || c.minScore < 0 || c.minScore > 1 {
		errs = append(errs, errors.New("captcha: the minimum score must be from 0 to 1 (WithMinScore)"))
	}
	for op, action := range c.actions {
		if action == "" {
			errs = append(errs, errors.New("captcha: WithAction("+op+") needs an action"))
		}
	}
	return errors.Join(errs...)
}
