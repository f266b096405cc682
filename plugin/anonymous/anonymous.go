package anonymous

import (
	"context"

	"github.com/sesame-go/sesame/auth"
)

// Plugin is guest sessions before sign-up. Make one with [New].
type Plugin struct {
	cfg config
	ops ops
}

var (
	_ auth.Plugin         = (*Plugin)(nil)
	_ auth.Operator       = (*Plugin)(nil)
	_ auth.UserExtender   = (*Plugin)(nil)
	_ auth.SignInMethod   = (*Plugin)(nil)
	_ auth.UserAdopter    = (*Plugin)(nil)
	_ auth.IdentityAdder  = (*Plugin)(nil)
	_ auth.SessionStarter = (*Plugin)(nil)
	_ auth.SessionChecker = (*Plugin)(nil)
	_ auth.AfterHook      = (*Plugin)(nil)
	_ auth.Sweeper        = (*Plugin)(nil)
	_ auth.ErrorCoder     = (*Plugin)(nil)
	_ auth.Validator      = (*Plugin)(nil)
)

// Credential is the [auth.Session.Credential] of a guest's session.
const Credential = "anonymous"

// Upgraded is the plugin's account-security event
// ([auth.Call.AccountChanged]): a guest signed up (or gained an
// identity), and the account is the guest's user. It ends every session
// and pending token of the guest.
const Upgraded auth.AccountEvent = "guest_upgraded"

// LinkFunc moves what the host keeps of a guest (a cart, drafts) to the
// account the guest signed in to, inside the sign-in's transaction
// ([auth.Call.DB]); an error fails the sign-in. The guest's user is
// deleted right after it, with every row that references it.
type LinkFunc func(ctx context.Context, c *auth.Call, guestID, userID string) error

// New returns the plugin. Without options, guests live [DefaultMaxAge]
// and may run no operation that needs a signed-in user but the core's
// session routes.
func New(opts ...Option) *Plugin {
	p := &Plugin{cfg: newConfig(opts)}
	p.ops = p.newOps()
	return p
}

// Name implements [auth.Plugin].
func (p *Plugin) Name() string { return "anonymous" }

// Credentials implements [auth.SignInMethod].
func (p *Plugin) Credentials() []string { return []string{Credential} }

// Validate implements [auth.Validator].
func (p *Plugin) Validate(a *auth.Auth) error { return p.cfg.check(a) }

// IsGuest reports whether u is a guest: a user made by [Plugin.SignIn]
// who has not signed up yet.
func IsGuest(u *auth.User) bool {
	if u == nil {
		return false
	}
	v, _ := u.Fields[fieldGuest].(bool)
	return v
}
