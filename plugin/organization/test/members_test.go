package test

import (
	"slices"
	"testing"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/access"
	"github.com/sesame-go/sesame/plugin/organization"
	"github.com/sesame-go/sesame/sqlb"
)

// TestNeverZeroOwners refuses each way of leaving an organization with
// no owner, and lets the same changes through once another owner exists.
func TestNeverZeroOwners(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		alice, bob := f.person(t, "alice", true), f.person(t, "bob", true)
		o := f.create(t, alice, "solo")
		f.add(t, alice, o.ID, bob, "admin")
		wantCode(t, "Leave by the last owner", f.org.Leave(alice.ctx(), o.ID), organization.ErrLastOwner)
		_, err := f.org.UpdateRole(alice.ctx(), organization.RoleRequest{OrganizationID: o.ID, UserID: alice.ID, Role: "admin"})
		wantCode(t, "UpdateRole demoting the last owner", err, organization.ErrLastOwner)
		// The admin may not remove or demote an owner: they do not hold all
		// an owner holds.
		wantCode(t, "RemoveMember of the owner by an admin",
			f.org.RemoveMember(bob.ctx(), organization.MemberRequest{OrganizationID: o.ID, UserID: alice.ID}), access.ErrPermissionDenied)
		_, err = f.org.UpdateRole(bob.ctx(), organization.RoleRequest{OrganizationID: o.ID, UserID: alice.ID, Role: "member"})
		wantCode(t, "UpdateRole of the owner by an admin", err, access.ErrPermissionDenied)
		_, err = f.org.UpdateRole(bob.ctx(), organization.RoleRequest{OrganizationID: o.ID, UserID: bob.ID, Role: "owner"})
		wantCode(t, "UpdateRole of an admin to owner by themself", err, access.ErrPermissionDenied)
		_, err = f.org.UpdateRole(alice.ctx(), organization.RoleRequest{OrganizationID: o.ID, UserID: bob.ID, Role: "nosuch"})
		wantCode(t, "UpdateRole to no role", err, access.ErrUnknownRole)
		wantCode(t, "TransferOwnership by the admin",
			f.org.TransferOwnership(bob.ctx(), organization.TransferRequest{OrganizationID: o.ID, UserID: bob.ID}), access.ErrPermissionDenied)
		wantCode(t, "TransferOwnership", f.org.TransferOwnership(alice.ctx(),
			organization.TransferRequest{OrganizationID: o.ID, UserID: bob.ID, KeepRole: "admin"}), nil)
		if a, b := f.roles(t, o.ID, alice.ID), f.roles(t, o.ID, bob.ID); !slices.Equal(a, []string{"admin"}) || !slices.Equal(b, []string{"owner"}) {
			t.Fatalf("after TransferOwnership: alice %v, bob %v; want [admin], [owner]", a, b)
		}
		wantCode(t, "Leave by the former owner", f.org.Leave(alice.ctx(), o.ID), nil)
		wantCode(t, "Leave by the new last owner", f.org.Leave(bob.ctx(), o.ID), organization.ErrLastOwner)
		_, err = f.org.Get(alice.ctx(), o.ID)
		wantCode(t, "Get after Leave", err, organization.ErrOrganizationNotFound)
		if r := f.roles(t, o.ID, alice.ID); len(r) != 0 {
			t.Fatalf("roles after Leave = %v, want none", r)
		}
		wantCode(t, "RemoveMember of a non-member",
			f.org.RemoveMember(bob.ctx(), organization.MemberRequest{OrganizationID: o.ID, UserID: alice.ID}), organization.ErrMemberNotFound)
	})
}

// TestOwnerDeleted: deleting a user (Call.DeleteUser) never leaves an
// organization without an owner: where the user was the last owner, the
// first member who may change roles becomes owner (not an earlier plain
// member); where another owner remains, nothing changes; an organization
// the user was alone in goes with them.
func TestOwnerDeleted(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		alice, bob, carol, dave := f.person(t, "alice", true), f.person(t, "bob", true), f.person(t, "carol", true), f.person(t, "dave", true)
		shared := f.create(t, alice, "shared")
		f.add(t, alice, shared.ID, carol, "member") // joined first, may not change roles
		f.add(t, alice, shared.ID, bob, "admin")
		lonely := f.create(t, alice, "lonely")
		pair := f.create(t, dave, "pair")
		f.add(t, dave, pair.ID, alice, "owner")
		if _, err := f.delete.Run(t.Context(), deleteRequest{UserID: alice.ID}); err != nil {
			t.Fatal(err)
		}
		if got := f.roles(t, shared.ID, bob.ID); !slices.Contains(got, "owner") {
			t.Errorf("bob's roles in shared after the owner's deletion = %v, want owner among them", got)
		}
		if got := f.roles(t, shared.ID, carol.ID); !slices.Equal(got, []string{"member"}) {
			t.Errorf("carol's roles = %v, want member alone", got)
		}
		members, err := f.org.Members(bob.ctx(), shared.ID)
		if err != nil || len(members) != 2 {
			t.Fatalf("Members of shared = %+v, %v, want bob and carol", members, err)
		}
		var left int64
		if err := e.SQL().One(t.Context(), sqlb.Select(sqlb.Into(sqlb.Count(), &left)).From(organization.Organizations).
			Where(organization.OrganizationID.Eq(lonely.ID))); err != nil || left != 0 {
			t.Errorf("the organization alice was alone in: %d rows, %v; want it deleted", left, err)
		}
		if err := e.SQL().One(t.Context(), sqlb.Select(sqlb.Into(sqlb.Count(), &left)).From(access.Grants).
			Where(access.GrantScope.Eq(lonely.ID))); err != nil || left != 0 {
			t.Errorf("grants left in the deleted organization = %d, %v; want 0", left, err)
		}
		if got := f.roles(t, pair.ID, dave.ID); !slices.Equal(got, []string{"owner"}) {
			t.Errorf("dave's roles in pair = %v, want owner, unchanged", got)
		}
		wantCode(t, "Leave by bob, now the last owner", f.org.Leave(bob.ctx(), shared.ID), organization.ErrLastOwner)
	})
}
