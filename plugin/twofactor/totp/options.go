package totp

import (
	"fmt"
	"time"
)

// Defaults of a [Key], as RFC 6238 §4 and the Key Uri Format have them,
// and the window of [Key.Verify], as RFC 6238 §5.2 recommends.
const (
	DefaultDigits = 6
	DefaultPeriod = 30 * time.Second
	DefaultSkew   = 1
)

// Option sets a parameter of a [Key].
type Option func(*config)

type config struct {
	algorithm Algorithm
	digits    int
	period    time.Duration
}

// newConfig applies the options over the defaults and checks the result.
func newConfig(opts []Option) (config, error) {
	c := config{algorithm: SHA1, digits: DefaultDigits, period: DefaultPeriod}
	for _, o := range opts {
		o(&c)
	}
	if !c.algorithm.valid() {
		return config{}, fmt.Errorf("%w: unsupported algorithm %d", ErrInvalidKey, c.algorithm)
	}
	if c.digits != 6 && c.digits != 8 {
		return config{}, fmt.Errorf("%w: %d digits, want 6 or 8", ErrInvalidKey, c.digits)
	}
	if c.period < time.Second || c.period > maxPeriod || c.period%time.Second != 0 {
		return config{}, fmt.Errorf("%w: step %v, want whole seconds from 1s to %v", ErrInvalidKey, c.period, maxPeriod)
	}
	return c, nil
}

// maxPeriod is the longest step a key may have.
const maxPeriod = 24 * time.Hour

// WithAlgorithm sets the hash function of the HMAC: [SHA1] (the default),
// [SHA256] or [SHA512] (RFC 6238 §1.2).
func WithAlgorithm(a Algorithm) Option { return func(c *config) { c.algorithm = a } }

// WithDigits sets the number of digits of a code: 6 (the default) or 8.
func WithDigits(n int) Option { return func(c *config) { c.digits = n } }

// WithPeriod sets the time step X of RFC 6238 §4: whole seconds from one
// second to a day, 30 seconds by default.
func WithPeriod(d time.Duration) Option { return func(c *config) { c.period = d } }
