package test

import (
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/access"
	"github.com/sesame-go/sesame/plugin/organization"
)

// TestNewRefusesMiswiring checks that auth.New reports each wiring
// mistake: the access plugin not passed, a vocabulary without the
// plugin's permissions, no owner or member role, an owner role that
// lacks a permission.
func TestNewRefusesMiswiring(t *testing.T) {
	e := authtest.SQLiteEngine(t)
	weakOwner := []access.Role{{Name: "owner", Statements: access.Statements{organization.ResOrganization: {organization.ActRead}}},
		{Name: "member", Statements: access.Statements{organization.ResOrganization: {organization.ActRead}}}}
	tests := []struct {
		name    string
		acc     *access.Plugin
		withAcc bool
		want    string
	}{
		{"access not passed", access.New(organization.Resources(), access.WithRoles(organization.DefaultRoles()...)), false, "pass its access plugin"},
		{"vocabulary without the plugin's", access.New(access.Resources{"project": {"read"}},
			access.WithRoles(access.Role{Name: "owner", Statements: access.Statements{"project": {"read"}}})), true, "lacks action"},
		{"no member role", access.New(organization.Resources(), access.WithRoles(organization.DefaultRoles()[0])), true, `no member role "member"`},
		{"owner lacks a permission", access.New(organization.Resources(), access.WithRoles(weakOwner...)), true, "must grant member:invite"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			plugins := []auth.Plugin{authtest.NewLogin(), organization.New(tt.acc)}
			if tt.withAcc {
				plugins = append(plugins, tt.acc)
			}
			_, err := auth.New(auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithPlugins(plugins...))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("auth.New = %v, want an error naming %q", err, tt.want)
			}
		})
	}
}
