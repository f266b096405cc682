package auth

import "time"

// SessionPolicy decides the lifetime of a session as it starts, from the
// session (its credential kind, its user) and the request that signs in.
// Each session keeps the lifetime it started with through its refreshes,
// whatever the policy says later. A lifetime of zero or less is the
// instance's ([WithSessionLifetime]); one past [MaxSessionLifetime] is
// that maximum. The absolute lifetime ([WithSessionAbsoluteLifetime])
// caps every session still.
type SessionPolicy func(s *Session, r *Request) time.Duration

// WithSessionPolicy sets the policy that gives each session its lifetime,
// such as [ByCredential].
func WithSessionPolicy(p SessionPolicy) Option { return func(c *config) { c.sessionPolicy = p } }

// ByCredential gives sessions of browsers (a cookie carries them) the
// lifetime web, and sessions of apps (the bearer transport, or a Go call
// of the host's) the lifetime app: an app that keeps its token in the
// platform's key store may sign in once a year, while a browser on a
// shared computer should not stay signed in as long.
func ByCredential(web, app time.Duration) SessionPolicy {
	return func(_ *Session, r *Request) time.Duration {
		if r != nil && r.Transport == TransportHTTP && !r.Bearer {
			return web
		}
		return app
	}
}

// lifetime is the sliding lifetime a new session starts with.
func (a *Auth) lifetime(s *Session, r *Request) time.Duration {
	life := a.cfg.sessions.Lifetime
	if a.cfg.sessionPolicy != nil {
		if l := a.cfg.sessionPolicy(s, r); l > 0 {
			life = min(l, MaxSessionLifetime)
		}
	}
	return life
}

// maxLifetime is the longest sliding lifetime a refresh keeps: the
// instance's, or with a policy, whatever the session started with.
func (a *Auth) maxLifetime() time.Duration {
	if a.cfg.sessionPolicy != nil {
		return MaxSessionLifetime
	}
	return a.cfg.sessions.Lifetime
}
