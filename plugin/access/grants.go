package access

import (
	"context"
	"database/sql"
	"errors"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// grant stores the grant unless the user holds it; the primary key makes
// concurrent grants one row.
func (p *Plugin) grant(ctx context.Context, c *auth.Call, in GrantRequest) (Changed, error) {
	if _, ok := p.roles[in.Role]; !ok {
		// Locked, so that a concurrent DeleteRole either comes first (and
		// this answers unknown_role) or deletes this grant with the role.
		var name string
		err := c.DB().One(ctx, sqlb.Select(CustomRoleName.Into(&name)).From(CustomRoles).
			Where(sqlb.And(CustomRoleScope.Eq(in.Scope), CustomRoleName.Eq(in.Role))).ForUpdate())
		if errors.Is(err, sql.ErrNoRows) {
			return Changed{}, ErrUnknownRole
		}
		if err != nil {
			return Changed{}, err
		}
	}
	if _, err := c.LoadUser(ctx, in.UserID); err != nil {
		return Changed{}, err
	}
	n, err := c.DB().Exec(ctx, sqlb.Insert(Grants).Row(GrantUserID.Set(in.UserID), GrantScope.Set(in.Scope),
		GrantRole.Set(in.Role), GrantCreatedAt.Set(c.Now())).OnConflictDoNothing(GrantUserID, GrantScope, GrantRole))
	if err != nil || n == 0 {
		return Changed{}, err
	}
	c.EmitCommitted(EventRoleGranted, detail(in.UserID, in.Scope, in.Role))
	return Changed{Changed: true}, nil
}

// revoke deletes the grant, if any.
func (p *Plugin) revoke(ctx context.Context, c *auth.Call, in GrantRequest) (Changed, error) {
	n, err := c.DB().Exec(ctx, sqlb.Delete(Grants).Where(sqlb.And(GrantUserID.Eq(in.UserID), GrantScope.Eq(in.Scope),
		GrantRole.Eq(in.Role))))
	if err != nil || n == 0 {
		return Changed{}, err
	}
	c.EmitCommitted(EventRoleRevoked, detail(in.UserID, in.Scope, in.Role))
	return Changed{Changed: true}, nil
}

// detail describes a grant for an event: IDs and names, no secret.
func detail(userID, scope, role string) string {
	return "user=" + userID + " scope=" + scope + " role=" + role
}
