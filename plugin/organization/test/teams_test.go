package test

import (
	"slices"
	"testing"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/organization"
)

// TestTeams makes, renames, fills and deletes teams, and checks that
// only members go in a team, that names are unique per organization,
// that a team of another organization is out of reach, and that leaving
// the organization leaves its teams.
func TestTeams(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		alice, bob, mallory := f.person(t, "alice", true), f.person(t, "bob", true), f.person(t, "mallory", true)
		o := f.create(t, alice, "acme")
		theirs := f.create(t, mallory, "theirs")
		f.add(t, alice, o.ID, bob, "member")
		core, err := f.org.CreateTeam(alice.ctx(), o.ID, " Core ")
		if err != nil || core.Name != "Core" {
			t.Fatalf("CreateTeam = %+v, %v", core, err)
		}
		_, err = f.org.CreateTeam(alice.ctx(), o.ID, "Core")
		wantCode(t, "CreateTeam of a taken name", err, organization.ErrTeamNameTaken)
		if _, err := f.org.CreateTeam(mallory.ctx(), theirs.ID, "Core"); err != nil {
			t.Fatalf("CreateTeam of the same name in another organization = %v", err)
		}
		wantCode(t, "AddTeamMember", f.org.AddTeamMember(alice.ctx(), core.ID, bob.ID), nil)
		wantCode(t, "AddTeamMember of a non-member", f.org.AddTeamMember(alice.ctx(), core.ID, mallory.ID), organization.ErrMemberNotFound)
		wantCode(t, "AddTeamMember by another organization's owner", f.org.AddTeamMember(mallory.ctx(), core.ID, mallory.ID),
			organization.ErrTeamNotFound)
		renamed, err := f.org.RenameTeam(alice.ctx(), core.ID, "Platform")
		if err != nil || renamed.Name != "Platform" || !slices.Equal(renamed.Members, []string{bob.ID}) {
			t.Fatalf("RenameTeam = %+v, %v", renamed, err)
		}
		wantCode(t, "Leave", f.org.Leave(bob.ctx(), o.ID), nil)
		teams, err := f.org.Teams(alice.ctx(), o.ID)
		if err != nil || len(teams) != 1 || len(teams[0].Members) != 0 {
			t.Fatalf("Teams after Leave = %+v, %v, want Platform with no member", teams, err)
		}
		wantCode(t, "DeleteTeam", f.org.DeleteTeam(alice.ctx(), core.ID), nil)
		wantCode(t, "DeleteTeam again", f.org.DeleteTeam(alice.ctx(), core.ID), organization.ErrTeamNotFound)
	})
}
