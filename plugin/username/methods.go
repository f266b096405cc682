package username

import "context"

// The typed Go calls of the plugin's operations. Each runs the full
// pipeline; Set takes the session from ctx (an authhttp request's, or
// auth.WithSessionToken).

// Check reports whether the caller could choose a username now: it is
// allowed, not reserved, and names nobody or the caller. It tells anyone
// whether a name is taken, by design, and is rate-limited per client IP
// ([CheckRate]).
func (p *Plugin) Check(ctx context.Context, name string) (Availability, error) {
	return p.ops.check.Run(ctx, Request{Username: name})
}

// Set gives the caller a username, or changes theirs, from a fresh
// session. It returns the name as it will be shown.
func (p *Plugin) Set(ctx context.Context, name string) (string, error) {
	c, err := p.ops.set.Run(ctx, Request{Username: name})
	return c.Username, err
}
