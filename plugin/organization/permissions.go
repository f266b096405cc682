package organization

import "github.com/sesame-go/sesame/plugin/access"

// The resources and actions the plugin checks, in an organization's
// scope, before each operation ([Resources] lists them).
const (
	// ResOrganization is the organization itself: read (see it and its
	// members), update, delete.
	ResOrganization = "organization"
	// ResMember is the membership: invite, remove, update-role.
	ResMember = "member"
	// ResInvitation is an invitation: cancel.
	ResInvitation = "invitation"
	// ResTeam is a team: create, update (rename, add and remove members),
	// delete.
	ResTeam = "team"

	ActRead       = "read"
	ActUpdate     = "update"
	ActDelete     = "delete"
	ActInvite     = "invite"
	ActRemove     = "remove"
	ActUpdateRole = "update-role"
	ActCancel     = "cancel"
	ActCreate     = "create"
)

// Resources returns the permissions the plugin checks, to merge into the
// vocabulary given to access.New, with the host's own resources (which
// roles of an organization may grant too: the host checks them with
// access's Can in the organization's scope).
func Resources() access.Resources {
	return access.Resources{
		ResOrganization: {ActRead, ActUpdate, ActDelete},
		ResMember:       {ActInvite, ActRemove, ActUpdateRole},
		ResInvitation:   {ActCancel},
		ResTeam:         {ActCreate, ActUpdate, ActDelete},
	}
}

// DefaultRoles returns three roles over [Resources]: "owner" (every
// permission), "admin" (all but deleting the organization) and "member"
// (read). A host extends them with statements over its own resources, or
// declares its own roles instead.
func DefaultRoles() []access.Role {
	return []access.Role{
		{Name: "owner", Statements: access.Statements(Resources())},
		{Name: "admin", Statements: access.Statements{
			ResOrganization: {ActRead, ActUpdate},
			ResMember:       {ActInvite, ActRemove, ActUpdateRole},
			ResInvitation:   {ActCancel},
			ResTeam:         {ActCreate, ActUpdate, ActDelete},
		}},
		{Name: "member", Statements: access.Statements{ResOrganization: {ActRead}}},
	}
}
