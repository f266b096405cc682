package admin

import (
	"context"
	"slices"

	"github.com/sesame-go/sesame/auth"
)

// Permission names what an admin operation does. The [Authorizer] is
// asked for one before every admin operation.
type Permission string

// The permissions of the admin operations.
const (
	// PermViewUsers: find users, read a user with their identities and
	// sessions.
	PermViewUsers Permission = "users.view"
	// PermCreateUsers: create a user with verified identifiers.
	PermCreateUsers Permission = "users.create"
	// PermBanUsers: ban and unban a user.
	PermBanUsers Permission = "users.ban"
	// PermRevokeSessions: end every session of a user.
	PermRevokeSessions Permission = "sessions.revoke"
	// PermSetRole: give a user a role ([Action.Role]), or take it away.
	PermSetRole Permission = "users.setRole"
	// PermImpersonate: act as a user who is not an administrator.
	PermImpersonate Permission = "users.impersonate"
	// PermImpersonateAdmins: act as an administrator ([Authorizer.IsAdmin]),
	// asked besides PermImpersonate. The default roles give it to nobody.
	PermImpersonateAdmins Permission = "users.impersonateAdmins"
)

// Action is what an administrator asks to do: a permission, the user it
// is done to (nil when none, as for a search) and, for [PermSetRole], the
// role to give ("" takes the role away).
type Action struct {
	Permission Permission
	Target     *auth.User
	Role       string
}

// Authorizer decides who may run admin operations: every admin operation
// asks it before it reads or writes anything of the target's, and answers
// [ErrPermissionDenied] when it says no. The host passes its own with
// [WithAuthorizer] to keep roles in its own tables or ask a policy
// engine; the default is [Roles], kept in the [UserRole] user column.
type Authorizer interface {
	// Allowed reports whether actor, the signed-in caller, may do act. c
	// is the running operation, whose DB is its transaction. An error is a
	// failure (the operation answers internal), not a refusal.
	Allowed(ctx context.Context, c *auth.Call, actor *auth.User, act Action) (bool, error)
	// IsAdmin reports whether u is an administrator, whom impersonating
	// needs [PermImpersonateAdmins] too.
	IsAdmin(ctx context.Context, c *auth.Call, u *auth.User) (bool, error)
}

// Roles is the default [Authorizer]: each role name gives the permissions
// it lists, and each user holds at most one role, in the [UserRole] column
// (set with [Plugin.SetRole]). A user holds a permission when their role
// lists it; an administrator is a user whose role lists any. To give or
// take a role ([PermSetRole]), the caller must also hold every
// permission of the role given and of the target's current role, so that
// no one grants more than they hold or demotes someone who holds more.
type Roles map[string][]Permission

// RoleAdmin is the role of [DefaultRoles] that holds every permission but
// [PermImpersonateAdmins].
const RoleAdmin = "admin"

// DefaultRoles returns the roles used without [WithRoles]: [RoleAdmin].
func DefaultRoles() Roles {
	return Roles{RoleAdmin: {PermViewUsers, PermCreateUsers, PermBanUsers, PermRevokeSessions, PermSetRole, PermImpersonate}}
}

var _ Authorizer = Roles(nil)

// Allowed implements [Authorizer].
func (r Roles) Allowed(_ context.Context, _ *auth.Call, actor *auth.User, act Action) (bool, error) {
	if actor == nil || !r.holds(RoleOf(actor), act.Permission) {
		return false, nil
	}
	if act.Permission != PermSetRole {
		return true, nil
	}
	if !r.covers(RoleOf(actor), act.Role) {
		return false, nil
	}
	return act.Target == nil || r.covers(RoleOf(actor), RoleOf(act.Target)), nil
}

// IsAdmin implements [Authorizer]: u's role gives a permission.
func (r Roles) IsAdmin(_ context.Context, _ *auth.Call, u *auth.User) (bool, error) {
	return u != nil && len(r[RoleOf(u)]) > 0, nil
}

func (r Roles) holds(role string, p Permission) bool {
	return role != "" && slices.Contains(r[role], p)
}

// covers reports whether role holds every permission of other.
func (r Roles) covers(role, other string) bool {
	for _, p := range r[other] {
		if !r.holds(role, p) {
			return false
		}
	}
	return true
}

// RoleOf returns a loaded user's role ([UserRole]), "" for none.
func RoleOf(u *auth.User) string {
	s, _ := u.Fields[fieldRole].(string)
	return s
}

// RoleNames returns the names of the roles the plugin may give
// ([WithRoles], else [DefaultRoles]), sorted: what a page offers in a
// choice of role. Whether the caller may give one to a user stays the
// [Authorizer]'s decision, asked by [Plugin.SetRole].
func (p *Plugin) RoleNames() []string {
	names := make([]string, 0, len(p.cfg.roles))
	for name := range p.cfg.roles {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}
