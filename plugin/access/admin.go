package access

import (
	"context"
	"strings"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/admin"
)

// AdminPrefix starts the resources that stand for the admin plugin's
// permissions: permission "users.ban" is action "ban" on resource
// "admin.users", "sessions.revoke" is "revoke" on "admin.sessions".
const AdminPrefix = "admin."

// AdminResources returns the vocabulary of the admin plugin's
// permissions, to merge into the one given to [New] when using
// [Plugin.AdminAuthorizer].
func AdminResources() Resources {
	r := Resources{}
	for _, p := range []admin.Permission{admin.PermViewUsers, admin.PermCreateUsers, admin.PermBanUsers,
		admin.PermRevokeSessions, admin.PermSetRole, admin.PermImpersonate, admin.PermImpersonateAdmins} {
		res, act := adminPermission(p)
		r[res] = append(r[res], act)
	}
	return r
}

// adminPermission maps an admin permission to a resource and action.
func adminPermission(p admin.Permission) (resource, action string) {
	group, act, _ := strings.Cut(string(p), ".")
	return AdminPrefix + group, act
}

// AdminAuthorizer returns an [admin.Authorizer] that runs the admin
// plugin through this plugin's roles (granted in every scope, ""): the
// caller may do an admin action when a role grants its permission as
// [AdminResources] names it. An administrator ([admin.Authorizer.IsAdmin])
// is a user granted any action on any admin resource. Pass it with
// admin.WithAuthorizer; the vocabulary must include [AdminResources]
// ([auth.New] reports it otherwise). The admin plugin's role column is not
// consulted: grant roles with [Plugin.Grant].
func (p *Plugin) AdminAuthorizer() admin.Authorizer {
	p.forAdmin = true
	return adminAuthorizer{p}
}

type adminAuthorizer struct{ p *Plugin }

// Allowed implements [admin.Authorizer].
func (a adminAuthorizer) Allowed(ctx context.Context, c *auth.Call, actor *auth.User, act admin.Action) (bool, error) {
	if actor == nil {
		return false, nil
	}
	res, action := adminPermission(act.Permission)
	if !a.p.resources.knows(res, action) {
		return false, nil
	}
	return a.p.can(ctx, c.DB(), User(actor.ID), res, action)
}

// IsAdmin implements [admin.Authorizer].
func (a adminAuthorizer) IsAdmin(ctx context.Context, c *auth.Call, u *auth.User) (bool, error) {
	if u == nil {
		return false, nil
	}
	return a.p.holds(ctx, c.DB(), u.ID, "", func(st Statements) bool {
		for res, acts := range st {
			if strings.HasPrefix(res, AdminPrefix) && len(acts) > 0 {
				return true
			}
		}
		return false
	})
}
