package organization

import (
	"context"
	"database/sql"
	"errors"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// SetActiveRequest names the organization to make the session's active
// one; an empty ID clears it.
type SetActiveRequest struct {
	OrganizationID string `json:"organizationId"`
}

// Validate implements [auth.InputValidator].
func (r SetActiveRequest) Validate() error {
	if r.OrganizationID == "" {
		return nil
	}
	return checkID("organizationId", r.OrganizationID)
}

// setActive records the caller's session's active organization, one the
// caller is a member of.
func (p *Plugin) setActive(ctx context.Context, c *auth.Call, in SetActiveRequest) (Changed, error) {
	s := c.Session()
	if _, err := c.DB().Exec(ctx, sqlb.Delete(Active).Where(ActiveSessionID.Eq(s.ID))); err != nil {
		return Changed{}, err
	}
	if in.OrganizationID == "" {
		return Changed{Changed: true}, nil
	}
	if _, err := p.enter(ctx, c, in.OrganizationID, false, ResOrganization, ActRead); err != nil {
		return Changed{}, err
	}
	_, err := c.DB().Exec(ctx, sqlb.Insert(Active).Row(ActiveSessionID.Set(s.ID), ActiveUserID.Set(c.User().ID),
		ActiveOrganizationID.Set(in.OrganizationID), ActiveSetAt.Set(c.Now())))
	return Changed{Changed: err == nil}, err
}

// ActiveOrganization returns the ID of the active organization of the
// context's session (set with [Plugin.SetActive]), and false when the
// request has no signed-in session or it has none. It reads the
// membership again, so an organization the user left is never active.
// Call it from the host's handlers behind authhttp.Middleware.
func (p *Plugin) ActiveOrganization(ctx context.Context) (string, bool, error) {
	if p.a == nil {
		return "", false, errors.New("organization: the plugin is used before auth.New: pass it to auth.WithPlugins")
	}
	req := auth.RequestFrom(ctx)
	if req == nil {
		return "", false, nil
	}
	s, u, blocked := req.Admission()
	if blocked != nil {
		return "", false, blocked
	}
	if s == nil || u == nil {
		return "", false, nil
	}
	var id string
	err := p.a.DB().One(ctx, sqlb.Select(ActiveOrganizationID.Into(&id)).From(Active).
		Join(Members, sqlb.And(MemberOrganizationID.EqCol(ActiveOrganizationID), MemberUserID.EqCol(ActiveUserID))).
		Where(sqlb.And(ActiveSessionID.Eq(s.ID), ActiveUserID.Eq(u.ID))))
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	return id, true, nil
}

// SessionsEnded implements [auth.SessionEndObserver]: the active choice
// of ended sessions goes with them.
func (p *Plugin) SessionsEnded(ctx context.Context, c *auth.Call, userID, keep string, ids []string) error {
	where := ActiveUserID.Eq(userID)
	switch {
	case ids != nil:
		if len(ids) == 0 {
			return nil
		}
		where = sqlb.And(where, ActiveSessionID.In(ids...))
	case keep != "":
		where = sqlb.And(where, ActiveSessionID.Ne(keep))
	}
	_, err := c.DB().Exec(ctx, sqlb.Delete(Active).Where(where))
	return err
}
