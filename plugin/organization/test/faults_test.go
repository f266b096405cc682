package test

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/access"
	"github.com/sesame-go/sesame/plugin/organization"
	"github.com/sesame-go/sesame/sqlb"
)

// dump renders every row the plugin's operations write (theirs, the
// access grants and custom roles, the core's tokens), so that a failed
// call can be shown to have changed nothing.
func dump(t *testing.T, db *sqlb.DB) string {
	t.Helper()
	ctx := context.Background()
	var out []string
	var a, b, c, d string
	var at time.Time
	var when sql.Null[time.Time]
	var n int64
	q := func(s *sqlb.SelectStmt, row func() string) {
		t.Helper()
		if err := db.All(ctx, s, func() error { out = append(out, row()); return nil }); err != nil {
			t.Fatal(err)
		}
	}
	q(sqlb.Select(organization.OrganizationID.Into(&a), organization.OrganizationSlug.Into(&b), organization.OrganizationName.Into(&c),
		organization.OrganizationMetadata.Into(&d), organization.OrganizationUpdatedAt.Into(&at)).From(organization.Organizations).
		OrderBy(organization.OrganizationID.Asc()), func() string { return fmt.Sprint("org ", a, b, c, d, at) })
	q(sqlb.Select(organization.MemberOrganizationID.Into(&a), organization.MemberUserID.Into(&b)).From(organization.Members).
		OrderBy(organization.MemberOrganizationID.Asc(), organization.MemberUserID.Asc()), func() string { return "member " + a + " " + b })
	q(sqlb.Select(organization.InvitationID.Into(&a), organization.InvitationStatus.Into(&b), organization.InvitationRole.Into(&c),
		organization.InvitationAnsweredAt.Into(&when)).From(organization.Invitations).OrderBy(organization.InvitationID.Asc()),
		func() string { return fmt.Sprint("invitation ", a, b, c, when) })
	q(sqlb.Select(organization.ActiveSessionID.Into(&a), organization.ActiveOrganizationID.Into(&b)).From(organization.Active).
		OrderBy(organization.ActiveSessionID.Asc()), func() string { return "active " + a + " " + b })
	q(sqlb.Select(organization.TeamID.Into(&a), organization.TeamName.Into(&b)).From(organization.Teams).
		OrderBy(organization.TeamID.Asc()), func() string { return "team " + a + " " + b })
	q(sqlb.Select(organization.TeamMemberTeamID.Into(&a), organization.TeamMemberUserID.Into(&b)).From(organization.TeamMembers).
		OrderBy(organization.TeamMemberTeamID.Asc(), organization.TeamMemberUserID.Asc()), func() string { return "in team " + a + " " + b })
	q(sqlb.Select(organization.DomainID.Into(&a), organization.DomainName.Into(&b), organization.DomainVerifiedAt.Into(&when)).
		From(organization.Domains).OrderBy(organization.DomainID.Asc()), func() string { return fmt.Sprint("domain ", a, b, when) })
	q(sqlb.Select(access.GrantUserID.Into(&a), access.GrantScope.Into(&b), access.GrantRole.Into(&c)).From(access.Grants).
		OrderBy(access.GrantUserID.Asc(), access.GrantScope.Asc(), access.GrantRole.Asc()), func() string { return "grant " + a + " " + b + " " + c })
	q(sqlb.Select(access.CustomRoleScope.Into(&a), access.CustomRoleName.Into(&b)).From(access.CustomRoles).
		OrderBy(access.CustomRoleScope.Asc(), access.CustomRoleName.Asc()), func() string { return "role " + a + " " + b })
	q(sqlb.Select(auth.TokenID.Into(&a), auth.TokenSubject.Into(&b), auth.TokenConsumedAt.Into(&when), auth.TokenAttempts.Into(&n)).From(auth.Tokens).
		Where(auth.TokenPurpose.In(organization.TokenPurpose, organization.DomainCodePurpose)).OrderBy(auth.TokenID.Asc()),
		func() string { return fmt.Sprint("token ", a, b, when, n) })
	return strings.Join(out, "\n")
}

// TestFaultsAtEveryStatement runs every operation with a failure at
// each of its statements and at its commit: each run answers an error
// and changes nothing.
func TestFaultsAtEveryStatement(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		t.Parallel() // the engines at once: this test is long, and waits on the databases
		pool, faults := e.Faulty(t)
		f := newFixture(t, e, pool)
		clean := e.SQL()
		var s *scene
		var invitee *person
		var inv organization.Invited
		var pending, open organization.Domain
		var joiner *person
		ops := append([]struct {
			name string
			run  func(f *fixture, s *scene) error
		}{
			{"create", func(f *fixture, s *scene) error {
				_, err := f.org.Create(s.caller.ctx(), organization.Fields{Slug: fmt.Sprint("new-", f.n.Add(1)), Name: "New"})
				return err
			}},
			{"list", func(f *fixture, s *scene) error { _, err := f.org.List(s.caller.ctx()); return err }},
			{"accept invitation", func(f *fixture, s *scene) error {
				_, err := f.org.AcceptInvitation(invitee.ctx(), inv.Token)
				return err
			}},
			{"reject invitation", func(f *fixture, s *scene) error { return f.org.RejectInvitation(invitee.ctx(), inv.ID) }},
			{"my invitations", func(f *fixture, s *scene) error { _, err := f.org.MyInvitations(invitee.ctx()); return err }},
			{"add domain", func(f *fixture, s *scene) error {
				_, err := f.org.AddDomain(s.caller.ctx(), organization.DomainRequest{OrganizationID: s.org.ID,
					Domain: fmt.Sprint("new", f.n.Add(1), ".example"), Policy: organization.PolicyInvite})
				return err
			}},
			{"verify domain", func(f *fixture, s *scene) error { _, err := f.org.VerifyDomain(s.caller.ctx(), pending.ID); return err }},
			{"remove domain", func(f *fixture, s *scene) error { return f.org.RemoveDomain(s.caller.ctx(), pending.ID) }},
			{"domains", func(f *fixture, s *scene) error { _, err := f.org.Domains(s.caller.ctx(), s.org.ID); return err }},
			{"suggested", func(f *fixture, s *scene) error { _, err := f.org.Suggested(joiner.ctx()); return err }},
			{"join", func(f *fixture, s *scene) error { _, err := f.org.Join(joiner.ctx(), s.org.ID); return err }},
			{"auto-join on creating a verified user", func(f *fixture, s *scene) error {
				_, err := f.a.CreateUser(context.Background(), auth.NewUser{Name: "auto", Identities: []auth.NewIdentity{
					{Kind: "email", Value: fmt.Sprint("auto", f.n.Add(1), "@", open.Domain), Verified: true}}})
				return err
			}},
		}, operations...)
		byDomain := map[string]bool{"verify domain": true, "remove domain": true, "suggested": true, "join": true,
			"auto-join on creating a verified user": true}
		for _, op := range ops {
			t.Run(op.name, func(t *testing.T) {
				var before string
				faults.Each(t, func(t *testing.T) {
					s = f.scene(t, "owner")
					invitee = f.person(t, "invitee", true)
					var err error
					inv, err = f.org.Invite(s.owner.ctx(), organization.InviteRequest{OrganizationID: s.org.ID, Email: invitee.Email})
					if err != nil {
						t.Fatal(err)
					}
					domain := func(policy string, verify bool) organization.Domain {
						d, err := f.org.AddDomain(s.owner.ctx(), organization.DomainRequest{OrganizationID: s.org.ID,
							Domain: fmt.Sprint("d", f.n.Add(1), ".example"), Policy: policy})
						if err != nil {
							t.Fatal(err)
						}
						f.dns.publish(d.TXTName, d.TXTValue)
						if verify {
							if d, err = f.org.VerifyDomain(s.owner.ctx(), d.ID); err != nil {
								t.Fatal(err)
							}
						}
						return d
					}
					if byDomain[op.name] { // only these need domains: the setup runs once per statement
						pending, open = domain(organization.PolicyInvite, false), domain(organization.PolicyAutoJoin, true)
						joiner = f.personAt(t, fmt.Sprint("joiner-", f.n.Add(1)), fmt.Sprint("j", f.n.Add(1), "@", open.Domain), true)
						if err := f.org.Leave(joiner.ctx(), s.org.ID); err != nil { // auto-joined: leave, to join again
							t.Fatal(err)
						}
					}
					before = dump(t, clean)
				}, func() error { return op.run(f, s) }, func(t *testing.T) {
					if after := dump(t, clean); after != before {
						t.Fatalf("a failed %s changed the database:\nbefore:\n%s\nafter:\n%s", op.name, before, after)
					}
				})
			})
		}
	})
}
