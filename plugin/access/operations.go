package access

import (
	"context"

	"github.com/sesame-go/sesame/auth"
)

// The names of the plugin's operations, all server operations: no route
// serves them, only the host's Go code runs them, through the pipeline
// (one transaction, fault-safe, with events on commit). They ask no
// permission: call them from code that already decided the caller may
// (with [Plugin.Can], say).
const (
	// OpGrant is [Plugin.Grant].
	OpGrant = "access.grant"
	// OpRevoke is [Plugin.Revoke].
	OpRevoke = "access.revoke"
	// OpDefineRole is [Plugin.DefineRole].
	OpDefineRole = "access.defineRole"
	// OpDeleteRole is [Plugin.DeleteRole].
	OpDeleteRole = "access.deleteRole"
)

// Changed tells whether an operation changed anything: false for a grant
// the user already held, or a revocation of a role they did not hold.
type Changed struct {
	Changed bool `json:"changed"`
}

type ops struct {
	grant, revoke *auth.Op[GrantRequest, Changed]
	define        *auth.Op[DefineRoleRequest, Changed]
	remove        *auth.Op[RoleRequest, Changed]
}

func (p *Plugin) newOps() ops {
	return ops{
		grant: &auth.Op[GrantRequest, Changed]{Name: OpGrant, Writes: true,
			Codes: []*auth.Error{auth.ErrUserNotFound, ErrUnknownRole}, Handler: p.grant},
		revoke: &auth.Op[GrantRequest, Changed]{Name: OpRevoke, Writes: true, Handler: p.revoke},
		define: &auth.Op[DefineRoleRequest, Changed]{Name: OpDefineRole, Writes: true,
			Codes: []*auth.Error{ErrRoleTaken}, Handler: p.defineRole},
		remove: &auth.Op[RoleRequest, Changed]{Name: OpDeleteRole, Writes: true,
			Codes: []*auth.Error{ErrUnknownRole}, Handler: p.deleteRole},
	}
}

// Operations implements [auth.Operator].
func (p *Plugin) Operations() []auth.Operation {
	return []auth.Operation{p.ops.grant, p.ops.revoke, p.ops.define, p.ops.remove}
}

// Grant gives a user a role in a scope ("" for every scope): a role of
// [WithRoles], or a custom role of that scope. It answers
// [auth.ErrUserNotFound] for no such user, [ErrUnknownRole] for no such
// role, and whether the user did not hold it already. Concurrent grants
// of one role store one row.
func (p *Plugin) Grant(ctx context.Context, in GrantRequest) (bool, error) {
	c, err := p.ops.grant.Run(ctx, in)
	return c.Changed, err
}

// Revoke takes a role in a scope from a user, and answers whether they
// held it. The next check ([Plugin.Can]) no longer sees it.
func (p *Plugin) Revoke(ctx context.Context, in GrantRequest) (bool, error) {
	c, err := p.ops.revoke.Run(ctx, in)
	return c.Changed, err
}

// DefineRole stores a custom role of a scope, or replaces the statements
// of the one of that name; a role created anew starts with no grants
// (deleting one deletes its grants, and a grant locks the role it names). It
// answers [auth.ErrInvalidInput] for statements naming an unknown
// resource or action, and [ErrRoleTaken] for the name of a role of
// [WithRoles]. The result tells whether the role is new.
func (p *Plugin) DefineRole(ctx context.Context, in DefineRoleRequest) (bool, error) {
	c, err := p.ops.define.Run(ctx, in)
	return c.Changed, err
}

// DeleteRole deletes a custom role of a scope and every grant of it;
// [ErrUnknownRole] when there is none.
func (p *Plugin) DeleteRole(ctx context.Context, in RoleRequest) error {
	_, err := p.ops.remove.Run(ctx, in)
	return err
}
