package emailchallenge

import (
	"errors"
	"time"
)

// Option configures [New].
type Option func(*config)

type config struct {
	ttl      time.Duration
	attempts int
	linkBase string
}

func newConfig() *config { return &config{ttl: 10 * time.Minute, attempts: 5} }

// WithTTL sets how long a challenge can be completed (10 minutes by
// default). Once completed, the waiting browser has [ClaimWindow] more to
// collect its session.
func WithTTL(d time.Duration) Option { return func(c *config) { c.ttl = d } }

// WithCodeAttempts sets how many wrong codes a challenge allows (5).
func WithCodeAttempts(n int) Option { return func(c *config) { c.attempts = n } }

// WithLinkBase sets the origin of the host's pages that links start with:
// links are {base}/email-challenge?token=... ([LinkPath]). By default it
// is the origin of the instance's base URL.
func WithLinkBase(base string) Option { return func(c *config) { c.linkBase = base } }

// ClaimWindow is how long after its expiry a completed challenge's browser
// can still collect its session.
const ClaimWindow = 5 * time.Minute

func (c *config) check() error {
	switch {
	case c.ttl < time.Minute:
		return errors.New("emailchallenge: a challenge must last a minute at least (WithTTL)")
	case c.attempts < 1:
		return errors.New("emailchallenge: a code needs at least one attempt (WithCodeAttempts)")
	}
	return nil
}
