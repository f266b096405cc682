package username

import (
	"context"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// Plugin is the username plugin. Make one with [New].
type Plugin struct {
	cfg      *config
	reserved map[string]bool // keys
	ops      ops
}

var (
	_ auth.Plugin           = (*Plugin)(nil)
	_ auth.Operator         = (*Plugin)(nil)
	_ auth.IdentityProvider = (*Plugin)(nil)
	_ auth.UserExtender     = (*Plugin)(nil)
	_ auth.Validator        = (*Plugin)(nil)
	_ auth.IdentityObserver = (*Plugin)(nil)
)

// New returns the username plugin. People sign in with a username through
// a sign-in method such as the password plugin's.
func New(opts ...Option) *Plugin {
	cfg := newConfig()
	for _, o := range opts {
		o(cfg)
	}
	p := &Plugin{cfg: cfg, reserved: map[string]bool{}}
	names := cfg.reserved
	if cfg.defaultReserved {
		names = append(append([]string(nil), DefaultReserved...), names...)
	}
	for _, n := range names {
		if k, err := Normalize(n); err == nil {
			p.reserved[k] = true
		}
	}
	p.ops = p.newOps()
	return p
}

// From returns the username plugin of an instance, for other plugins that
// build on it (password sign-up).
func From(a *auth.Auth) (*Plugin, bool) {
	for _, pl := range a.Plugins() {
		if p, ok := pl.(*Plugin); ok {
			return p, true
		}
	}
	return nil, false
}

// Name implements [auth.Plugin].
func (p *Plugin) Name() string { return "username" }

// Validate implements [auth.Validator].
func (p *Plugin) Validate(*auth.Auth) error { return p.cfg.check() }

// IdentityKinds implements [auth.IdentityProvider]: usernames, unique, a
// sign-in identifier, stored as keys ([Normalize]).
func (p *Plugin) IdentityKinds() []auth.IdentityKind {
	return []auth.IdentityKind{{Name: Kind, Normalize: Normalize, Unique: true, SignIn: true}}
}

// UserFields implements [auth.UserExtender].
func (p *Plugin) UserFields() []auth.UserField {
	return []auth.UserField{auth.Field("username", Display), auth.Field("usernameChangedAt", ChangedAt)}
}

// IdentityVerified implements [auth.IdentityObserver]; usernames are
// verified when they are given.
func (p *Plugin) IdentityVerified(context.Context, *auth.Call, *auth.Identity) error { return nil }

// IdentityRemoved implements [auth.IdentityObserver]: an account whose
// username goes (through the email plugin's undo link, for example) shows
// none.
func (p *Plugin) IdentityRemoved(ctx context.Context, c *auth.Call, id *auth.Identity) error {
	if id.Kind != Kind {
		return nil
	}
	_, err := c.DB().Exec(ctx, sqlb.Update(auth.Users).Set(Display.Set(nullString(""))).Where(auth.UserID.Eq(id.UserID)))
	return err
}
