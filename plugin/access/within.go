package access

import (
	"context"

	"github.com/sesame-go/sesame/auth"
)

// Within is the plugin inside another operation's run: its checks read,
// and its grants write, through that operation's transaction, so that a
// plugin built on this one (organizations) checks a permission and
// changes roles atomically with its own rows, and a failure rolls back
// both. Get one with [Plugin.Within] from a handler or hook.
type Within struct {
	p *Plugin
	c *auth.Call
}

// Within returns the plugin bound to the operation's call c.
func (p *Plugin) Within(c *auth.Call) Within { return Within{p: p, c: c} }

// Can is [Plugin.Can] in the call's transaction. A [Caller] subject is
// the caller of the call's context, as for [Plugin.Can].
func (w Within) Can(ctx context.Context, s Subject, resource, action string) (bool, error) {
	return w.p.can(ctx, w.c.DB(), s, resource, action)
}

// Covers is [Plugin.Covers] in the call's transaction.
func (w Within) Covers(ctx context.Context, s Subject, role string) (bool, error) {
	return w.p.covers(ctx, w.c.DB(), s, role)
}

// RolesOf is [Plugin.RolesOf] in the call's transaction.
func (w Within) RolesOf(ctx context.Context, userID, scope string) ([]string, error) {
	if !validName(userID) || (scope != "" && !validName(scope)) {
		return nil, nil
	}
	return rolesOf(ctx, w.c.DB(), userID, scope)
}

// Grant is [Plugin.Grant] in the call's transaction: the grant is
// written, and [EventRoleGranted] raised, only if the call commits.
func (w Within) Grant(ctx context.Context, in GrantRequest) (bool, error) {
	if err := in.Validate(); err != nil {
		return false, auth.ErrInvalidInput.With(err.Error())
	}
	ch, err := w.p.grant(ctx, w.c, in)
	return ch.Changed, err
}

// Revoke is [Plugin.Revoke] in the call's transaction.
func (w Within) Revoke(ctx context.Context, in GrantRequest) (bool, error) {
	if err := in.Validate(); err != nil {
		return false, auth.ErrInvalidInput.With(err.Error())
	}
	ch, err := w.p.revoke(ctx, w.c, in)
	return ch.Changed, err
}

// Role reports whether name is a role of [WithRoles] or a custom role
// of scope, in the call's transaction.
func (w Within) Role(ctx context.Context, scope, name string) (bool, error) {
	if _, ok := w.p.roles[name]; ok {
		return true, nil
	}
	_, found, err := w.p.customRole(ctx, w.c.DB(), scope, name)
	return found, err
}
