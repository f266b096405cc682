package test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/access"
	"github.com/sesame-go/sesame/sqlb"
)

// state renders every row the plugin's operations touch, so that a failed
// call can be shown to have changed nothing.
func state(t *testing.T, db *sqlb.DB) string {
	t.Helper()
	ctx := context.Background()
	var out []string
	var a, b, c string
	var at time.Time
	var version int64
	if err := db.All(ctx, sqlb.Select(access.GrantUserID.Into(&a), access.GrantScope.Into(&b), access.GrantRole.Into(&c)).
		From(access.Grants).OrderBy(access.GrantUserID.Asc(), access.GrantScope.Asc(), access.GrantRole.Asc()), func() error {
		out = append(out, "grant "+a+" "+b+" "+c)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if err := db.All(ctx, sqlb.Select(access.CustomRoleScope.Into(&a), access.CustomRoleName.Into(&b),
		access.CustomRoleStatements.Into(&c), access.CustomRoleUpdatedAt.Into(&at), access.CustomRoleVersion.Into(&version)).
		From(access.CustomRoles).OrderBy(access.CustomRoleScope.Asc(), access.CustomRoleName.Asc()), func() error {
		out = append(out, fmt.Sprint("role ", a, " ", b, " ", c, " ", at, " ", version))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return strings.Join(out, "\n")
}

// TestFaultsAtEveryStatement runs every operation of the plugin, and the
// check, with a failure at each statement and at the commit: each run
// answers an error and changes nothing.
func TestFaultsAtEveryStatement(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		ctx := context.Background()
		pool, faults := e.Faulty(t)
		f := newFixture(t, e, pool)
		clean := e.SQL()
		n := 0
		var userID, other string
		fresh := func(t *testing.T) {
			n++
			userID = f.user(t, fmt.Sprint("user-", n))
			other = f.user(t, fmt.Sprint("other-", n))
			scope := fmt.Sprint("org-", n)
			if _, err := f.acc.DefineRole(ctx, access.DefineRoleRequest{Scope: scope, Name: "auditor",
				Statements: access.Statements{"billing": {"read"}}}); err != nil {
				t.Fatal(err)
			}
			f.grant(t, userID, scope, "auditor")
			f.grant(t, userID, "", "viewer")
		}
		scope := func() string { return fmt.Sprint("org-", n) }
		ops := []struct {
			name string
			run  func() error
		}{
			{"grant", func() error {
				_, err := f.acc.Grant(ctx, access.GrantRequest{UserID: userID, Scope: scope(), Role: "editor"})
				return err
			}},
			{"grant a custom role", func() error {
				_, err := f.acc.Grant(ctx, access.GrantRequest{UserID: other, Scope: scope(), Role: "auditor"})
				return err
			}},
			{"revoke", func() error {
				_, err := f.acc.Revoke(ctx, access.GrantRequest{UserID: userID, Scope: "", Role: "viewer"})
				return err
			}},
			{"define a new role", func() error {
				_, err := f.acc.DefineRole(ctx, access.DefineRoleRequest{Scope: scope(), Name: "clerk",
					Statements: access.Statements{"project": {"read"}}})
				return err
			}},
			{"redefine a role", func() error {
				_, err := f.acc.DefineRole(ctx, access.DefineRoleRequest{Scope: scope(), Name: "auditor",
					Statements: access.Statements{"project": {"read"}}})
				return err
			}},
			{"delete a role", func() error {
				return f.acc.DeleteRole(ctx, access.RoleRequest{Scope: scope(), Name: "auditor"})
			}},
			{"check", func() error {
				ok, err := f.acc.Can(ctx, access.User(userID).In(scope()), "billing", "read")
				if err == nil && !ok {
					return fmt.Errorf("Can = false, want true")
				}
				return err
			}},
			{"permissions", func() error {
				p, err := f.acc.Permissions(ctx, access.User(userID).In(scope()))
				if err == nil && !p.Allows("billing", "read") {
					return fmt.Errorf("Permissions = %v, want billing:read among them", p)
				}
				return err
			}},
			{"covers a custom role", func() error {
				ok, err := f.acc.Covers(ctx, access.User(userID).In(scope()), "auditor")
				if err == nil && !ok {
					return fmt.Errorf("Covers = false, want true")
				}
				return err
			}},
		}
		t.Run("require permission over HTTP", func(t *testing.T) {
			var c *authtest.Client
			faults.Each(t, func(t *testing.T) {
				n++
				var id string
				c, id = f.signIn(t, fmt.Sprint("client-", n))
				f.grant(t, id, "", "viewer")
			}, func() error {
				res := c.Get("/api/project/read")
				if res.Status == http.StatusOK {
					return nil
				}
				if res.Status != http.StatusInternalServerError || res.ErrorCode() != "internal" {
					t.Fatalf("GET /api/project/read with a fault = %d %s, want 500 internal", res.Status, res.Body)
				}
				return fmt.Errorf("%d", res.Status)
			}, func(*testing.T) {})
		})
		for _, op := range ops {
			t.Run(op.name, func(t *testing.T) {
				var before string
				faults.Each(t, func(t *testing.T) {
					fresh(t)
					before = state(t, clean)
				}, op.run, func(t *testing.T) {
					if after := state(t, clean); after != before {
						t.Fatalf("a failed %s changed the database:\nbefore:\n%s\nafter:\n%s", op.name, before, after)
					}
				})
			})
		}
	})
}
