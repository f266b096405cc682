package test

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/access"
	"github.com/sesame-go/sesame/sqlb"
)

// TestCustomRolesPerScope: a custom role is stored for one scope,
// checked against the vocabulary, grants only in its scope, follows its
// statements when they change, and takes its grants with it when deleted
// (a role defined again under its name starts with none).
func TestCustomRolesPerScope(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		ctx := context.Background()
		f := newFixture(t, e, nil)
		ada := f.user(t, "ada")
		define := func(scope, name string, s access.Statements) (bool, error) {
			return f.acc.DefineRole(ctx, access.DefineRoleRequest{Scope: scope, Name: name, Statements: s})
		}
		if created, err := define("org-1", "auditor", access.Statements{"billing": {"read", "read"}}); err != nil || !created {
			t.Fatalf("DefineRole(auditor) = %v, %v, want true, nil", created, err)
		}
		if got, ok, err := f.acc.CustomRole(ctx, "org-1", "auditor"); err != nil || !ok ||
			!reflect.DeepEqual(got, access.Statements{"billing": {"read"}}) {
			t.Fatalf("CustomRole(org-1, auditor) = %v, %v, %v", got, ok, err)
		}
		if _, err := define("org-1", "ghost", access.Statements{"nothing": {"read"}, "project": {"fly"}}); !errors.Is(err, auth.ErrInvalidInput) {
			t.Errorf("DefineRole with unknown names = %v, want invalid_input", err)
		}
		if _, err := define("org-1", "owner", access.Statements{"project": {"read"}}); !errors.Is(err, access.ErrRoleTaken) {
			t.Errorf("DefineRole(owner) = %v, want role_taken", err)
		}
		if _, err := f.acc.Grant(ctx, access.GrantRequest{UserID: ada, Scope: "org-2", Role: "auditor"}); !errors.Is(err, access.ErrUnknownRole) {
			t.Errorf("Grant of org-1's role in org-2 = %v, want unknown_role", err)
		}
		if _, err := f.acc.Grant(ctx, access.GrantRequest{UserID: ada, Scope: "", Role: "auditor"}); !errors.Is(err, access.ErrUnknownRole) {
			t.Errorf("Grant of org-1's role in every scope = %v, want unknown_role", err)
		}
		f.grant(t, ada, "org-1", "auditor")
		checks := func(what string, org1, org2, global bool) {
			t.Helper()
			if got := f.can(t, access.User(ada).In("org-1"), "billing", "read"); got != org1 {
				t.Errorf("%s: Can in org-1 = %v, want %v", what, got, org1)
			}
			if got := f.can(t, access.User(ada).In("org-2"), "billing", "read"); got != org2 {
				t.Errorf("%s: Can in org-2 = %v, want %v", what, got, org2)
			}
			if got := f.can(t, access.User(ada), "billing", "read"); got != global {
				t.Errorf("%s: Can in every scope = %v, want %v", what, got, global)
			}
		}
		checks("granted in org-1", true, false, false)
		if f.can(t, access.User(ada).In("org-1"), "billing", "manage") {
			t.Error("auditor may manage billing, want only read")
		}
		if created, err := define("org-1", "auditor", access.Statements{"project": {"read"}}); err != nil || created {
			t.Fatalf("DefineRole(auditor) again = %v, %v, want false, nil", created, err)
		}
		checks("statements changed", false, false, false)
		if !f.can(t, access.User(ada).In("org-1"), "project", "read") {
			t.Error("the changed statements do not grant project:read")
		}
		if err := f.acc.DeleteRole(ctx, access.RoleRequest{Scope: "org-1", Name: "auditor"}); err != nil {
			t.Fatal(err)
		}
		if f.can(t, access.User(ada).In("org-1"), "project", "read") {
			t.Error("a deleted role still grants")
		}
		if err := f.acc.DeleteRole(ctx, access.RoleRequest{Scope: "org-1", Name: "auditor"}); !errors.Is(err, access.ErrUnknownRole) {
			t.Errorf("DeleteRole twice = %v, want unknown_role", err)
		}
		if roles, err := f.acc.RolesOf(ctx, ada, "org-1"); err != nil || len(roles) != 0 {
			t.Errorf("RolesOf after the delete = %v, %v, want none", roles, err)
		}
		if _, err := define("org-1", "auditor", access.Statements{"project": {"read"}}); err != nil {
			t.Fatal(err)
		}
		if f.can(t, access.User(ada).In("org-1"), "project", "read") {
			t.Error("a role defined again under a deleted one's name inherited its grants")
		}
	})
}

// TestGrantAndRevoke: a grant is held once, a revocation takes effect at
// the next check, both raise their event once, and a grant to no one is
// refused.
func TestGrantAndRevoke(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		ctx := context.Background()
		f := newFixture(t, e, nil)
		ada := f.user(t, "ada")
		req := access.GrantRequest{UserID: ada, Scope: "org-1", Role: "editor"}
		for i, want := range []bool{true, false} {
			if changed, err := f.acc.Grant(ctx, req); err != nil || changed != want {
				t.Fatalf("Grant #%d = %v, %v, want %v", i+1, changed, err, want)
			}
		}
		if roles, err := f.acc.RolesOf(ctx, ada, "org-1"); err != nil || !reflect.DeepEqual(roles, []string{"editor"}) {
			t.Fatalf("RolesOf = %v, %v, want [editor]", roles, err)
		}
		if !f.can(t, access.User(ada).In("org-1"), "project", "write") {
			t.Fatal("the grant does not allow project:write")
		}
		for i, want := range []bool{true, false} {
			if changed, err := f.acc.Revoke(ctx, req); err != nil || changed != want {
				t.Fatalf("Revoke #%d = %v, %v, want %v", i+1, changed, err, want)
			}
		}
		if f.can(t, access.User(ada).In("org-1"), "project", "write") {
			t.Fatal("a revoked role still grants")
		}
		if n := f.events.count(access.EventRoleGranted); n != 1 {
			t.Errorf("%d %s events, want 1", n, access.EventRoleGranted)
		}
		if n := f.events.count(access.EventRoleRevoked); n != 1 {
			t.Errorf("%d %s events, want 1", n, access.EventRoleRevoked)
		}
		if _, err := f.acc.Grant(ctx, access.GrantRequest{UserID: "01234567-89ab-cdef-0123-456789abcdef", Role: "editor"}); !errors.Is(err, auth.ErrUserNotFound) {
			t.Errorf("Grant to no one = %v, want user_not_found", err)
		}
		if _, err := f.acc.Grant(ctx, access.GrantRequest{UserID: ada, Role: "emperor"}); !errors.Is(err, access.ErrUnknownRole) {
			t.Errorf("Grant of an unknown role = %v, want unknown_role", err)
		}
		if _, err := f.acc.Can(ctx, access.User(ada), "project", "fly"); err == nil {
			t.Error("Can of an unknown action = nil error, want one")
		}
		if _, err := f.acc.Can(ctx, access.Subject{}, "project", "read"); !errors.Is(err, access.ErrNoSubject) {
			t.Errorf("Can of the zero subject = %v, want ErrNoSubject", err)
		}
		if _, err := f.acc.Can(ctx, access.Caller(), "project", "read"); !errors.Is(err, auth.ErrNoSession) {
			t.Errorf("Can(Caller) with no request = %v, want no_session", err)
		}
	})
}

// TestDeletedUserLosesGrants: the grants go with the user (the bug class
// of state surviving user deletion).
func TestDeletedUserLosesGrants(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		ctx := context.Background()
		f := newFixture(t, e, nil)
		ada := f.user(t, "ada")
		f.grant(t, ada, "", "owner")
		if _, err := e.SQL().Exec(ctx, sqlb.Delete(auth.Users).Where(auth.UserID.Eq(ada))); err != nil {
			t.Fatal(err)
		}
		var n int64
		if err := e.DB.QueryRowContext(ctx, "SELECT COUNT(*) FROM auth_access_role").Scan(&n); err != nil || n != 0 {
			t.Fatalf("grants after the user's deletion = %d, %v, want 0", n, err)
		}
	})
}
