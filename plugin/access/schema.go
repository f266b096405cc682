package access

import (
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// Grants is auth_access_role: the roles each user holds, per scope ("" is
// every scope; an organization's ID, say, is one). A row names a role of
// [WithRoles] or a custom role of its scope.
var (
	Grants         = sqlb.NewTable("auth_access_role")
	GrantUserID    = sqlb.NewColumn[string](Grants, "user_id", sqlb.String(36).Labeled("id"), sqlb.References(auth.UserID, sqlb.Cascade))
	GrantScope     = sqlb.NewColumn[string](Grants, "scope", sqlb.String(MaxName))
	GrantRole      = sqlb.NewColumn[string](Grants, "role", sqlb.String(MaxName))
	GrantCreatedAt = sqlb.NewColumn[time.Time](Grants, "created_at", sqlb.Time())
)

// CustomRoles is auth_access_custom_role: the roles defined at run time
// per scope, their statements a JSON object of resource to actions,
// checked against the vocabulary when stored.
var (
	CustomRoles          = sqlb.NewTable("auth_access_custom_role")
	CustomRoleScope      = sqlb.NewColumn[string](CustomRoles, "scope", sqlb.String(MaxName))
	CustomRoleName       = sqlb.NewColumn[string](CustomRoles, "name", sqlb.String(MaxName))
	CustomRoleStatements = sqlb.NewColumn[string](CustomRoles, "statements", sqlb.Text())
	// CustomRoleVersion counts the definitions of the role: 1 when new.
	CustomRoleVersion   = sqlb.NewColumn[int64](CustomRoles, "version", sqlb.Int())
	CustomRoleCreatedAt = sqlb.NewColumn[time.Time](CustomRoles, "created_at", sqlb.Time())
	CustomRoleUpdatedAt = sqlb.NewColumn[time.Time](CustomRoles, "updated_at", sqlb.Time())
)

func init() {
	Grants.PrimaryKey(GrantUserID, GrantScope, GrantRole)
	Grants.Index(GrantScope, GrantRole)
	CustomRoles.PrimaryKey(CustomRoleScope, CustomRoleName)
}

// Tables implements [auth.Schema].
func (p *Plugin) Tables() []*sqlb.Table { return []*sqlb.Table{Grants, CustomRoles} }

// Migrations implements [auth.Schema].
func (p *Plugin) Migrations() []auth.Migration {
	return []auth.Migration{auth.Changes("001_create", sqlb.CreateTable(Grants), sqlb.CreateTable(CustomRoles))}
}
