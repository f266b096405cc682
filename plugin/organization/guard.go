package organization

import (
	"context"
	"database/sql"
	"errors"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/access"
	"github.com/sesame-go/sesame/sqlb"
)

// load reads an organization, locked for the rest of the transaction
// when lock is set (every change of membership locks it first, so that
// such changes run one at a time per organization and the owner count
// they check stays true until they commit).
func load(ctx context.Context, c *auth.Call, id string, lock bool) (*Organization, error) {
	o := &Organization{}
	q := sqlb.Select(o.selections()...).From(Organizations).Where(OrganizationID.Eq(id))
	if lock {
		q = q.ForUpdate()
	}
	err := c.DB().One(ctx, q)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrOrganizationNotFound
	}
	if err != nil {
		return nil, err
	}
	return o, o.decode()
}

// member reports whether userID belongs to the organization.
func member(ctx context.Context, c *auth.Call, orgID, userID string) (bool, error) {
	var n int64
	err := c.DB().One(ctx, sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(Members).
		Where(sqlb.And(MemberOrganizationID.Eq(orgID), MemberUserID.Eq(userID))))
	return n > 0, err
}

// enter loads the organization for the caller: [ErrOrganizationNotFound]
// when it does not exist or the caller is not a member (alike, so that
// no outsider learns it exists), access.ErrPermissionDenied when the
// caller's roles in it do not grant action on resource (for a resource
// of "", membership is enough).
func (p *Plugin) enter(ctx context.Context, c *auth.Call, orgID string, lock bool, resource, action string) (*Organization, error) {
	o, err := load(ctx, c, orgID, lock)
	if err != nil {
		return nil, err
	}
	ok, err := member(ctx, c, orgID, c.User().ID)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrOrganizationNotFound
	}
	if resource == "" {
		return o, nil
	}
	if err := p.require(ctx, c, orgID, resource, action); err != nil {
		return nil, err
	}
	return o, nil
}

// require answers access.ErrPermissionDenied unless the caller may do
// action on resource in the organization.
func (p *Plugin) require(ctx context.Context, c *auth.Call, orgID, resource, action string) error {
	ok, err := p.acc.Within(c).Can(ctx, access.User(c.User().ID).In(orgID), resource, action)
	if err != nil {
		return err
	}
	if !ok {
		return access.ErrPermissionDenied
	}
	return nil
}

// covers answers access.ErrPermissionDenied unless the caller holds, in
// the organization, every permission of each role: no one gives or takes
// away more than they hold.
func (p *Plugin) covers(ctx context.Context, c *auth.Call, orgID string, roles ...string) error {
	for _, role := range roles {
		ok, err := p.acc.Within(c).Covers(ctx, access.User(c.User().ID).In(orgID), role)
		if err != nil {
			return err
		}
		if !ok {
			return access.ErrPermissionDenied
		}
	}
	return nil
}

// owners counts the owners of an organization who are members, but
// except (a user on their way out), with locking reads.
func (p *Plugin) owners(ctx context.Context, c *auth.Call, orgID, except string) (int64, error) {
	return countLocked(ctx, c, sqlb.Select(access.GrantUserID.Into(new(string))).From(access.Grants).
		Join(Members, sqlb.And(MemberOrganizationID.EqCol(access.GrantScope), MemberUserID.EqCol(access.GrantUserID))).
		Where(sqlb.And(access.GrantScope.Eq(orgID), access.GrantRole.Eq(p.cfg.ownerRole), access.GrantUserID.Ne(except))))
}

// countLocked counts the rows of q, read with locks: a locking read sees
// the latest committed rows, where MySQL's plain reads would see the
// transaction's snapshot, taken before the lock it counts under. (An
// aggregate cannot be locked on PostgreSQL, hence the count in Go.)
func countLocked(ctx context.Context, c *auth.Call, q *sqlb.SelectStmt) (int64, error) {
	var n int64
	err := c.DB().All(ctx, q.ForUpdate(), func() error {
		n++
		return nil
	})
	return n, err
}

// rolesOf returns the roles of a member in the organization.
func (p *Plugin) rolesOf(ctx context.Context, c *auth.Call, orgID, userID string) ([]string, error) {
	return p.acc.Within(c).RolesOf(ctx, userID, orgID)
}

// dropMember deletes a membership, the member's roles and teams in the
// organization and the sessions' choice of it as active organization.
func dropMember(ctx context.Context, c *auth.Call, orgID, userID string) (bool, error) {
	n, err := c.DB().Exec(ctx, sqlb.Delete(Members).Where(sqlb.And(MemberOrganizationID.Eq(orgID), MemberUserID.Eq(userID))))
	if err != nil || n == 0 {
		return false, err
	}
	if _, err := c.DB().Exec(ctx, sqlb.Delete(access.Grants).Where(sqlb.And(access.GrantScope.Eq(orgID), access.GrantUserID.Eq(userID)))); err != nil {
		return false, err
	}
	if _, err := c.DB().Exec(ctx, sqlb.Delete(TeamMembers).Where(sqlb.And(TeamMemberOrganizationID.Eq(orgID), TeamMemberUserID.Eq(userID)))); err != nil {
		return false, err
	}
	_, err = c.DB().Exec(ctx, sqlb.Delete(Active).Where(sqlb.And(ActiveOrganizationID.Eq(orgID), ActiveUserID.Eq(userID))))
	return true, err
}

// limits returns the host's limits for userID, none without [WithLimits].
func (p *Plugin) limits(ctx context.Context, userID string) (Limits, error) {
	if p.cfg.limits == nil {
		return Limits{}, nil
	}
	return p.cfg.limits(ctx, userID)
}

// join adds userID to the organization (locked by the caller) with a
// role, within the limits: the user's row is locked too, so that
// concurrent joins of one user count one at a time.
func (p *Plugin) join(ctx context.Context, c *auth.Call, orgID, userID, role string) error {
	lim, err := p.limits(ctx, userID)
	if err != nil {
		return err
	}
	var id string
	if err := c.DB().One(ctx, sqlb.Select(auth.UserID.Into(&id)).From(auth.Users).Where(auth.UserID.Eq(userID)).ForUpdate()); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return auth.ErrUserNotFound
		}
		return err
	}
	if lim.OrganizationsPerUser > 0 {
		n, err := countLocked(ctx, c, sqlb.Select(MemberOrganizationID.Into(new(string))).From(Members).Where(MemberUserID.Eq(userID)))
		if err != nil {
			return err
		}
		if n >= int64(lim.OrganizationsPerUser) {
			return ErrLimitReached
		}
	}
	if lim.MembersPerOrganization > 0 {
		n, err := countLocked(ctx, c, sqlb.Select(MemberUserID.Into(new(string))).From(Members).Where(MemberOrganizationID.Eq(orgID)))
		if err != nil {
			return err
		}
		if n >= int64(lim.MembersPerOrganization) {
			return ErrLimitReached
		}
	}
	n, err := c.DB().Exec(ctx, sqlb.Insert(Members).Row(MemberOrganizationID.Set(orgID), MemberUserID.Set(userID),
		MemberCreatedAt.Set(c.Now())).OnConflictDoNothing(MemberOrganizationID, MemberUserID))
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrAlreadyMember
	}
	if _, err := p.acc.Within(c).Grant(ctx, access.GrantRequest{UserID: userID, Scope: orgID, Role: role}); err != nil {
		return err
	}
	c.EmitCommitted(EventMemberAdded, detail(orgID, userID, role))
	return nil
}

// detail describes a membership for an event: IDs and names, no secret.
func detail(orgID, userID, role string) string {
	s := "organization=" + orgID + " user=" + userID
	if role != "" {
		s += " role=" + role
	}
	return s
}

// role answers access.ErrUnknownRole unless name is a role of the
// access plugin or a custom role of the organization (one deleted since
// an invitation named it, say).
func (p *Plugin) role(ctx context.Context, c *auth.Call, orgID, name string) error {
	known, err := p.acc.Within(c).Role(ctx, orgID, name)
	if err == nil && !known {
		err = access.ErrUnknownRole
	}
	return err
}
