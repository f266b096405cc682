package apikey

import (
	"context"
	"net/http"
	"slices"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
)

// Caller is who a request's credential makes the caller: a key, with its
// scopes, or a signed-in session.
type Caller struct {
	// Key is set when the request presented an API key; KeyID names it.
	Key   bool
	KeyID string
	// Scopes are the key's scopes; for a session, those of
	// [WithSessionScopes] (nil with All set, the default).
	Scopes []string
	// All is set for a session that holds every scope (the default).
	All bool
}

// Has reports whether the caller holds every scope given.
func (c Caller) Has(scopes ...string) bool {
	if c.All {
		return true
	}
	for _, s := range scopes {
		if !slices.Contains(c.Scopes, s) {
			return false
		}
	}
	return true
}

// CallerOf returns who the request of ctx is, as authhttp.Middleware
// admitted it, and false when it has no signed-in user (none, or one a
// session check blocks).
func (p *Plugin) CallerOf(ctx context.Context) (Caller, bool) {
	req := auth.RequestFrom(ctx)
	if req == nil {
		return Caller{}, false
	}
	s, u, blocked := req.Admission()
	if blocked != nil || u == nil {
		return Caller{}, false
	}
	if id, scopes, ok := KeyOf(s); ok {
		return Caller{Key: true, KeyID: id, Scopes: scopes}, true
	}
	return Caller{Scopes: p.cfg.sessionScopes, All: p.cfg.sessionAll}, true
}

// Allowed answers nil when the caller of ctx holds every scope given:
// [auth.ErrNoSession] without a signed-in user, [ErrInsufficientScope]
// when a scope is missing. A Go handler of the host's checks with it what
// [Plugin.RequireScope] checks for a route.
func (p *Plugin) Allowed(ctx context.Context, scopes ...string) error {
	c, ok := p.CallerOf(ctx)
	if !ok {
		return auth.ErrNoSession
	}
	if !c.Has(scopes...) {
		return ErrInsufficientScope
	}
	return nil
}

// RequireScope lets through requests whose caller holds every scope
// given: a key that carries them, or a session (which holds every scope
// unless [WithSessionScopes] says otherwise). It answers as
// authhttp.RequireUser does without a signed-in user (401, or a session
// check's refusal, such as a ban), and 403 [ErrInsufficientScope] for a
// missing scope. It needs authhttp.Middleware in front of it.
func (p *Plugin) RequireScope(scopes ...string) func(http.Handler) http.Handler {
	return authhttp.Require(func(r *http.Request) *auth.Error {
		if err := p.Allowed(r.Context(), scopes...); err != nil {
			return auth.AsError(err)
		}
		return nil
	})
}
