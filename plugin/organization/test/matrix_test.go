package test

import (
	"context"
	"fmt"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/access"
	"github.com/sesame-go/sesame/plugin/organization"
)

// scene is an organization with an owner, a plain member (the target of
// the operations on members), a pending invitation, a team holding the
// target, and the caller: a
// member of it with a role, a member (owner) of another organization
// only, or a member of none.
type scene struct {
	org, elsewhere organization.Organization
	owner, target  *person
	caller         *person
	invitation     string
	team           string
	// domain is a domain of org, not verified, for which code was mailed
	// to postmaster@ of it.
	domain organization.Domain
	code   auth.Secret
}

// callers are the kinds of caller of the matrix: a role in the
// organization, or "another" (owner of another organization) or "none".
var callers = []string{"owner", "admin", "member", "viewer", "another", "none"}

func (f *fixture) scene(t *testing.T, caller string) *scene {
	t.Helper()
	s := &scene{owner: f.person(t, "owner", true), target: f.person(t, "target", true), caller: f.person(t, caller, true)}
	s.org = f.create(t, s.owner, fmt.Sprint("org-", f.n.Add(1)))
	f.add(t, s.owner, s.org.ID, s.target, "member")
	switch caller {
	case "another":
		s.elsewhere = f.create(t, s.caller, fmt.Sprint("other-", f.n.Add(1)))
	case "none":
	default:
		f.add(t, s.owner, s.org.ID, s.caller, caller)
	}
	inv, err := f.org.Invite(s.owner.ctx(), organization.InviteRequest{OrganizationID: s.org.ID, Email: "guest@example.com"})
	if err != nil {
		t.Fatal(err)
	}
	s.invitation = inv.ID
	team, err := f.org.CreateTeam(s.owner.ctx(), s.org.ID, "core")
	if err != nil {
		t.Fatal(err)
	}
	if err := f.org.AddTeamMember(s.owner.ctx(), team.ID, s.target.ID); err != nil {
		t.Fatal(err)
	}
	s.team = team.ID
	s.domain, err = f.org.AddDomain(s.owner.ctx(), organization.DomainRequest{OrganizationID: s.org.ID,
		Domain: fmt.Sprint("s", f.n.Add(1), ".example"), Policy: organization.PolicySuggest})
	if err != nil {
		t.Fatal(err)
	}
	s.code = f.mailDomainCode(t, s.owner, s.domain)
	return s
}

// operations are every operation on an existing organization, each run
// by the scene's caller.
var operations = []struct {
	name string
	run  func(f *fixture, s *scene) error
}{
	{"get", func(f *fixture, s *scene) error { _, err := f.org.Get(s.caller.ctx(), s.org.ID); return err }},
	{"members", func(f *fixture, s *scene) error { _, err := f.org.Members(s.caller.ctx(), s.org.ID); return err }},
	{"update", func(f *fixture, s *scene) error {
		_, err := f.org.Update(s.caller.ctx(), organization.UpdateRequest{OrganizationID: s.org.ID,
			Fields: organization.Fields{Slug: s.org.Slug, Name: "Renamed"}})
		return err
	}},
	{"delete", func(f *fixture, s *scene) error { return f.org.Delete(s.caller.ctx(), s.org.ID) }},
	{"remove member", func(f *fixture, s *scene) error {
		return f.org.RemoveMember(s.caller.ctx(), organization.MemberRequest{OrganizationID: s.org.ID, UserID: s.target.ID})
	}},
	{"update role", func(f *fixture, s *scene) error {
		_, err := f.org.UpdateRole(s.caller.ctx(), organization.RoleRequest{OrganizationID: s.org.ID, UserID: s.target.ID, Role: "viewer"})
		return err
	}},
	{"transfer ownership", func(f *fixture, s *scene) error {
		return f.org.TransferOwnership(s.caller.ctx(), organization.TransferRequest{OrganizationID: s.org.ID, UserID: s.target.ID})
	}},
	{"invite", func(f *fixture, s *scene) error {
		_, err := f.org.Invite(s.caller.ctx(), organization.InviteRequest{OrganizationID: s.org.ID, Email: "new@example.com"})
		return err
	}},
	{"list invitations", func(f *fixture, s *scene) error { _, err := f.org.Invitations(s.caller.ctx(), s.org.ID); return err }},
	{"cancel invitation", func(f *fixture, s *scene) error { return f.org.CancelInvitation(s.caller.ctx(), s.invitation) }},
	{"leave", func(f *fixture, s *scene) error { return f.org.Leave(s.caller.ctx(), s.org.ID) }},
	{"set active", func(f *fixture, s *scene) error { return f.org.SetActive(s.caller.ctx(), s.org.ID) }},
	{"create team", func(f *fixture, s *scene) error {
		_, err := f.org.CreateTeam(s.caller.ctx(), s.org.ID, "new")
		return err
	}},
	{"rename team", func(f *fixture, s *scene) error {
		_, err := f.org.RenameTeam(s.caller.ctx(), s.team, "renamed")
		return err
	}},
	{"delete team", func(f *fixture, s *scene) error { return f.org.DeleteTeam(s.caller.ctx(), s.team) }},
	{"add team member", func(f *fixture, s *scene) error { return f.org.AddTeamMember(s.caller.ctx(), s.team, s.owner.ID) }},
	{"remove team member", func(f *fixture, s *scene) error { return f.org.RemoveTeamMember(s.caller.ctx(), s.team, s.target.ID) }},
	{"teams", func(f *fixture, s *scene) error { _, err := f.org.Teams(s.caller.ctx(), s.org.ID); return err }},
	{"add domain", func(f *fixture, s *scene) error {
		_, err := f.org.AddDomain(s.caller.ctx(), organization.DomainRequest{OrganizationID: s.org.ID, Domain: "x.example", Policy: organization.PolicySuggest})
		return err
	}},
	{"domains", func(f *fixture, s *scene) error { _, err := f.org.Domains(s.caller.ctx(), s.org.ID); return err }},
	{"mail domain code", func(f *fixture, s *scene) error {
		_, err := f.org.MailDomainCode(s.caller.ctx(), organization.MailDomainRequest{DomainID: s.domain.ID, Email: "admin@" + s.domain.Domain})
		return err
	}},
	{"confirm domain code", func(f *fixture, s *scene) error {
		_, err := f.org.ConfirmDomainCode(s.caller.ctx(), organization.DomainCodeRequest{DomainID: s.domain.ID, Code: s.code})
		return err
	}},
}

// TestPermissionMatrix runs every operation by every kind of caller and
// checks the answer against the table: allowed (nil), refused for want of
// permission, or answered as for no such organization (or invitation),
// so that an outsider learns nothing.
func TestPermissionMatrix(t *testing.T) {
	deny, hidden := access.ErrPermissionDenied, organization.ErrOrganizationNotFound
	gone, noTeam, noDomain := organization.ErrInvitationNotFound, organization.ErrTeamNotFound, organization.ErrDomainNotFound
	//                        owner admin member viewer another none
	want := map[string][]*auth.Error{
		"get":                {nil, nil, nil, deny, hidden, hidden},
		"members":            {nil, nil, nil, deny, hidden, hidden},
		"update":             {nil, nil, deny, deny, hidden, hidden},
		"delete":             {nil, deny, deny, deny, hidden, hidden},
		"remove member":      {nil, nil, deny, deny, hidden, hidden},
		"update role":        {nil, nil, deny, deny, hidden, hidden},
		"transfer ownership": {nil, deny, deny, deny, hidden, hidden},
		"invite":             {nil, nil, deny, deny, hidden, hidden},
		"list invitations":   {nil, nil, deny, deny, hidden, hidden},
		"cancel invitation":  {nil, nil, deny, deny, gone, gone},
		"leave":              {nil, nil, nil, nil, hidden, hidden},
		"set active":         {nil, nil, nil, deny, hidden, hidden},
		"create team":        {nil, nil, deny, deny, hidden, hidden},
		"rename team":        {nil, nil, deny, deny, noTeam, noTeam},
		"delete team":        {nil, nil, deny, deny, noTeam, noTeam},
		"add team member":    {nil, nil, deny, deny, noTeam, noTeam},
		"remove team member": {nil, nil, deny, deny, noTeam, noTeam},
		"teams":              {nil, nil, nil, deny, hidden, hidden},
		"add domain":         {nil, nil, deny, deny, hidden, hidden},
		"domains":            {nil, nil, deny, deny, hidden, hidden},
		// The same permission as adding a domain; an outsider learns
		// nothing of the domain.
		"mail domain code":    {nil, nil, deny, deny, noDomain, noDomain},
		"confirm domain code": {nil, nil, deny, deny, noDomain, noDomain},
	}
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		t.Parallel() // the engines at once: this test is long, and waits on the databases
		f := newFixture(t, e, nil)
		for _, op := range operations {
			for i, caller := range callers {
				t.Run(op.name+"/"+caller, func(t *testing.T) {
					s := f.scene(t, caller)
					before := f.state(t, s)
					err := op.run(f, s)
					wantCode(t, fmt.Sprintf("%s by %s", op.name, caller), err, want[op.name][i])
					if err != nil {
						if after := f.state(t, s); after != before {
							t.Fatalf("a refused %s changed the organization:\nbefore: %s\nafter:  %s", op.name, before, after)
						}
					}
				})
			}
		}
	})
}

// state renders what the operations may change of a scene's organization.
func (f *fixture) state(t *testing.T, s *scene) string {
	t.Helper()
	ctx := context.Background()
	members, err := f.org.Members(s.owner.ctx(), s.org.ID)
	if err != nil {
		return "gone: " + err.Error()
	}
	o, err := f.org.Get(s.owner.ctx(), s.org.ID)
	if err != nil {
		t.Fatal(err)
	}
	invs, err := f.org.Invitations(s.owner.ctx(), s.org.ID)
	if err != nil {
		t.Fatal(err)
	}
	_ = ctx
	teams, err := f.org.Teams(s.owner.ctx(), s.org.ID)
	if err != nil {
		t.Fatal(err)
	}
	domains, err := f.org.Domains(s.owner.ctx(), s.org.ID)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%s %s %v %d %v %v", o.Slug, o.Name, members, len(invs), teams, domains)
}
