package test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/access"
)

// TestHostileInputs: overlong names, invalid UTF-8, NUL bytes, the ':'
// that separates a key scope's parts and wildcards are invalid_input for
// every operation, and write nothing; a check in such a scope is no
// permission (even a global role's), of such a user an error.
func TestHostileInputs(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		ctx := context.Background()
		f := newFixture(t, e, nil)
		ada := f.user(t, "ada")
		f.grant(t, ada, "", "owner")
		before := state(t, e.SQL())
		bad := []string{strings.Repeat("r", access.MaxName+1), "bad\xff", "nul\x00", "project:read", "*", "a b", "", "é"}
		for _, v := range bad {
			calls := map[string]func() error{
				"grant role": func() error {
					_, err := f.acc.Grant(ctx, access.GrantRequest{UserID: ada, Role: v})
					return err
				},
				"grant scope": func() error {
					if v == "" {
						return auth.ErrInvalidInput // "" is every scope, a valid one
					}
					_, err := f.acc.Grant(ctx, access.GrantRequest{UserID: ada, Scope: v, Role: "viewer"})
					return err
				},
				"grant user": func() error {
					_, err := f.acc.Grant(ctx, access.GrantRequest{UserID: v, Role: "viewer"})
					return err
				},
				"revoke": func() error {
					_, err := f.acc.Revoke(ctx, access.GrantRequest{UserID: ada, Role: v})
					return err
				},
				"define name": func() error {
					_, err := f.acc.DefineRole(ctx, access.DefineRoleRequest{Scope: "org-1", Name: v,
						Statements: access.Statements{"project": {"read"}}})
					return err
				},
				"define resource": func() error {
					_, err := f.acc.DefineRole(ctx, access.DefineRoleRequest{Scope: "org-1", Name: "r",
						Statements: access.Statements{v: {"read"}}})
					return err
				},
				"define action": func() error {
					_, err := f.acc.DefineRole(ctx, access.DefineRoleRequest{Scope: "org-1", Name: "r",
						Statements: access.Statements{"project": {"read", v}}})
					return err
				},
				"delete": func() error { return f.acc.DeleteRole(ctx, access.RoleRequest{Scope: "org-1", Name: v}) },
			}
			for name, call := range calls {
				if err := call(); !errors.Is(err, auth.ErrInvalidInput) {
					t.Errorf("%s %q = %v, want invalid_input", name, v, err)
				}
			}
			if v != "" {
				if ok, err := f.acc.Can(ctx, access.User(ada).In(v), "project", "read"); err != nil || ok {
					t.Errorf("Can in scope %q = %v, %v, want false, nil: no such scope, no permission", v, ok, err)
				}
			}
			if _, err := f.acc.Can(ctx, access.User(v), "project", "read"); !errors.Is(err, access.ErrNoSubject) {
				t.Errorf("Can of user %q = %v, want ErrNoSubject", v, err)
			}
			if _, err := f.acc.Can(ctx, access.User(ada), v, "read"); err == nil {
				t.Errorf("Can on resource %q = nil error, want one", v)
			}
		}
		if after := state(t, e.SQL()); after != before {
			t.Fatalf("hostile inputs changed the database:\nbefore:\n%s\nafter:\n%s", before, after)
		}
	})
}
