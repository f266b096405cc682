package test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/access"
)

const racers = 20

// TestConcurrentGrants: 20 concurrent grants of one role store one row,
// and exactly one of them reports a change (and raises the event).
func TestConcurrentGrants(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		ctx := context.Background()
		f := newFixture(t, e, nil)
		ada := f.user(t, "ada")
		var wg sync.WaitGroup
		changed := make(chan bool, racers)
		errs := make(chan error, racers)
		for range racers {
			wg.Go(func() {
				ok, err := f.acc.Grant(ctx, access.GrantRequest{UserID: ada, Scope: "org-1", Role: "editor"})
				changed <- ok
				errs <- err
			})
		}
		wg.Wait()
		close(changed)
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatalf("a concurrent Grant = %v", err)
			}
		}
		wins := 0
		for ok := range changed {
			if ok {
				wins++
			}
		}
		var n int64
		if err := e.DB.QueryRowContext(ctx, "SELECT COUNT(*) FROM auth_access_role").Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 1 || wins != 1 || f.events.count(access.EventRoleGranted) != 1 {
			t.Fatalf("%d concurrent grants: %d rows, %d reported a change, %d events; want 1 each",
				racers, n, wins, f.events.count(access.EventRoleGranted))
		}
	})
}

// TestGrantRacesRoleDeletion: a grant of a custom role raced with the
// role's deletion never leaves a grant of a role that is gone, which a
// role defined again under the name would inherit.
func TestGrantRacesRoleDeletion(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		ctx := context.Background()
		f := newFixture(t, e, nil)
		ada := f.user(t, "ada")
		for i := range racers {
			scope := fmt.Sprint("org-", i)
			if _, err := f.acc.DefineRole(ctx, access.DefineRoleRequest{Scope: scope, Name: "auditor",
				Statements: access.Statements{"billing": {"read"}}}); err != nil {
				t.Fatal(err)
			}
			var wg sync.WaitGroup
			var grantErr, deleteErr error
			wg.Go(func() {
				_, grantErr = f.acc.Grant(ctx, access.GrantRequest{UserID: ada, Scope: scope, Role: "auditor"})
			})
			wg.Go(func() { deleteErr = f.acc.DeleteRole(ctx, access.RoleRequest{Scope: scope, Name: "auditor"}) })
			wg.Wait()
			if deleteErr != nil || (grantErr != nil && !errors.Is(grantErr, access.ErrUnknownRole)) {
				t.Fatalf("round %d: Grant = %v, DeleteRole = %v", i, grantErr, deleteErr)
			}
			if _, err := f.acc.DefineRole(ctx, access.DefineRoleRequest{Scope: scope, Name: "auditor",
				Statements: access.Statements{"billing": {"read"}}}); err != nil {
				t.Fatal(err)
			}
			if f.can(t, access.User(ada).In(scope), "billing", "read") {
				t.Fatalf("round %d: the grant outlived its role into the one defined again", i)
			}
		}
	})
}

// TestConcurrentDefinitions: 20 concurrent definitions of one new custom
// role store one role, and exactly one reports it new.
func TestConcurrentDefinitions(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		ctx := context.Background()
		f := newFixture(t, e, nil)
		var wg sync.WaitGroup
		created := make(chan bool, racers)
		for range racers {
			wg.Go(func() {
				ok, err := f.acc.DefineRole(ctx, access.DefineRoleRequest{Scope: "org-1", Name: "clerk",
					Statements: access.Statements{"project": {"read"}}})
				if err != nil {
					t.Errorf("a concurrent DefineRole = %v", err)
				}
				created <- ok
			})
		}
		wg.Wait()
		close(created)
		wins := 0
		for ok := range created {
			if ok {
				wins++
			}
		}
		var n int64
		if err := e.DB.QueryRowContext(ctx, "SELECT COUNT(*) FROM auth_access_custom_role").Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 1 || wins != 1 {
			t.Fatalf("%d concurrent definitions: %d rows, %d reported new; want 1 each", racers, n, wins)
		}
	})
}
