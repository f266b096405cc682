package access

// Option configures the plugin.
type Option func(*config)

type config struct {
	roles []Role
}

func newConfig(opts []Option) config {
	var c config
	for _, o := range opts {
		o(&c)
	}
	return c
}

// WithRoles declares the roles a user may be granted in any scope, each
// a named set of statements over the vocabulary. [auth.New] refuses a
// role that names an unknown resource or action, grants nothing, or
// shares its name with another.
func WithRoles(roles ...Role) Option {
	return func(c *config) { c.roles = append(c.roles, roles...) }
}
