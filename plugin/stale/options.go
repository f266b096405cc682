package stale

import (
	"fmt"
	"time"
)

// Option configures the plugin.
type Option func(*config)

type config struct {
	threshold   time.Duration
	deleteAfter time.Duration
	batch       int
}

// The defaults.
const (
	// DefaultThreshold is how long an account stays inactive before its
	// owner is mailed: a year.
	DefaultThreshold = 365 * 24 * time.Hour
	// DefaultBatchSize is how many users one transaction looks at.
	DefaultBatchSize = 1000
)

func newConfig(opts []Option) config {
	c := config{threshold: DefaultThreshold, batch: DefaultBatchSize}
	for _, o := range opts {
		o(&c)
	}
	return c
}

func (c config) check() error {
	switch {
	case c.threshold < 24*time.Hour:
		return fmt.Errorf("stale: WithThreshold(%v) must be a day or more", c.threshold)
	case c.deleteAfter != 0 && c.deleteAfter < 24*time.Hour:
		return fmt.Errorf("stale: WithDeleteAfter(%v) must be a day or more, or zero never to delete", c.deleteAfter)
	case c.batch < 1 || c.batch > 10000:
		return fmt.Errorf("stale: WithBatchSize(%d) must be 1 to 10000", c.batch)
	}
	return nil
}

// WithThreshold sets how long an account stays inactive before its owner
// is mailed: [DefaultThreshold] by default, at least a day.
func WithThreshold(d time.Duration) Option { return func(c *config) { c.threshold = d } }

// WithDeleteAfter deletes the accounts whose owners were mailed and did
// not sign in within d of the mail. Without it (or with 0) no account is
// ever deleted.
func WithDeleteAfter(d time.Duration) Option { return func(c *config) { c.deleteAfter = d } }

// WithBatchSize sets how many users one transaction looks at:
// [DefaultBatchSize] by default, 1 to 10000.
func WithBatchSize(n int) Option { return func(c *config) { c.batch = n } }
