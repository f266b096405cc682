package test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/admin"
)

// TestNonAdminsRefused: every admin operation, over HTTP and as a Go
// call, refuses a signed-in user without a permission, before it reads
// the target.
func TestNonAdminsRefused(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		mallory, _ := f.signIn(t, "mallory")
		_, ada := f.signIn(t, "ada")
		for _, op := range f.adm.Operations() {
			info := op.Info()
			if info.ServerOnly() {
				continue // GrantRole: the host's seeding call, which asks no one (TestGrantRole)
			}
			body := map[string]any{"userId": ada}
			if info.Name == admin.OpCreateUser {
				body = map[string]any{"identifiers": []map[string]string{{"kind": "authtest", "value": "new"}}}
			}
			var res *authtest.Response
			if info.Method == http.MethodGet {
				res = mallory.Get("/auth" + info.Path + "?userId=" + url.QueryEscape(ada))
			} else {
				res = mallory.Post("/auth"+info.Path, body)
			}
			wantError(t, info.Name, res, http.StatusForbidden, "permission_denied")
			_, _, err := op.Invoke(goCtx(mallory), func(in any) error {
				if r, ok := in.(*admin.CreateUserRequest); ok {
					r.Identifiers = []admin.Identifier{{Kind: "authtest", Value: "new"}}
					return nil
				}
				return fillUserID(in, ada)
			})
			if !errors.Is(err, admin.ErrPermissionDenied) {
				t.Errorf("Go call %s = %v, want permission_denied", info.Name, err)
			}
		}
		wantError(t, "no session", f.client().Get("/auth/admin/users"), http.StatusUnauthorized, "no_session")
	})
}

// fillUserID sets the UserID field of an admin request.
func fillUserID(in any, id string) error {
	switch r := in.(type) {
	case *admin.UserRequest:
		r.UserID = id
	case *admin.BanRequest:
		r.UserID = id
	case *admin.SetRoleRequest:
		r.UserID = id
	case *admin.ImpersonateRequest:
		r.UserID = id
	case *admin.StopRequest:
		r.UserID = id
	case *admin.ListUsersRequest:
	default:
		return fmt.Errorf("unknown input %T", in)
	}
	return nil
}

// TestSearch: users are found by name and identifier prefix ignoring
// case, and by ID; pages follow the order of IDs, and users created
// between pages never make a page repeat or skip one.
func TestSearch(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		root, rootID := f.admin(t, "root")
		ctx := goCtx(root)
		var before []string
		for i := range 23 {
			_, id := f.signIn(t, fmt.Sprintf("User-%02d", i))
			before = append(before, id)
		}
		var seen []string
		cursor, inserted := "", 0
		for {
			page, err := f.adm.ListUsers(ctx, admin.ListUsersRequest{Cursor: cursor, Limit: 5})
			if err != nil {
				t.Fatal(err)
			}
			for _, u := range page.Users {
				seen = append(seen, u.ID)
			}
			for range 3 { // others sign up meanwhile
				inserted++
				f.signIn(t, fmt.Sprintf("late-%02d", inserted))
			}
			if page.NextCursor == "" {
				break
			}
			cursor = page.NextCursor
		}
		if !slices.IsSorted(seen) || len(slices.Compact(slices.Clone(seen))) != len(seen) {
			t.Errorf("pages %v are not in ID order without repeats", seen)
		}
		for _, id := range append(before, rootID) {
			if !slices.Contains(seen, id) {
				t.Errorf("user %s, there before paging began, was skipped", id)
			}
		}
		for _, tt := range []struct {
			req  admin.ListUsersRequest
			want int
		}{
			{admin.ListUsersRequest{Query: "user-1", By: admin.ByName}, 10},
			{admin.ListUsersRequest{Query: "USER-2"}, 3},
			{admin.ListUsersRequest{Query: "User-0", By: admin.ByIdentifier, Kind: "authtest"}, 10},
			{admin.ListUsersRequest{Query: "user-0", By: admin.ByIdentifier, Kind: "email"}, 0},
			{admin.ListUsersRequest{Query: before[3], By: admin.ByID}, 1},
			{admin.ListUsersRequest{Query: "nobody", By: admin.ByID}, 0},
			{admin.ListUsersRequest{Query: "zzz"}, 0},
		} {
			page, err := f.adm.ListUsers(ctx, tt.req)
			if err != nil || len(page.Users) != tt.want || page.NextCursor != "" {
				t.Errorf("ListUsers(%+v) = %d users, cursor %q, %v; want %d", tt.req, len(page.Users), page.NextCursor, err, tt.want)
			}
		}
		var page admin.UserPage
		mustOK(t, "search over HTTP", root.Get("/auth/admin/users?query=user-1&by=name&limit=4")).Decode(t, &page)
		if len(page.Users) != 4 || page.NextCursor != page.Users[3].ID {
			t.Errorf("GET /admin/users = %d users, cursor %q", len(page.Users), page.NextCursor)
		}
		wantError(t, "a forged cursor", root.Get("/auth/admin/users?cursor=x"), http.StatusBadRequest, "invalid_input")
	})
}

// TestCreateUser: an administrator creates a user whose identifiers are
// verified (the user signs in with them) and gives a role; a taken
// identifier creates nothing.
func TestCreateUser(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		root, _ := f.admin(t, "root")
		ctx := goCtx(root)
		u, err := f.adm.CreateUser(ctx, admin.CreateUserRequest{Name: "Grace", Role: admin.RoleAdmin,
			Identifiers: []admin.Identifier{{Kind: "authtest", Value: "grace"}}})
		if err != nil || admin.RoleOf(u) != admin.RoleAdmin || u.Name != "Grace" {
			t.Fatalf("CreateUser = %+v, %v", u, err)
		}
		d, err := f.adm.GetUser(ctx, u.ID)
		if err != nil || len(d.Identities) != 1 || !d.Identities[0].Verified() {
			t.Fatalf("GetUser = %+v, %v; want one verified identity", d, err)
		}
		_, id := f.signIn(t, "grace")
		if id != u.ID {
			t.Errorf("grace signed in as %s, want the created %s", id, u.ID)
		}
		_, err = f.adm.CreateUser(ctx, admin.CreateUserRequest{Identifiers: []admin.Identifier{{Kind: "authtest", Value: "grace"}}})
		if !errors.Is(err, auth.ErrIdentityTaken) {
			t.Errorf("CreateUser of a taken identifier = %v, want identity_taken", err)
		}
		if _, err := f.adm.CreateUser(context.Background(), admin.CreateUserRequest{Identifiers: []admin.Identifier{{Kind: "authtest", Value: "x"}}}); !errors.Is(err, auth.ErrNoSession) {
			t.Errorf("CreateUser with no session = %v, want no_session", err)
		}
	})
}
