package test

import (
	"context"
	"testing"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/organization"
	"github.com/sesame-go/sesame/sqlb"
)

// activeRows counts the rows of the active-organization table.
func activeRows(t *testing.T, db *sqlb.DB) int64 {
	t.Helper()
	var n int64
	if err := db.One(context.Background(), sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(organization.Active)); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestActiveOrganizationEnds checks that a session's active organization
// is one of its user's, is per session, and goes when the membership
// ends (leaving), when the session ends (signing out, ending the other
// sessions) and with the organization.
func TestActiveOrganizationEnds(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		db := e.SQL()
		alice, bob := f.person(t, "alice", true), f.person(t, "bob", true)
		o := f.create(t, alice, "acme")
		f.add(t, alice, o.ID, bob, "member")
		if err := f.org.SetActive(bob.ctx(), o.ID); err != nil {
			t.Fatal(err)
		}
		other := f.create(t, alice, "other")
		wantCode(t, "SetActive of an organization of another's", f.org.SetActive(bob.ctx(), other.ID), organization.ErrOrganizationNotFound)
		if n := activeRows(t, db); n != 1 {
			t.Fatalf("%d active rows, want 1", n)
		}
		wantCode(t, "Leave", f.org.Leave(bob.ctx(), o.ID), nil)
		if n := activeRows(t, db); n != 0 {
			t.Fatalf("%d active rows after Leave, want 0", n)
		}

		if err := f.org.SetActive(alice.ctx(), o.ID); err != nil {
			t.Fatal(err)
		}
		res, err := f.login.SignIn(context.Background(), alice.Name)
		if err != nil {
			t.Fatal(err)
		}
		alice2 := &person{ID: alice.ID, Name: alice.Name, Email: alice.Email, token: res.Token}
		if err := f.org.SetActive(alice2.ctx(), other.ID); err != nil {
			t.Fatal(err)
		}
		if n := activeRows(t, db); n != 2 {
			t.Fatalf("%d active rows, want one per session", n)
		}
		if err := f.a.SignOut(alice2.ctx()); err != nil {
			t.Fatal(err)
		}
		if n := activeRows(t, db); n != 1 {
			t.Fatalf("%d active rows after signing one session out, want 1", n)
		}
		wantCode(t, "SetActive clears", f.org.SetActive(alice.ctx(), ""), nil)
		if n := activeRows(t, db); n != 0 {
			t.Fatalf("%d active rows after clearing, want 0", n)
		}
		if err := f.org.SetActive(alice.ctx(), o.ID); err != nil {
			t.Fatal(err)
		}
		wantCode(t, "Delete", f.org.Delete(alice.ctx(), o.ID), nil)
		if n := activeRows(t, db); n != 0 {
			t.Fatalf("%d active rows after Delete, want 0", n)
		}
	})
}

// TestLimits checks the host's limits under concurrency: 10 concurrent
// creations by a user allowed 3 organizations make 3, and 10 users
// accepting invitations at once into an organization allowed 4 members
// make 4.
func TestLimits(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil, organization.WithLimits(func(context.Context, string) (organization.Limits, error) {
			return organization.Limits{OrganizationsPerUser: 3, MembersPerOrganization: 4}, nil
		}))
		alice := f.person(t, "alice", true)
		errs := concurrently(10, func(i int) error {
			_, err := f.org.Create(alice.ctx(), organization.Fields{Slug: "org-" + string(rune('a'+i)), Name: "x"})
			return err
		})
		ok := 0
		for _, err := range errs {
			switch {
			case err == nil:
				ok++
			default:
				wantCode(t, "a Create past the limit", err, organization.ErrLimitReached)
			}
		}
		list, err := f.org.List(alice.ctx())
		if err != nil || ok != 3 || len(list) != 3 {
			t.Fatalf("%d creations succeeded, %d organizations (%v); want 3", ok, len(list), err)
		}
		o := list[0]
		var people []*person
		var tokens []organization.Invited
		for range 10 {
			p := f.person(t, "joiner", true)
			inv, err := f.org.Invite(alice.ctx(), organization.InviteRequest{OrganizationID: o.ID, Email: p.Email})
			if err != nil {
				t.Fatal(err)
			}
			people, tokens = append(people, p), append(tokens, inv)
		}
		errs = concurrently(10, func(i int) error {
			_, err := f.org.AcceptInvitation(people[i].ctx(), tokens[i].Token)
			return err
		})
		ok = 0
		for _, err := range errs {
			if err == nil {
				ok++
			} else {
				wantCode(t, "an AcceptInvitation past the limit", err, organization.ErrLimitReached)
			}
		}
		members, err := f.org.Members(alice.ctx(), o.ID)
		if err != nil || ok != 3 || len(members) != 4 {
			t.Fatalf("%d accepted, %d members (%v); want 3 and 4", ok, len(members), err)
		}
	})
}
