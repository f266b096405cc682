package organization

import (
	"context"
	"database/sql"
	"slices"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/access"
	"github.com/sesame-go/sesame/sqlb"
)

// members lists the members of an organization of the caller's, with
// their roles, by the time they joined.
func (p *Plugin) members(ctx context.Context, c *auth.Call, in OrgRequest) (MemberList, error) {
	if _, err := p.enter(ctx, c, in.OrganizationID, false, ResOrganization, ActRead); err != nil {
		return MemberList{}, err
	}
	var m Member
	var role sql.Null[string]
	out := MemberList{Members: []Member{}}
	err := c.DB().All(ctx, sqlb.Select(MemberUserID.Into(&m.UserID), auth.UserName.Into(&m.Name), MemberCreatedAt.Into(&m.CreatedAt),
		sqlb.OrNull(access.GrantRole).Into(&role)).From(Members).
		Join(auth.Users, auth.UserID.EqCol(MemberUserID)).
		LeftJoin(access.Grants, sqlb.And(access.GrantScope.EqCol(MemberOrganizationID), access.GrantUserID.EqCol(MemberUserID))).
		Where(MemberOrganizationID.Eq(in.OrganizationID)).
		OrderBy(MemberCreatedAt.Asc(), MemberUserID.Asc(), access.GrantRole.Asc()), func() error {
		if n := len(out.Members); n == 0 || out.Members[n-1].UserID != m.UserID {
			out.Members = append(out.Members, Member{UserID: m.UserID, Name: m.Name, CreatedAt: m.CreatedAt, Roles: []string{}})
		}
		if role.Valid {
			last := &out.Members[len(out.Members)-1]
			last.Roles = append(last.Roles, role.V)
		}
		return nil
	})
	return out, err
}

// removeMember removes another member: the caller needs member:remove
// and must hold every permission of the member's roles (an admin does
// not remove an owner); the last owner is never removed.
func (p *Plugin) removeMember(ctx context.Context, c *auth.Call, in MemberRequest) (Changed, error) {
	if _, err := p.enter(ctx, c, in.OrganizationID, true, ResMember, ActRemove); err != nil {
		return Changed{}, err
	}
	return p.drop(ctx, c, in.OrganizationID, in.UserID, true)
}

// leave removes the caller from an organization, unless they are its
// last owner.
func (p *Plugin) leave(ctx context.Context, c *auth.Call, in OrgRequest) (Changed, error) {
	if _, err := p.enter(ctx, c, in.OrganizationID, true, "", ""); err != nil {
		return Changed{}, err
	}
	return p.drop(ctx, c, in.OrganizationID, c.User().ID, false)
}

// drop removes a member of a locked organization, checking that the
// caller covers their roles (when cover) and that an owner remains.
func (p *Plugin) drop(ctx context.Context, c *auth.Call, orgID, userID string, cover bool) (Changed, error) {
	ok, err := member(ctx, c, orgID, userID)
	if err != nil {
		return Changed{}, err
	}
	if !ok {
		return Changed{}, ErrMemberNotFound
	}
	roles, err := p.rolesOf(ctx, c, orgID, userID)
	if err != nil {
		return Changed{}, err
	}
	if cover {
		if err := p.covers(ctx, c, orgID, roles...); err != nil {
			return Changed{}, err
		}
	}
	if _, err := dropMember(ctx, c, orgID, userID); err != nil {
		return Changed{}, err
	}
	if err := p.keepOwner(ctx, c, orgID, roles); err != nil {
		return Changed{}, err
	}
	c.EmitCommitted(EventMemberRemoved, detail(orgID, userID, ""))
	return Changed{Changed: true}, nil
}

// keepOwner answers ErrLastOwner when a change that took roles away
// (the owner role among them) left the organization with no owner. It
// counts after the change, under the organization's lock.
func (p *Plugin) keepOwner(ctx context.Context, c *auth.Call, orgID string, taken []string) error {
	if !slices.Contains(taken, p.cfg.ownerRole) {
		return nil
	}
	n, err := p.owners(ctx, c, orgID, "")
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrLastOwner
	}
	return nil
}

// updateRole gives a member one role in place of the ones they hold:
// the caller needs member:update-role and must hold every permission of
// the role given and of each taken away.
func (p *Plugin) updateRole(ctx context.Context, c *auth.Call, in RoleRequest) (Changed, error) {
	if _, err := p.enter(ctx, c, in.OrganizationID, true, ResMember, ActUpdateRole); err != nil {
		return Changed{}, err
	}
	return p.setRole(ctx, c, in.OrganizationID, in.UserID, in.Role, true)
}

// setRole replaces the roles of a member of a locked organization.
func (p *Plugin) setRole(ctx context.Context, c *auth.Call, orgID, userID, role string, cover bool) (Changed, error) {
	ok, err := member(ctx, c, orgID, userID)
	if err != nil {
		return Changed{}, err
	}
	if !ok {
		return Changed{}, ErrMemberNotFound
	}
	old, err := p.rolesOf(ctx, c, orgID, userID)
	if err != nil {
		return Changed{}, err
	}
	if err := p.role(ctx, c, orgID, role); err != nil {
		return Changed{}, err
	}
	if cover {
		if err := p.covers(ctx, c, orgID, append([]string{role}, old...)...); err != nil {
			return Changed{}, err
		}
	}
	if len(old) == 1 && old[0] == role {
		return Changed{}, nil
	}
	var taken []string
	for _, r := range old {
		if r == role {
			continue
		}
		taken = append(taken, r)
		if _, err := p.acc.Within(c).Revoke(ctx, access.GrantRequest{UserID: userID, Scope: orgID, Role: r}); err != nil {
			return Changed{}, err
		}
	}
	if _, err := p.acc.Within(c).Grant(ctx, access.GrantRequest{UserID: userID, Scope: orgID, Role: role}); err != nil {
		return Changed{}, err
	}
	if err := p.keepOwner(ctx, c, orgID, taken); err != nil {
		return Changed{}, err
	}
	c.EmitCommitted(EventRoleChanged, detail(orgID, userID, role))
	return Changed{Changed: true}, nil
}

// transfer makes another member owner and the caller, an owner, hold
// KeepRole (the member role by default) instead.
func (p *Plugin) transfer(ctx context.Context, c *auth.Call, in TransferRequest) (Changed, error) {
	if _, err := p.enter(ctx, c, in.OrganizationID, true, "", ""); err != nil {
		return Changed{}, err
	}
	me := c.User().ID
	mine, err := p.rolesOf(ctx, c, in.OrganizationID, me)
	if err != nil {
		return Changed{}, err
	}
	if !slices.Contains(mine, p.cfg.ownerRole) {
		return Changed{}, access.ErrPermissionDenied
	}
	if in.UserID == me {
		return Changed{}, auth.ErrInvalidInput.With("transfer the ownership to another member")
	}
	keep := in.KeepRole
	if keep == "" {
		keep = p.cfg.memberRole
	}
	if _, err := p.setRole(ctx, c, in.OrganizationID, in.UserID, p.cfg.ownerRole, false); err != nil {
		return Changed{}, err
	}
	if _, err := p.setRole(ctx, c, in.OrganizationID, me, keep, false); err != nil {
		return Changed{}, err
	}
	return Changed{Changed: true}, nil
}
