package terms

// Option configures the plugin.
type Option func(*config)

type config struct {
	version string
	url     string
	allowed []string
}

func newConfig(version string, opts []Option) config {
	c := config{version: version}
	for _, o := range opts {
		o(&c)
	}
	return c
}

// WithURL gives where the current terms are published, for the client to
// show: GET /terms answers it.
func WithURL(url string) Option { return func(c *config) { c.url = url } }

// WithAllowed names further operations that a session whose user has not
// accepted the current terms may still run (reading a public profile,
// say), besides reading and accepting the terms, reading the session and
// signing out.
func WithAllowed(ops ...string) Option {
	return func(c *config) { c.allowed = append(c.allowed, ops...) }
}
