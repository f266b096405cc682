package admin

import (
	"context"
	"slices"

	"github.com/sesame-go/sesame/auth"
)

// Plugin is the administration of users: search, creation, bans, roles,
// sessions and impersonation. Make one with [New].
type Plugin struct {
	cfg config
	ops ops
}

var (
	_ auth.Plugin         = (*Plugin)(nil)
	_ auth.Operator       = (*Plugin)(nil)
	_ auth.UserExtender   = (*Plugin)(nil)
	_ auth.SessionChecker = (*Plugin)(nil)
	_ auth.SessionStarter = (*Plugin)(nil)
	_ auth.AfterHook      = (*Plugin)(nil)
	_ auth.ErrorCoder     = (*Plugin)(nil)
	_ auth.Validator      = (*Plugin)(nil)
)

// The account-security events the plugin raises ([auth.Call.AccountChanged]):
// each ends every session and pending token of the user.
const (
	// Banned: an administrator banned the user.
	Banned auth.AccountEvent = "banned"
	// SessionsRevoked: an administrator ended the user's sessions.
	SessionsRevoked auth.AccountEvent = "sessions_revoked"
)

// The security events the plugin sends to the event sink
// ([auth.WithEventSink]) besides the account-security events.
const (
	// EventAdminAction: an admin operation that changes something
	// succeeded. UserID is the administrator; Detail names the target
	// ("target=<user ID>").
	EventAdminAction = "admin.action"
	// EventImpersonatedAction: an operation ran from an impersonation
	// session and succeeded. UserID is the impersonated user; Detail
	// names the administrator ("impersonator=<user ID>").
	EventImpersonatedAction = "admin.impersonated_action"
	// EventImpersonatedRequest: the middleware admitted a request of an
	// impersonation session to the host's routes ([auth.Auth.Admit]). UserID
	// and Detail are as for EventImpersonatedAction.
	EventImpersonatedRequest = "admin.impersonated_request"
)

// New returns the plugin. Without options, users whose role is
// [RoleAdmin] may run every admin operation, and no one may impersonate
// an administrator.
func New(opts ...Option) *Plugin {
	p := &Plugin{cfg: newConfig(opts)}
	p.ops = p.newOps()
	return p
}

// Name implements [auth.Plugin].
func (p *Plugin) Name() string { return "admin" }

// Validate implements [auth.Validator].
func (p *Plugin) Validate(*auth.Auth) error { return p.cfg.check() }

// authorize asks the Authorizer whether the caller may do act, and
// answers [ErrPermissionDenied] when not.
func (p *Plugin) authorize(ctx context.Context, c *auth.Call, act Action) error {
	ok, err := p.cfg.authorizer.Allowed(ctx, c, c.User(), act)
	if err != nil {
		return err
	}
	if !ok {
		return ErrPermissionDenied
	}
	return nil
}

// target loads the user an operation acts on, answering
// [auth.ErrUserNotFound] for an ID that cannot be one, and refuses the
// caller's own account when own is false.
func (p *Plugin) target(ctx context.Context, c *auth.Call, id string, own bool) (*auth.User, error) {
	if !validID(id) {
		return nil, auth.ErrUserNotFound
	}
	if !own && id == c.User().ID {
		return nil, ErrOwnAccount
	}
	return c.LoadUser(ctx, id)
}

// validID reports whether s has the form of the IDs Sesame makes (a UUID
// in text), so that a malformed one never reaches a native uuid column.
func validID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case i == 8 || i == 13 || i == 18 || i == 23:
			if ch != '-' {
				return false
			}
		case '0' <= ch && ch <= '9', 'a' <= ch && ch <= 'f', 'A' <= ch && ch <= 'F':
		default:
			return false
		}
	}
	return true
}

// audit sends [EventAdminAction] about target once the operation
// committed, and has it recorded with the transaction.
func audit(c *auth.Call, target string) {
	c.EmitCommitted(EventAdminAction, "target="+target)
}

func (p *Plugin) isAdminOp(name string) bool { return slices.Contains(p.ops.names, name) }
