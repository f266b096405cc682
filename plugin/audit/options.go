package audit

import (
	"errors"
	"fmt"
	"time"
)

// DefaultRetention is how long records stay without [WithRetention].
const DefaultRetention = 365 * 24 * time.Hour

// Option configures the plugin.
type Option func(*config)

type config struct {
	retention time.Duration
	sinks     []Sink
	ops       map[string]string // operation name to event type
	nilSink   bool
}

func newConfig(opts []Option) config {
	c := config{retention: DefaultRetention, ops: map[string]string{}}
	for _, o := range opts {
		o(&c)
	}
	return c
}

func (c config) check() error {
	var errs []error
	if c.retention <= 0 {
		errs = append(errs, fmt.Errorf("audit: WithRetention(%v) must be above zero", c.retention))
	}
	if c.nilSink {
		errs = append(errs, errors.New("audit: WithSink(nil)"))
	}
	for op, typ := range c.ops {
		if typ == "" || len(typ) > maxType {
			errs = append(errs, fmt.Errorf("audit: WithOperation(%q, %q): the type must have 1 to %d bytes", op, typ, maxType))
		}
	}
	return errors.Join(errs...)
}

// WithRetention sets how long a record stays: [Plugin.Sweep] deletes
// older ones. The default is [DefaultRetention].
func WithRetention(d time.Duration) Option {
	return func(c *config) { c.retention = d }
}

// WithSink sends every record, once written for good, to s as well (a
// log pipeline, a SIEM, a webhook). Several sinks may be given.
func WithSink(s Sink) Option {
	return func(c *config) {
		if s == nil {
			c.nilSink = true
			return
		}
		c.sinks = append(c.sinks, s)
	}
}

// WithOperation records every successful run of the operation named op
// (a constant such as password.OpChangePassword, or a host plugin's) as a
// record of type typ, written in the operation's transaction. Its user is
// the one the operation signed in, or else the signed-in caller; its
// detail is empty: the operation's input may hold secrets, so none of it
// is kept. [auth.New] refuses an op no operation has.
func WithOperation(op, typ string) Option {
	return func(c *config) { c.ops[op] = typ }
}
