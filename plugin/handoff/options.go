package handoff

import (
	"errors"
	"time"
)

// Option configures [New].
type Option func(*config)

type config struct {
	ttl              time.Duration
	requireChallenge bool
}

// DefaultTTL is how long a handoff token works by default.
const DefaultTTL = 3 * time.Minute

// MaxTTL is the longest a handoff token may work ([WithTTL]).
const MaxTTL = 10 * time.Minute

func newConfig(opts []Option) config {
	c := config{ttl: DefaultTTL}
	for _, o := range opts {
		o(&c)
	}
	return c
}

// WithTTL sets how long a handoff token works: 3 minutes by default,
// from 10 seconds to [MaxTTL]. A token never outlives the handing
// session's current expiry either.
func WithTTL(d time.Duration) Option { return func(c *config) { c.ttl = d } }

// WithRequiredChallenge makes every handoff carry a code challenge
// (S256), so that only the receiving client that made the verifier can
// redeem its token: a start without one answers
// [ErrCodeChallengeRequired]. Use it when every receiving client is an
// app that can keep a verifier (see the package documentation, # Routes).
func WithRequiredChallenge() Option { return func(c *config) { c.requireChallenge = true } }

func (c config) check() error {
	if c.ttl < 10*time.Second || c.ttl > MaxTTL {
		return errors.New("a token must work from 10 seconds to 10 minutes (WithTTL)")
	}
	return nil
}
