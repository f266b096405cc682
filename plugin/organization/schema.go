package organization

import (
	"database/sql"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// Organizations is auth_organization: one row per organization. Its ID is
// the access scope of its members' roles. The row is locked by every
// operation that changes the membership, so that they run one at a time
// per organization.
var (
	Organizations         = sqlb.NewTable("auth_organization")
	OrganizationID        = sqlb.NewColumn[string](Organizations, "id", sqlb.String(36).Labeled("id"))
	OrganizationSlug      = sqlb.NewColumn[string](Organizations, "slug", sqlb.String(MaxSlug))
	OrganizationName      = sqlb.NewColumn[string](Organizations, "name", sqlb.String(MaxName))
	OrganizationLogo      = sqlb.NewColumn[string](Organizations, "logo", sqlb.String(MaxLogo))
	OrganizationMetadata  = sqlb.NewColumn[string](Organizations, "metadata", sqlb.Text())
	OrganizationCreatedAt = sqlb.NewColumn[time.Time](Organizations, "created_at", sqlb.Time())
	OrganizationUpdatedAt = sqlb.NewColumn[time.Time](Organizations, "updated_at", sqlb.Time())
)

// Members is auth_organization_member: who belongs to which
// organization. A member's roles are grants of the access plugin in the
// organization's scope. A row goes with its user and its organization.
var (
	Members              = sqlb.NewTable("auth_organization_member")
	MemberOrganizationID = sqlb.NewColumn[string](Members, "organization_id", sqlb.String(36).Labeled("id"), sqlb.References(OrganizationID, sqlb.Cascade))
	MemberUserID         = sqlb.NewColumn[string](Members, "user_id", sqlb.String(36).Labeled("id"), sqlb.References(auth.UserID, sqlb.Cascade))
	MemberCreatedAt      = sqlb.NewColumn[time.Time](Members, "created_at", sqlb.Time())
)

// Invitations is auth_organization_invitation: an invitation of an email
// address into an organization with a role. Its token is a core token
// (purpose [TokenPurpose], subject the invitation's ID): only its hash is
// stored, and consuming it is single-use under any concurrency.
var (
	Invitations              = sqlb.NewTable("auth_organization_invitation")
	InvitationID             = sqlb.NewColumn[string](Invitations, "id", sqlb.String(36).Labeled("id"))
	InvitationOrganizationID = sqlb.NewColumn[string](Invitations, "organization_id", sqlb.String(36).Labeled("id"), sqlb.References(OrganizationID, sqlb.Cascade))
	InvitationEmail          = sqlb.NewColumn[string](Invitations, "email", sqlb.String(320))
	InvitationRole           = sqlb.NewColumn[string](Invitations, "role", sqlb.String(64))
	InvitationInviterID      = sqlb.NewColumn[sql.Null[string]](Invitations, "inviter_id", sqlb.String(36).Labeled("id"), sqlb.Nullable(), sqlb.References(auth.UserID, sqlb.SetNull))
	InvitationStatus         = sqlb.NewColumn[string](Invitations, "status", sqlb.String(16))
	InvitationCreatedAt      = sqlb.NewColumn[time.Time](Invitations, "created_at", sqlb.Time())
	InvitationExpiresAt      = sqlb.NewColumn[time.Time](Invitations, "expires_at", sqlb.Time())
	InvitationAnsweredAt     = sqlb.NewColumn[sql.Null[time.Time]](Invitations, "answered_at", sqlb.Time(), sqlb.Nullable())
)

// Active is auth_organization_active: the active organization of a
// session ([Plugin.SetActive]), keyed by the session's ID (the core's
// session store is not touched: it may not even be SQL). A row goes when
// its organization or user goes, when the membership ends, and when the
// session ends ([Plugin.SessionsEnded]).
var (
	Active               = sqlb.NewTable("auth_organization_active")
	ActiveSessionID      = sqlb.NewColumn[string](Active, "session_id", sqlb.String(36).Labeled("id"))
	ActiveUserID         = sqlb.NewColumn[string](Active, "user_id", sqlb.String(36).Labeled("id"), sqlb.References(auth.UserID, sqlb.Cascade))
	ActiveOrganizationID = sqlb.NewColumn[string](Active, "organization_id", sqlb.String(36).Labeled("id"), sqlb.References(OrganizationID, sqlb.Cascade))
	ActiveSetAt          = sqlb.NewColumn[time.Time](Active, "set_at", sqlb.Time())
)

// Teams is auth_organization_team: named groups of members inside an
// organization, the name unique within it.
var (
	Teams              = sqlb.NewTable("auth_organization_team")
	TeamID             = sqlb.NewColumn[string](Teams, "id", sqlb.String(36).Labeled("id"))
	TeamOrganizationID = sqlb.NewColumn[string](Teams, "organization_id", sqlb.String(36).Labeled("id"), sqlb.References(OrganizationID, sqlb.Cascade))
	TeamName           = sqlb.NewColumn[string](Teams, "name", sqlb.String(MaxName))
	TeamCreatedAt      = sqlb.NewColumn[time.Time](Teams, "created_at", sqlb.Time())
)

// TeamMembers is auth_organization_team_member: who is in which team.
// The organization is repeated so that ending a membership ends the
// member's teams in one statement.
var (
	TeamMembers              = sqlb.NewTable("auth_organization_team_member")
	TeamMemberTeamID         = sqlb.NewColumn[string](TeamMembers, "team_id", sqlb.String(36).Labeled("id"), sqlb.References(TeamID, sqlb.Cascade))
	TeamMemberOrganizationID = sqlb.NewColumn[string](TeamMembers, "organization_id", sqlb.String(36).Labeled("id"), sqlb.References(OrganizationID, sqlb.Cascade))
	TeamMemberUserID         = sqlb.NewColumn[string](TeamMembers, "user_id", sqlb.String(36).Labeled("id"), sqlb.References(auth.UserID, sqlb.Cascade))
	TeamMemberCreatedAt      = sqlb.NewColumn[time.Time](TeamMembers, "created_at", sqlb.Time())
)

// Domains is auth_organization_domain: the email domains of an
// organization, verified once their DNS proof was seen. A name is
// verified for one organization at most.
var (
	Domains              = sqlb.NewTable("auth_organization_domain")
	DomainID             = sqlb.NewColumn[string](Domains, "id", sqlb.String(36).Labeled("id"))
	DomainOrganizationID = sqlb.NewColumn[string](Domains, "organization_id", sqlb.String(36).Labeled("id"), sqlb.References(OrganizationID, sqlb.Cascade))
	DomainName           = sqlb.NewColumn[string](Domains, "domain", sqlb.String(253))
	DomainPolicy         = sqlb.NewColumn[string](Domains, "policy", sqlb.String(16))
	DomainChallenge      = sqlb.NewColumn[string](Domains, "challenge", sqlb.String(64))
	DomainVerifiedAt     = sqlb.NewColumn[sql.Null[time.Time]](Domains, "verified_at", sqlb.Time(), sqlb.Nullable())
	DomainCreatedAt      = sqlb.NewColumn[time.Time](Domains, "created_at", sqlb.Time())
)

// Invitation statuses.
const (
	StatusPending  = "pending"
	StatusAccepted = "accepted"
	StatusRejected = "rejected"
	StatusCanceled = "canceled"
)

// TokenPurpose is the core token purpose of invitation tokens.
const TokenPurpose = "organization-invitation"

func init() {
	Organizations.PrimaryKey(OrganizationID)
	Organizations.Unique(OrganizationSlug)
	Members.PrimaryKey(MemberOrganizationID, MemberUserID)
	Members.Index(MemberUserID)
	Invitations.PrimaryKey(InvitationID)
	Invitations.Index(InvitationOrganizationID, InvitationStatus)
	Invitations.Index(InvitationEmail, InvitationStatus)
	Invitations.Index(InvitationInviterID)
	Active.PrimaryKey(ActiveSessionID)
	Active.Index(ActiveUserID, ActiveOrganizationID)
	Active.Index(ActiveOrganizationID)
	Teams.PrimaryKey(TeamID)
	Teams.Unique(TeamOrganizationID, TeamName)
	TeamMembers.PrimaryKey(TeamMemberTeamID, TeamMemberUserID)
	TeamMembers.Index(TeamMemberOrganizationID, TeamMemberUserID)
	TeamMembers.Index(TeamMemberUserID)
	Domains.PrimaryKey(DomainID)
	Domains.Unique(DomainOrganizationID, DomainName)
	Domains.Index(DomainName)
}

// Tables implements [auth.Schema].
func (p *Plugin) Tables() []*sqlb.Table {
	return []*sqlb.Table{Organizations, Members, Invitations, Active}
}

// Migrations implements [auth.Schema].
func (p *Plugin) Migrations() []auth.Migration {
	return []auth.Migration{auth.Changes("001_create", sqlb.CreateTable(Organizations), sqlb.CreateTable(Members),
		sqlb.CreateTable(Invitations), sqlb.CreateTable(Active), sqlb.CreateTable(Teams), sqlb.CreateTable(TeamMembers),
		sqlb.CreateTable(Domains))}
}
