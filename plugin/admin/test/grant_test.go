package test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/admin"
	"github.com/sesame-go/sesame/sqlb"
)

// TestGrantRole seeds an administrator as a host's command does: by a
// verified identifier, with no session, and seen at once by the person's
// session; an identifier that is not verified, even the one a person
// signs in with before verifying it, names nobody to give a role to.
func TestGrantRole(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		ctx := context.Background()
		ada, adaID := f.signIn(t, "ada")
		wantError(t, "list users before the grant", ada.Get("/auth/admin/users"), http.StatusForbidden, "permission_denied")

		u, err := f.adm.GrantRole(ctx, admin.GrantRoleRequest{Kind: "authtest", Identifier: "ada", Role: admin.RoleAdmin})
		if err != nil || u.ID != adaID || admin.RoleOf(u) != admin.RoleAdmin {
			t.Fatalf("GrantRole = %+v, %v; want ada as admin", u, err)
		}
		mustOK(t, "list users after the grant, same session", ada.Get("/auth/admin/users"))

		_, eveID := f.signIn(t, "eve")
		if _, err := e.SQL().Exec(ctx, sqlb.Update(auth.Identities).
			Set(auth.IdentityVerifiedAt.Set(sql.Null[time.Time]{}), auth.IdentitySignUp.Set(true)).
			Where(auth.IdentityUserID.Eq(eveID))); err != nil {
			t.Fatal(err)
		}
		if _, err := f.adm.GrantRole(ctx, admin.GrantRoleRequest{Kind: "authtest", Identifier: "eve", Role: admin.RoleAdmin}); !errors.Is(err, auth.ErrIdentityNotFound) {
			t.Errorf("GrantRole by an unverified sign-up identifier = %v, want identity_not_found", err)
		}
		if _, err := f.adm.GrantRole(ctx, admin.GrantRoleRequest{Kind: "authtest", Identifier: "nobody", Role: admin.RoleAdmin}); !errors.Is(err, auth.ErrIdentityNotFound) {
			t.Errorf("GrantRole of an unknown identifier = %v, want identity_not_found", err)
		}
		if _, err := f.adm.GrantRole(ctx, admin.GrantRoleRequest{Kind: "authtest", Identifier: "ada", Role: "owner"}); !errors.Is(err, admin.ErrUnknownRole) {
			t.Errorf("GrantRole of an unknown role = %v, want unknown_role", err)
		}
		for _, in := range []admin.GrantRoleRequest{{Kind: "fax", Identifier: "ada"}, {Kind: "authtest"}, {Identifier: "ada"}} {
			if _, err := f.adm.GrantRole(ctx, in); !errors.Is(err, auth.ErrInvalidInput) {
				t.Errorf("GrantRole(%+v) = %v, want invalid_input", in, err)
			}
		}

		if u, err := f.adm.GrantRole(ctx, admin.GrantRoleRequest{Kind: "authtest", Identifier: "ada"}); err != nil || admin.RoleOf(u) != "" {
			t.Fatalf("GrantRole of no role = %+v, %v; want the role taken away", u, err)
		}
		wantError(t, "list users after the role is taken away", ada.Get("/auth/admin/users"), http.StatusForbidden, "permission_denied")
		if got := f.events.Of(admin.EventAdminAction); len(got) != 2 || got[0].Detail != "target="+adaID {
			t.Errorf("admin events = %+v, want one per grant about ada", got)
		}
	})
}

// TestGrantRoleFaults fails each statement of GrantRole and its commit:
// each run fails and leaves the role as it was.
func TestGrantRoleFaults(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		adm, login := admin.New(), authtest.NewLogin()
		a, err := auth.New(auth.WithDB(pool, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
			auth.WithPlugins(login, adm), auth.WithoutRateLimits())
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		if err := a.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		n := 0
		var name, before string
		faults.Each(t, func(t *testing.T) {
			n++
			name = fmt.Sprint("person-", n)
			if _, err := login.SignIn(ctx, name); err != nil {
				t.Fatal(err)
			}
			before = state(t, e.SQL())
		}, func() error {
			_, err := adm.GrantRole(ctx, admin.GrantRoleRequest{Kind: "authtest", Identifier: name, Role: admin.RoleAdmin})
			if err != nil && !errors.Is(err, auth.ErrInternal) {
				t.Fatalf("GrantRole with a fault = %v, want internal", err)
			}
			return err
		}, func(t *testing.T) {
			if after := state(t, e.SQL()); after != before {
				t.Fatalf("a failed GrantRole changed the database:\nbefore:\n%s\nafter:\n%s", before, after)
			}
		})
	})
}
