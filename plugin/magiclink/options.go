package magiclink

import (
	"errors"
	"time"
)

// Option configures [New].
type Option func(*config)

type config struct {
	ttl      time.Duration
	signUp   bool
	linkBase string
}

func newConfig() *config { return &config{ttl: 15 * time.Minute} }

// WithTTL sets how long a link works (15 minutes by default).
func WithTTL(d time.Duration) Option { return func(c *config) { c.ttl = d } }

// WithSignUp lets a link sent to an address that names nobody create the
// account when it is opened (off by default: such an address gets no
// link). The address is verified by the click.
func WithSignUp(allow bool) Option { return func(c *config) { c.signUp = allow } }

// WithLinkBase sets the origin of the host's pages that links start with:
// links are {base}/magic-link?token=... ([LinkPath]). By default it is
// the origin of the instance's base URL. It is configuration, never
// taken from a request.
func WithLinkBase(base string) Option { return func(c *config) { c.linkBase = base } }

func (c *config) check() error {
	if c.ttl < time.Minute {
		return errors.New("magiclink: a link must work for a minute at least (WithTTL)")
	}
	return nil
}
