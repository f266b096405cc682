package test

import (
	"context"
	"errors"
	"net/http"
	"reflect"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/access"
)

// TestPermissionsAndCovers: Permissions merges a user's roles of a scope
// and of every scope; Covers tells whether they hold all of a role, so
// that no one grants more than they hold.
func TestPermissionsAndCovers(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		ctx := context.Background()
		f := newFixture(t, e, nil)
		ada := f.user(t, "ada")
		f.grant(t, ada, "", "viewer")
		f.grant(t, ada, "org-1", "accountant")
		if _, err := f.acc.DefineRole(ctx, access.DefineRoleRequest{Scope: "org-1", Name: "writer",
			Statements: access.Statements{"project": {"write"}}}); err != nil {
			t.Fatal(err)
		}
		f.grant(t, ada, "org-1", "writer")
		perms := []struct {
			subject access.Subject
			want    access.Statements
		}{
			{access.User(ada), access.Statements{"project": {"read"}}},
			{access.User(ada).In("org-1"), access.Statements{"project": {"read", "write"}, "billing": {"read"}}},
			{access.User(ada).In("org-2"), access.Statements{"project": {"read"}}},
			{access.User(ada).In("bad\xff"), access.Statements{}},
		}
		for _, tt := range perms {
			got, err := f.acc.Permissions(ctx, tt.subject)
			if err != nil || !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Permissions(%+v) = %v, %v, want %v", tt.subject, got, err, tt.want)
			}
		}
		covers := []struct {
			subject access.Subject
			role    string
			want    bool
			err     error
		}{
			{access.User(ada), "viewer", true, nil},
			{access.User(ada), "editor", false, nil},
			{access.User(ada).In("org-1"), "editor", true, nil},
			{access.User(ada).In("org-1"), "writer", true, nil},
			{access.User(ada).In("org-1"), "owner", false, nil},
			{access.User(ada), "writer", false, access.ErrUnknownRole},
			{access.User(ada).In("org-1"), "bad\xff", false, access.ErrUnknownRole},
		}
		for _, tt := range covers {
			got, err := f.acc.Covers(ctx, tt.subject, tt.role)
			if got != tt.want || !errors.Is(err, tt.err) {
				t.Errorf("Covers(%+v, %q) = %v, %v, want %v, %v", tt.subject, tt.role, got, err, tt.want, tt.err)
			}
		}
		if roles, err := f.acc.RolesOf(ctx, ada, "bad\xff"); err != nil || roles != nil {
			t.Errorf("RolesOf in a hostile scope = %v, %v, want none", roles, err)
		}
		if st, ok, err := f.acc.CustomRole(ctx, "org-1", "bad\xff"); err != nil || ok || st != nil {
			t.Errorf("CustomRole of a hostile name = %v, %v, %v, want none", st, ok, err)
		}
	})
}

// TestPermissionsOfAKey: the permissions of a caller presenting a key
// are those of its owner that the key's scopes name.
func TestPermissionsOfAKey(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		ada := f.user(t, "ada")
		f.grant(t, ada, "", "owner")
		key := f.key(t, ada, access.KeyScope("project", "read"), access.KeyScope("billing", "read"), access.KeyScope("admin.users", "view"))
		var got access.Statements
		var gotErr error
		h := authhttp.Middleware(f.a)(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
			got, gotErr = f.acc.Permissions(r.Context(), access.Caller())
		}))
		c := authtest.NewClient(t, h)
		c.Origin = ""
		c.Do(http.MethodGet, "/", nil, http.Header{"Authorization": {"Bearer " + key}})
		want := access.Statements{"project": {"read"}, "billing": {"read"}}
		if gotErr != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("Permissions(Caller) with the key = %v, %v, want %v", got, gotErr, want)
		}
		c.Do(http.MethodGet, "/", nil, nil)
		if !errors.Is(gotErr, auth.ErrNoSession) {
			t.Fatalf("Permissions(Caller) with no one = %v, want no_session", gotErr)
		}
	})
}
