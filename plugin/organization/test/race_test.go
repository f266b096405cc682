package test

import (
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/organization"
)

// concurrently runs fn n times at once and returns the errors.
func concurrently(n int, fn func(i int) error) []error {
	errs := make([]error, n)
	var start, done sync.WaitGroup
	start.Add(1)
	for i := range n {
		done.Add(1)
		go func() {
			defer done.Done()
			start.Wait()
			errs[i] = fn(i)
		}()
	}
	start.Done()
	done.Wait()
	return errs
}

// oneWon checks that exactly one of concurrent calls of an operation
// succeeded, and that every other answered lost.
func oneWon(t *testing.T, op string, errs []error, lost *auth.Error) {
	t.Helper()
	won := 0
	for _, err := range errs {
		switch {
		case err == nil:
			won++
		case !errors.Is(err, lost):
			t.Errorf("a losing %s = %v, want %s", op, err, lost.Code)
		}
	}
	if won != 1 {
		t.Fatalf("%d of %d calls of %s won, want 1", won, len(errs), op)
	}
}

// TestInvitationRace accepts one invitation from 20 concurrent requests
// of the invited user: one membership, and each other request answers
// that the token is spent.
func TestInvitationRace(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		alice, bob := f.person(t, "alice", true), f.person(t, "bob", true)
		o := f.create(t, alice, "acme")
		inv, err := f.org.Invite(alice.ctx(), organization.InviteRequest{OrganizationID: o.ID, Email: bob.Email})
		if err != nil {
			t.Fatal(err)
		}
		errs := concurrently(20, func(int) error {
			_, err := f.org.AcceptInvitation(bob.ctx(), inv.Token)
			return err
		})
		oneWon(t, "AcceptInvitation", errs, auth.ErrTokenInvalid)
		members, err := f.org.Members(alice.ctx(), o.ID)
		if err != nil || len(members) != 2 {
			t.Fatalf("Members = %+v, %v, want 2", members, err)
		}
		if n := len(f.events.Of(organization.EventMemberAdded)); n != 2 {
			t.Fatalf("%d member_added events, want 2", n)
		}
	})
}

// TestOwnersRace has every owner of an organization leave, or demote
// themselves, at once: all but one succeed, and one owner remains.
func TestOwnersRace(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		const n = 8
		for _, how := range []string{"leave", "demote", "remove each other"} {
			t.Run(how, func(t *testing.T) {
				owners := []*person{f.person(t, "founder", true)}
				o := f.create(t, owners[0], fmt.Sprint("race-", f.n.Add(1)))
				for range n - 1 {
					p := f.person(t, "owner", true)
					f.add(t, owners[0], o.ID, p, "owner")
					owners = append(owners, p)
				}
				errs := concurrently(n, func(i int) error {
					switch how {
					case "leave":
						return f.org.Leave(owners[i].ctx(), o.ID)
					case "demote":
						_, err := f.org.UpdateRole(owners[i].ctx(), organization.RoleRequest{OrganizationID: o.ID, UserID: owners[i].ID, Role: "member"})
						return err
					default:
						return f.org.RemoveMember(owners[i].ctx(), organization.MemberRequest{OrganizationID: o.ID, UserID: owners[(i+1)%n].ID})
					}
				})
				refused := 0
				for _, err := range errs {
					switch {
					case err == nil:
					case errors.Is(err, organization.ErrLastOwner), how == "remove each other" &&
						(errors.Is(err, organization.ErrOrganizationNotFound) || errors.Is(err, organization.ErrMemberNotFound)):
						refused++ // the last owner; or, removing, a caller removed already or a target gone
					default:
						t.Errorf("%s = %v", how, err)
					}
				}
				count := 0
				for _, p := range owners {
					for _, r := range f.roles(t, o.ID, p.ID) {
						if r == "owner" {
							count++
						}
					}
				}
				// Leaving or demoting, everyone but the last succeeds; removing
				// in a ring, a removed owner removes no one, so several may
				// remain: never none.
				if count < 1 || refused == 0 || (how != "remove each other" && count != 1) {
					t.Fatalf("%s: %d owners remain, %d refused; want 1 owner (at least 1 removing)", how, count, refused)
				}
			})
		}
	})
}
