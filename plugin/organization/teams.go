package organization

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// Team is a team of an organization with its members' user IDs.
type Team struct {
	ID             string    `json:"id"`
	OrganizationID string    `json:"organizationId"`
	Name           string    `json:"name"`
	Members        []string  `json:"members"`
	CreatedAt      time.Time `json:"createdAt"`
}

// TeamList is the teams of an organization.
type TeamList struct {
	Teams []Team `json:"teams"`
}

// TeamRequest creates a team (OrganizationID and Name) or renames one
// (TeamID and Name).
type TeamRequest struct {
	OrganizationID string `json:"organizationId,omitempty"`
	TeamID         string `json:"teamId,omitempty"`
	Name           string `json:"name"`
}

// Validate implements [auth.InputValidator].
func (r TeamRequest) Validate() error {
	var errs []error
	if (r.OrganizationID == "") == (r.TeamID == "") {
		errs = append(errs, errors.New("name either organizationId (to create) or teamId (to rename)"))
	} else if r.TeamID != "" {
		errs = append(errs, checkID("teamId", r.TeamID))
	} else {
		errs = append(errs, checkID("organizationId", r.OrganizationID))
	}
	if n := strings.TrimSpace(r.Name); n == "" || len(n) > MaxName || !utf8.ValidString(n) {
		errs = append(errs, fmt.Errorf("name must be 1 to %d bytes of text", MaxName))
	}
	return errors.Join(errs...)
}

// TeamMemberRequest names a team and, to add or remove, a member.
type TeamMemberRequest struct {
	TeamID string `json:"teamId"`
	UserID string `json:"userId,omitempty"`
}

// Validate implements [auth.InputValidator].
func (r TeamMemberRequest) Validate() error {
	err := checkID("teamId", r.TeamID)
	if r.UserID != "" {
		err = errors.Join(err, checkID("userId", r.UserID))
	}
	return err
}

// enterTeam loads a team for the caller, who needs action on teams in
// its organization; a team of an organization the caller is not a member
// of answers [ErrTeamNotFound], as one that does not exist.
func (p *Plugin) enterTeam(ctx context.Context, c *auth.Call, teamID, action string) (Team, error) {
	var t Team
	err := c.DB().One(ctx, sqlb.Select(TeamID.Into(&t.ID), TeamOrganizationID.Into(&t.OrganizationID), TeamName.Into(&t.Name),
		TeamCreatedAt.Into(&t.CreatedAt)).From(Teams).Where(TeamID.Eq(teamID)))
	if errors.Is(err, sql.ErrNoRows) {
		return Team{}, ErrTeamNotFound
	}
	if err != nil {
		return Team{}, err
	}
	if _, err := p.enter(ctx, c, t.OrganizationID, true, ResTeam, action); err != nil {
		if errors.Is(err, ErrOrganizationNotFound) {
			return Team{}, ErrTeamNotFound
		}
		return Team{}, err
	}
	return t, nil
}

// saveTeam creates or renames a team; a name its organization has
// answers [ErrTeamNameTaken].
func (p *Plugin) saveTeam(ctx context.Context, c *auth.Call, in TeamRequest) (Team, error) {
	name := strings.TrimSpace(in.Name)
	var t Team
	if in.TeamID != "" {
		var err error
		if t, err = p.enterTeam(ctx, c, in.TeamID, ActUpdate); err != nil {
			return Team{}, err
		}
	} else {
		if _, err := p.enter(ctx, c, in.OrganizationID, true, ResTeam, ActCreate); err != nil {
			return Team{}, err
		}
		t = Team{ID: c.Auth().NewID(), OrganizationID: in.OrganizationID, CreatedAt: c.Now()}
	}
	var taken int64
	if err := c.DB().One(ctx, sqlb.Select(sqlb.Into(sqlb.Count(), &taken)).From(Teams).Where(sqlb.And(
		TeamOrganizationID.Eq(t.OrganizationID), TeamName.Eq(name), TeamID.Ne(t.ID)))); err != nil {
		return Team{}, err
	}
	if taken > 0 {
		return Team{}, ErrTeamNameTaken
	}
	var err error
	if in.TeamID != "" {
		_, err = c.DB().Exec(ctx, sqlb.Update(Teams).Set(TeamName.Set(name)).Where(TeamID.Eq(t.ID)))
	} else {
		_, err = c.DB().Exec(ctx, sqlb.Insert(Teams).Row(TeamID.Set(t.ID), TeamOrganizationID.Set(t.OrganizationID),
			TeamName.Set(name), TeamCreatedAt.Set(t.CreatedAt)))
	}
	if err != nil {
		return Team{}, err
	}
	t.Name = name
	c.EmitCommitted(EventTeamChanged, "organization="+t.OrganizationID+" team="+t.ID)
	t.Members, err = teamMembers(ctx, c, t.ID)
	return t, err
}

// deleteTeam deletes a team and its memberships.
func (p *Plugin) deleteTeam(ctx context.Context, c *auth.Call, in TeamMemberRequest) (Changed, error) {
	t, err := p.enterTeam(ctx, c, in.TeamID, ActDelete)
	if err != nil {
		return Changed{}, err
	}
	if _, err := c.DB().Exec(ctx, sqlb.Delete(Teams).Where(TeamID.Eq(t.ID))); err != nil {
		return Changed{}, err
	}
	c.EmitCommitted(EventTeamChanged, "organization="+t.OrganizationID+" team="+t.ID+" deleted")
	return Changed{Changed: true}, nil
}

// addTeamMember puts a member of the team's organization in the team.
func (p *Plugin) addTeamMember(ctx context.Context, c *auth.Call, in TeamMemberRequest) (Changed, error) {
	t, err := p.enterTeam(ctx, c, in.TeamID, ActUpdate)
	if err != nil {
		return Changed{}, err
	}
	ok, err := member(ctx, c, t.OrganizationID, in.UserID)
	if err != nil {
		return Changed{}, err
	}
	if !ok {
		return Changed{}, ErrMemberNotFound
	}
	n, err := c.DB().Exec(ctx, sqlb.Insert(TeamMembers).Row(TeamMemberTeamID.Set(t.ID), TeamMemberOrganizationID.Set(t.OrganizationID),
		TeamMemberUserID.Set(in.UserID), TeamMemberCreatedAt.Set(c.Now())).OnConflictDoNothing(TeamMemberTeamID, TeamMemberUserID))
	if err != nil || n == 0 {
		return Changed{}, err
	}
	c.EmitCommitted(EventTeamChanged, "organization="+t.OrganizationID+" team="+t.ID+" added="+in.UserID)
	return Changed{Changed: true}, nil
}

// removeTeamMember takes a user out of a team.
func (p *Plugin) removeTeamMember(ctx context.Context, c *auth.Call, in TeamMemberRequest) (Changed, error) {
	t, err := p.enterTeam(ctx, c, in.TeamID, ActUpdate)
	if err != nil {
		return Changed{}, err
	}
	n, err := c.DB().Exec(ctx, sqlb.Delete(TeamMembers).Where(sqlb.And(TeamMemberTeamID.Eq(t.ID), TeamMemberUserID.Eq(in.UserID))))
	if err != nil || n == 0 {
		return Changed{}, err
	}
	c.EmitCommitted(EventTeamChanged, "organization="+t.OrganizationID+" team="+t.ID+" removed="+in.UserID)
	return Changed{Changed: true}, nil
}

// teams lists the teams of an organization of the caller's, by name.
func (p *Plugin) teams(ctx context.Context, c *auth.Call, in OrgRequest) (TeamList, error) {
	if _, err := p.enter(ctx, c, in.OrganizationID, false, ResOrganization, ActRead); err != nil {
		return TeamList{}, err
	}
	var t Team
	var user sql.Null[string]
	out := TeamList{Teams: []Team{}}
	err := c.DB().All(ctx, sqlb.Select(TeamID.Into(&t.ID), TeamOrganizationID.Into(&t.OrganizationID), TeamName.Into(&t.Name),
		TeamCreatedAt.Into(&t.CreatedAt), sqlb.OrNull(TeamMemberUserID).Into(&user)).From(Teams).
		LeftJoin(TeamMembers, TeamMemberTeamID.EqCol(TeamID)).Where(TeamOrganizationID.Eq(in.OrganizationID)).
		OrderBy(TeamName.Asc(), TeamMemberUserID.Asc()), func() error {
		if n := len(out.Teams); n == 0 || out.Teams[n-1].ID != t.ID {
			cp := t
			cp.Members = []string{}
			out.Teams = append(out.Teams, cp)
		}
		if user.Valid {
			last := &out.Teams[len(out.Teams)-1]
			last.Members = append(last.Members, user.V)
		}
		return nil
	})
	return out, err
}

// teamMembers returns the user IDs of a team's members.
func teamMembers(ctx context.Context, c *auth.Call, teamID string) ([]string, error) {
	var id string
	out := []string{}
	err := c.DB().All(ctx, sqlb.Select(TeamMemberUserID.Into(&id)).From(TeamMembers).Where(TeamMemberTeamID.Eq(teamID)).
		OrderBy(TeamMemberUserID.Asc()), func() error {
		out = append(out, id)
		return nil
	})
	return out, err
}
