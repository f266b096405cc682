package test

import (
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/access"
	"github.com/sesame-go/sesame/plugin/admin"
)

// TestValidationAtNew: auth.New refuses a bad vocabulary or bad roles,
// listing every problem in one error, and accepts a good one.
func TestValidationAtNew(t *testing.T) {
	e := authtest.SQLiteEngine(t)
	newAuth := func(plugins ...auth.Plugin) error {
		_, err := auth.New(auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
			auth.WithPlugins(append([]auth.Plugin{authtest.NewLogin()}, plugins...)...))
		return err
	}
	if err := newAuth(access.New(vocabulary(), access.WithRoles(roles...))); err != nil {
		t.Fatalf("New with a good vocabulary = %v", err)
	}
	tests := []struct {
		name string
		p    func() *access.Plugin
		want []string
	}{
		{"no resource", func() *access.Plugin { return access.New(nil) }, []string{"at least one resource"}},
		{"bad vocabulary", func() *access.Plugin {
			return access.New(access.Resources{"project": {"read", "read", "a:b"}, "empty": nil, "bad name": {"x"}})
		}, []string{`lists action "read" twice`, `action "a:b"`, `resource "empty" has no action`, `resource "bad name"`}},
		{"bad roles", func() *access.Plugin {
			return access.New(access.Resources{"project": {"read"}}, access.WithRoles(
				access.Role{Name: "viewer", Statements: access.Statements{"project": {"read"}}},
				access.Role{Name: "viewer", Statements: access.Statements{"project": {"read"}}},
				access.Role{Name: "ghost", Statements: access.Statements{"nothing": {"read"}}},
				access.Role{Name: "writer", Statements: access.Statements{"project": {"write"}}},
				access.Role{Name: "empty"},
				access.Role{Name: "", Statements: access.Statements{"project": {"read"}}},
				access.Role{Name: "noactions", Statements: access.Statements{"project": nil}},
			))
		}, []string{`role "viewer" is declared twice`, `role "ghost" names unknown resource "nothing"`,
			`role "writer" names unknown action "write" of "project"`, `role "empty" grants nothing`, `role name ""`,
			`role "noactions" lists no action on "project"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := newAuth(tt.p())
			if err == nil {
				t.Fatal("New = nil, want an error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("New = %v, want it to say %q", err, w)
				}
			}
		})
	}
	t.Run("admin authorizer without the admin vocabulary", func(t *testing.T) {
		acc := access.New(access.Resources{"project": {"read"}})
		err := newAuth(acc, admin.New(admin.WithAuthorizer(acc.AdminAuthorizer())))
		if err == nil || !strings.Contains(err.Error(), `action "view" of resource "admin.users"`) {
			t.Fatalf("New = %v, want the missing admin resources listed", err)
		}
	})
}
