package organization

import (
	"context"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/access"
	"github.com/sesame-go/sesame/sqlb"
)

// DeletingUser keeps every organization the user owns with an owner when
// the user is deleted ([auth.UserDeletionObserver]): where they are the
// last owner, the member who joined first among those who may change
// roles (member:update-role), or else the member who joined first, is made
// owner too; an organization with no other member is deleted. It runs in
// the deleting operation's transaction, under each organization's lock.
func (p *Plugin) DeletingUser(ctx context.Context, c *auth.Call, userID string) error {
	var orgID string
	var owned []string
	err := c.DB().All(ctx, sqlb.Select(access.GrantScope.Into(&orgID)).From(access.Grants).
		Join(Members, sqlb.And(MemberOrganizationID.EqCol(access.GrantScope), MemberUserID.EqCol(access.GrantUserID))).
		Where(sqlb.And(access.GrantUserID.Eq(userID), access.GrantRole.Eq(p.cfg.ownerRole))).
		OrderBy(access.GrantScope.Asc()), func() error {
		owned = append(owned, orgID)
		return nil
	})
	if err != nil {
		return err
	}
	for _, id := range owned { // in ID order, so that two deletions lock alike
		if err := p.handOver(ctx, c, id, userID); err != nil {
			return err
		}
	}
	return nil
}

// handOver gives an organization whose owner leaves another owner, or
// deletes it when no one else is in it.
func (p *Plugin) handOver(ctx context.Context, c *auth.Call, orgID, leaving string) error {
	o, err := load(ctx, c, orgID, true)
	if err != nil {
		return err
	}
	owners, err := p.owners(ctx, c, orgID, leaving)
	if err != nil || owners > 0 {
		return err
	}
	var id string
	var others []string
	err = c.DB().All(ctx, sqlb.Select(MemberUserID.Into(&id)).From(Members).
		Where(sqlb.And(MemberOrganizationID.Eq(orgID), MemberUserID.Ne(leaving))).
		OrderBy(MemberCreatedAt.Asc(), MemberUserID.Asc()), func() error {
		others = append(others, id)
		return nil
	})
	if err != nil {
		return err
	}
	if len(others) == 0 {
		return deleteOrganization(ctx, c, o)
	}
	heir := others[0]
	for _, m := range others {
		ok, err := p.acc.Within(c).Can(ctx, access.User(m).In(orgID), ResMember, ActUpdateRole)
		if err != nil {
			return err
		}
		if ok {
			heir = m
			break
		}
	}
	if _, err := p.acc.Within(c).Grant(ctx, access.GrantRequest{UserID: heir, Scope: orgID, Role: p.cfg.ownerRole}); err != nil {
		return err
	}
	c.EmitCommitted(EventRoleChanged, detail(orgID, heir, p.cfg.ownerRole)+" reason=owner_deleted")
	return nil
}
