package sessiondata

import (
	"errors"
	"fmt"
)

// Defaults of the limits.
const (
	// DefaultMaxKeys is how many values a session holds without
	// [WithMaxKeys].
	DefaultMaxKeys = 32
	// DefaultMaxValue is the largest value, in bytes of compact JSON,
	// without [WithMaxValue].
	DefaultMaxValue = 8 << 10
	// maxValueCeiling is the largest value [WithMaxValue] may allow: a
	// request body is at most 64 KiB.
	maxValueCeiling = 60 << 10
)

// Option configures the plugin.
type Option func(*config)

type config struct {
	maxKeys  int
	maxValue int
}

func newConfig(opts []Option) config {
	c := config{maxKeys: DefaultMaxKeys, maxValue: DefaultMaxValue}
	for _, o := range opts {
		o(&c)
	}
	return c
}

func (c config) check() error {
	var errs []error
	if c.maxKeys < 1 || c.maxKeys > 1000 {
		errs = append(errs, fmt.Errorf("sessiondata: WithMaxKeys(%d) must be between 1 and 1000", c.maxKeys))
	}
	if c.maxValue < 1 || c.maxValue > maxValueCeiling {
		errs = append(errs, fmt.Errorf("sessiondata: WithMaxValue(%d) must be between 1 and %d", c.maxValue, maxValueCeiling))
	}
	return errors.Join(errs...)
}

// WithMaxKeys sets how many values one session may hold
// ([DefaultMaxKeys]); a set beyond it answers [ErrTooManyKeys].
func WithMaxKeys(n int) Option { return func(c *config) { c.maxKeys = n } }

// WithMaxValue sets the largest value, in bytes of compact JSON
// ([DefaultMaxValue], at most 60 KiB); a larger one answers
// [ErrValueTooLarge].
func WithMaxValue(n int) Option { return func(c *config) { c.maxValue = n } }
