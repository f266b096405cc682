package redisstore

import "log/slog"

// DefaultPrefix is the prefix of every key the stores write, unless
// [WithPrefix] sets another.
const DefaultPrefix = "sesame:"

// Option configures a store made by [NewRateStore] or [NewSessionStore].
type Option func(*config)

type config struct {
	prefix   string
	failOpen bool
	logger   *slog.Logger
}

// newConfig holds the defaults, then applies opts.
func newConfig(opts []Option) config {
	c := config{prefix: DefaultPrefix, logger: slog.Default()}
	for _, o := range opts {
		o(&c)
	}
	return c
}

// WithPrefix sets the prefix of every key the store writes (default
// [DefaultPrefix]), to share a Redis database with other programs or
// other Sesame instances that must not see these keys. On Redis Cluster,
// a session store's prefix holds a hash tag, such as "{sesame}:": see
// the package documentation.
func WithPrefix(prefix string) Option { return func(c *config) { c.prefix = prefix } }

// FailOpen makes a rate store allow every call it cannot count because
// Redis failed, logging the error, instead of returning it (which fails
// the operation with a 500). Rate limits then lapse while Redis is down,
// and sign-in keeps working. It applies to rate stores only: a session
// store always returns Redis's errors, since a session it cannot read
// must sign nobody in.
func FailOpen() Option { return func(c *config) { c.failOpen = true } }

// WithLogger sets where a store that fails open logs the errors it does
// not return (default [slog.Default]).
func WithLogger(l *slog.Logger) Option { return func(c *config) { c.logger = l } }
