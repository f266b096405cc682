package organization

import (
	"context"
	"net/http"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/access"
)

// The names of the plugin's operations; each serves the route its
// method's comment names, and needs a signed-in user.
const (
	OpCreate           = "organization.create"
	OpGet              = "organization.get"
	OpUpdate           = "organization.update"
	OpDelete           = "organization.delete"
	OpList             = "organization.list"
	OpMembers          = "organization.members"
	OpRemoveMember     = "organization.removeMember"
	OpLeave            = "organization.leave"
	OpUpdateRole       = "organization.updateRole"
	OpTransfer         = "organization.transferOwnership"
	OpInvite           = "organization.invite"
	OpAccept           = "organization.acceptInvitation"
	OpReject           = "organization.rejectInvitation"
	OpCancel           = "organization.cancelInvitation"
	OpInvitations      = "organization.invitations"
	OpMyInvitations    = "organization.myInvitations"
	OpSetActive        = "organization.setActive"
	OpCreateTeam       = "organization.createTeam"
	OpUpdateTeam       = "organization.updateTeam"
	OpDeleteTeam       = "organization.deleteTeam"
	OpAddTeamMember    = "organization.addTeamMember"
	OpRemoveTeamMember = "organization.removeTeamMember"
	OpTeams            = "organization.teams"
	OpAddDomain        = "organization.addDomain"
	OpVerifyDomain     = "organization.verifyDomain"
	OpRemoveDomain     = "organization.removeDomain"
	OpMailDomainCode   = "organization.mailDomainCode"
	OpConfirmDomain    = "organization.confirmDomainCode"
	OpDomains          = "organization.domains"
	OpSuggested        = "organization.suggested"
	OpJoin             = "organization.join"
)

type ops struct {
	create                    *auth.Op[Fields, Organization]
	get                       *auth.Op[OrgRequest, Organization]
	update                    *auth.Op[UpdateRequest, Organization]
	remove, leave             *auth.Op[OrgRequest, Changed]
	list                      *auth.Op[auth.Empty, OrganizationList]
	members                   *auth.Op[OrgRequest, MemberList]
	removeMember              *auth.Op[MemberRequest, Changed]
	updateRole                *auth.Op[RoleRequest, Changed]
	transfer                  *auth.Op[TransferRequest, Changed]
	invite                    *auth.Op[InviteRequest, Invited]
	accept                    *auth.Op[AcceptRequest, Organization]
	reject, cancel            *auth.Op[InvitationRequest, Changed]
	invitations               *auth.Op[OrgRequest, InvitationList]
	myInvitations             *auth.Op[auth.Empty, InvitationList]
	setActive                 *auth.Op[SetActiveRequest, Changed]
	createTeam, updateTeam    *auth.Op[TeamRequest, Team]
	deleteTeam, addTeamMember *auth.Op[TeamMemberRequest, Changed]
	removeTeamMember          *auth.Op[TeamMemberRequest, Changed]
	teams                     *auth.Op[OrgRequest, TeamList]
	addDomain                 *auth.Op[DomainRequest, Domain]
	verifyDomain              *auth.Op[DomainIDRequest, Domain]
	removeDomain              *auth.Op[DomainIDRequest, Changed]
	domains                   *auth.Op[OrgRequest, DomainList]
	mailDomainCode            *auth.Op[MailDomainRequest, DomainMailed]
	confirmDomain             *auth.Op[DomainCodeRequest, Domain]
	suggested                 *auth.Op[auth.Empty, OrganizationList]
	join                      *auth.Op[OrgRequest, Organization]
}

var (
	notFound = []*auth.Error{ErrOrganizationNotFound, access.ErrPermissionDenied}
	memberOp = []*auth.Error{ErrOrganizationNotFound, access.ErrPermissionDenied, ErrMemberNotFound, ErrLastOwner, access.ErrUnknownRole}
)

func (p *Plugin) newOps() ops {
	post := func(path string) (string, string) { return http.MethodPost, "/organization/" + path }
	o := ops{}
	m, path := post("create")
	o.create = &auth.Op[Fields, Organization]{Name: OpCreate, Method: m, Path: path, Session: auth.SessionUser, Writes: true,
		Rate: auth.DefaultRate, Codes: []*auth.Error{ErrSlugTaken, ErrLimitReached}, Handler: p.create}
	o.get = &auth.Op[OrgRequest, Organization]{Name: OpGet, Method: http.MethodGet, Path: "/organization/get",
		Session: auth.SessionUser, Rate: auth.DefaultRate, Codes: notFound, Handler: p.get}
	m, path = post("update")
	o.update = &auth.Op[UpdateRequest, Organization]{Name: OpUpdate, Method: m, Path: path, Session: auth.SessionUser, Writes: true,
		Rate: auth.DefaultRate, Codes: append([]*auth.Error{ErrSlugTaken}, notFound...), Handler: p.update}
	m, path = post("delete")
	// Deleting an organization takes every member's access with it: a
	// recent sign-in is asked for.
	o.remove = &auth.Op[OrgRequest, Changed]{Name: OpDelete, Method: m, Path: path, Session: auth.SessionFresh, Writes: true,
		Rate: auth.DefaultRate, Codes: notFound, Handler: p.remove}
	o.list = &auth.Op[auth.Empty, OrganizationList]{Name: OpList, Method: http.MethodGet, Path: "/organization/list",
		Session: auth.SessionUser, Rate: auth.DefaultRate, Handler: p.list}
	o.members = &auth.Op[OrgRequest, MemberList]{Name: OpMembers, Method: http.MethodGet, Path: "/organization/members",
		Session: auth.SessionUser, Rate: auth.DefaultRate, Codes: notFound, Handler: p.members}
	m, path = post("remove-member")
	o.removeMember = &auth.Op[MemberRequest, Changed]{Name: OpRemoveMember, Method: m, Path: path, Session: auth.SessionUser,
		Writes: true, Rate: auth.DefaultRate, Codes: memberOp, Handler: p.removeMember}
	m, path = post("leave")
	o.leave = &auth.Op[OrgRequest, Changed]{Name: OpLeave, Method: m, Path: path, Session: auth.SessionUser, Writes: true,
		Rate: auth.DefaultRate, Codes: memberOp, Handler: p.leave}
	m, path = post("update-role")
	o.updateRole = &auth.Op[RoleRequest, Changed]{Name: OpUpdateRole, Method: m, Path: path, Session: auth.SessionUser,
		Writes: true, Rate: auth.DefaultRate, Codes: memberOp, Handler: p.updateRole}
	m, path = post("transfer-ownership")
	o.transfer = &auth.Op[TransferRequest, Changed]{Name: OpTransfer, Method: m, Path: path, Session: auth.SessionFresh,
		Writes: true, Rate: auth.DefaultRate, Codes: memberOp, Handler: p.transfer}
	m, path = post("invite")
	o.invite = &auth.Op[InviteRequest, Invited]{Name: OpInvite, Method: m, Path: path, Session: auth.SessionUser, Writes: true,
		Rate: auth.TightRate, Codes: append([]*auth.Error{ErrAlreadyMember}, memberOp...), Handler: p.invite}
	m, path = post("accept-invitation")
	o.accept = &auth.Op[AcceptRequest, Organization]{Name: OpAccept, Method: m, Path: path, Session: auth.SessionUser,
		Writes: true, Rate: auth.TightRate, Codes: []*auth.Error{auth.ErrTokenInvalid, ErrInvitationAddress, ErrAlreadyMember,
			ErrLimitReached, ErrOrganizationNotFound, ErrInvitationNotFound, access.ErrUnknownRole}, Handler: p.accept}
	m, path = post("reject-invitation")
	o.reject = &auth.Op[InvitationRequest, Changed]{Name: OpReject, Method: m, Path: path, Session: auth.SessionUser,
		Writes: true, Rate: auth.DefaultRate, Codes: []*auth.Error{ErrInvitationNotFound}, Handler: p.reject}
	m, path = post("cancel-invitation")
	o.cancel = &auth.Op[InvitationRequest, Changed]{Name: OpCancel, Method: m, Path: path, Session: auth.SessionUser,
		Writes: true, Rate: auth.DefaultRate, Codes: []*auth.Error{ErrInvitationNotFound, access.ErrPermissionDenied}, Handler: p.cancel}
	o.invitations = &auth.Op[OrgRequest, InvitationList]{Name: OpInvitations, Method: http.MethodGet,
		Path: "/organization/invitations", Session: auth.SessionUser, Rate: auth.DefaultRate, Codes: notFound, Handler: p.invitations}
	o.myInvitations = &auth.Op[auth.Empty, InvitationList]{Name: OpMyInvitations, Method: http.MethodGet,
		Path: "/organization/my-invitations", Session: auth.SessionUser, Rate: auth.DefaultRate, Handler: p.myInvitations}
	m, path = post("set-active")
	o.setActive = &auth.Op[SetActiveRequest, Changed]{Name: OpSetActive, Method: m, Path: path, Session: auth.SessionUser,
		Writes: true, Rate: auth.DefaultRate, Codes: notFound, Handler: p.setActive}
	teamCodes := []*auth.Error{ErrTeamNotFound, ErrTeamNameTaken, ErrOrganizationNotFound, access.ErrPermissionDenied, ErrMemberNotFound}
	m, path = post("create-team")
	o.createTeam = &auth.Op[TeamRequest, Team]{Name: OpCreateTeam, Method: m, Path: path, Session: auth.SessionUser, Writes: true,
		Rate: auth.DefaultRate, Codes: teamCodes, Handler: p.saveTeam}
	m, path = post("update-team")
	o.updateTeam = &auth.Op[TeamRequest, Team]{Name: OpUpdateTeam, Method: m, Path: path, Session: auth.SessionUser, Writes: true,
		Rate: auth.DefaultRate, Codes: teamCodes, Handler: p.saveTeam}
	m, path = post("delete-team")
	o.deleteTeam = &auth.Op[TeamMemberRequest, Changed]{Name: OpDeleteTeam, Method: m, Path: path, Session: auth.SessionUser,
		Writes: true, Rate: auth.DefaultRate, Codes: teamCodes, Handler: p.deleteTeam}
	m, path = post("add-team-member")
	o.addTeamMember = &auth.Op[TeamMemberRequest, Changed]{Name: OpAddTeamMember, Method: m, Path: path, Session: auth.SessionUser,
		Writes: true, Rate: auth.DefaultRate, Codes: teamCodes, Handler: p.addTeamMember}
	m, path = post("remove-team-member")
	o.removeTeamMember = &auth.Op[TeamMemberRequest, Changed]{Name: OpRemoveTeamMember, Method: m, Path: path,
		Session: auth.SessionUser, Writes: true, Rate: auth.DefaultRate, Codes: teamCodes, Handler: p.removeTeamMember}
	o.teams = &auth.Op[OrgRequest, TeamList]{Name: OpTeams, Method: http.MethodGet, Path: "/organization/teams",
		Session: auth.SessionUser, Rate: auth.DefaultRate, Codes: notFound, Handler: p.teams}
	domainCodes := []*auth.Error{ErrDomainNotFound, ErrDomainTaken, ErrDomainNotVerified, ErrOrganizationNotFound, access.ErrPermissionDenied}
	m, path = post("add-domain")
	o.addDomain = &auth.Op[DomainRequest, Domain]{Name: OpAddDomain, Method: m, Path: path, Session: auth.SessionUser, Writes: true,
		Rate: auth.DefaultRate, Codes: domainCodes, Handler: p.addDomain}
	m, path = post("verify-domain")
	o.verifyDomain = &auth.Op[DomainIDRequest, Domain]{Name: OpVerifyDomain, Method: m, Path: path, Session: auth.SessionUser,
		Writes: true, Rate: auth.TightRate, Codes: domainCodes, Prepare: p.resolveDomain, Handler: p.verifyDomain}
	m, path = post("mail-domain-code")
	o.mailDomainCode = &auth.Op[MailDomainRequest, DomainMailed]{Name: OpMailDomainCode, Method: m, Path: path,
		Session: auth.SessionUser, Writes: true, Rate: auth.TightRate, Codes: append([]*auth.Error{ErrDomainAddress}, domainCodes...),
		Handler: p.mailDomainCode}
	m, path = post("confirm-domain-code")
	o.confirmDomain = &auth.Op[DomainCodeRequest, Domain]{Name: OpConfirmDomain, Method: m, Path: path, Session: auth.SessionUser,
		Writes: true, Rate: auth.TightRate, Codes: append([]*auth.Error{auth.ErrCodeInvalid, auth.ErrTooManyAttempts}, domainCodes...),
		Handler: p.confirmDomainCode}
	m, path = post("remove-domain")
	o.removeDomain = &auth.Op[DomainIDRequest, Changed]{Name: OpRemoveDomain, Method: m, Path: path, Session: auth.SessionUser,
		Writes: true, Rate: auth.DefaultRate, Codes: domainCodes, Handler: p.removeDomain}
	o.domains = &auth.Op[OrgRequest, DomainList]{Name: OpDomains, Method: http.MethodGet, Path: "/organization/domains",
		Session: auth.SessionUser, Rate: auth.DefaultRate, Codes: notFound, Handler: p.domains}
	o.suggested = &auth.Op[auth.Empty, OrganizationList]{Name: OpSuggested, Method: http.MethodGet, Path: "/organization/suggested",
		Session: auth.SessionUser, Rate: auth.DefaultRate, Handler: p.suggested}
	m, path = post("join")
	o.join = &auth.Op[OrgRequest, Organization]{Name: OpJoin, Method: m, Path: path, Session: auth.SessionUser, Writes: true,
		Rate: auth.DefaultRate, Codes: []*auth.Error{ErrOrganizationNotFound, ErrLimitReached, ErrAlreadyMember}, Handler: p.joinByDomain}
	return o
}

// Operations implements [auth.Operator].
func (p *Plugin) Operations() []auth.Operation {
	o := p.ops
	return []auth.Operation{o.create, o.get, o.update, o.remove, o.list, o.members, o.removeMember, o.leave, o.updateRole,
		o.transfer, o.invite, o.accept, o.reject, o.cancel, o.invitations, o.myInvitations, o.setActive,
		o.createTeam, o.updateTeam, o.deleteTeam, o.addTeamMember, o.removeTeamMember, o.teams,
		o.addDomain, o.verifyDomain, o.mailDomainCode, o.confirmDomain, o.removeDomain, o.domains, o.suggested, o.join}
}

// Create makes an organization (POST /organization/create) whose owner
// is the caller; [ErrSlugTaken] for a slug in use, [ErrLimitReached] past
// the caller's limit of organizations.
func (p *Plugin) Create(ctx context.Context, in Fields) (Organization, error) {
	return p.ops.create.Run(ctx, in)
}

// Get returns an organization of the caller's, with their roles in it
// (GET /organization/get?organizationId=...).
func (p *Plugin) Get(ctx context.Context, orgID string) (Organization, error) {
	return p.ops.get.Run(ctx, OrgRequest{OrganizationID: orgID})
}

// Update replaces an organization's fields (POST /organization/update);
// it needs organization:update.
func (p *Plugin) Update(ctx context.Context, in UpdateRequest) (Organization, error) {
	return p.ops.update.Run(ctx, in)
}

// Delete deletes an organization (POST /organization/delete) with its
// memberships, roles, custom roles and invitations; it needs
// organization:delete and a fresh session.
func (p *Plugin) Delete(ctx context.Context, orgID string) error {
	_, err := p.ops.remove.Run(ctx, OrgRequest{OrganizationID: orgID})
	return err
}

// List returns the caller's organizations (GET /organization/list).
func (p *Plugin) List(ctx context.Context) ([]Organization, error) {
	l, err := p.ops.list.Run(ctx, auth.Empty{})
	return l.Organizations, err
}

// Members returns the members of an organization of the caller's with
// their roles (GET /organization/members?organizationId=...).
func (p *Plugin) Members(ctx context.Context, orgID string) ([]Member, error) {
	l, err := p.ops.members.Run(ctx, OrgRequest{OrganizationID: orgID})
	return l.Members, err
}

// RemoveMember removes another member (POST /organization/remove-member):
// it needs member:remove and every permission of the member's roles;
// [ErrLastOwner] for the last owner.
func (p *Plugin) RemoveMember(ctx context.Context, in MemberRequest) error {
	_, err := p.ops.removeMember.Run(ctx, in)
	return err
}

// Leave takes the caller out of an organization (POST
// /organization/leave); [ErrLastOwner] for its last owner.
func (p *Plugin) Leave(ctx context.Context, orgID string) error {
	_, err := p.ops.leave.Run(ctx, OrgRequest{OrganizationID: orgID})
	return err
}

// UpdateRole gives a member one role in place of theirs (POST
// /organization/update-role): it needs member:update-role and every
// permission of the role given and of those taken away; [ErrLastOwner]
// when it would demote the last owner.
func (p *Plugin) UpdateRole(ctx context.Context, in RoleRequest) (bool, error) {
	c, err := p.ops.updateRole.Run(ctx, in)
	return c.Changed, err
}

// TransferOwnership makes another member owner and the caller, an owner,
// hold KeepRole instead (POST /organization/transfer-ownership, fresh
// session).
func (p *Plugin) TransferOwnership(ctx context.Context, in TransferRequest) error {
	_, err := p.ops.transfer.Run(ctx, in)
	return err
}

// Invite invites an address with a role (POST /organization/invite) and
// mails it a link with the token: it needs member:invite and every
// permission of the role.
func (p *Plugin) Invite(ctx context.Context, in InviteRequest) (Invited, error) {
	return p.ops.invite.Run(ctx, in)
}

// AcceptInvitation makes the caller a member with the invitation's role
// (POST /organization/accept-invitation): the caller must hold the
// invited address as a verified email identity
// ([ErrInvitationAddress]); the token is single-use
// ([auth.ErrTokenInvalid] once used, expired or canceled).
func (p *Plugin) AcceptInvitation(ctx context.Context, token auth.Secret) (Organization, error) {
	return p.ops.accept.Run(ctx, AcceptRequest{Token: token})
}

// RejectInvitation declines an invitation addressed to one of the
// caller's verified addresses (POST /organization/reject-invitation).
func (p *Plugin) RejectInvitation(ctx context.Context, invitationID string) error {
	_, err := p.ops.reject.Run(ctx, InvitationRequest{InvitationID: invitationID})
	return err
}

// CancelInvitation withdraws an invitation (POST
// /organization/cancel-invitation): it needs invitation:cancel in the
// invitation's organization.
func (p *Plugin) CancelInvitation(ctx context.Context, invitationID string) error {
	_, err := p.ops.cancel.Run(ctx, InvitationRequest{InvitationID: invitationID})
	return err
}

// Invitations lists the pending invitations of an organization (GET
// /organization/invitations?organizationId=...): it needs member:invite.
func (p *Plugin) Invitations(ctx context.Context, orgID string) ([]Invitation, error) {
	l, err := p.ops.invitations.Run(ctx, OrgRequest{OrganizationID: orgID})
	return l.Invitations, err
}

// MyInvitations lists the pending invitations to the caller's verified
// addresses (GET /organization/my-invitations).
func (p *Plugin) MyInvitations(ctx context.Context) ([]Invitation, error) {
	l, err := p.ops.myInvitations.Run(ctx, auth.Empty{})
	return l.Invitations, err
}

// SetActive makes an organization of the caller's the active one of
// their session (POST /organization/set-active), or clears it for "".
func (p *Plugin) SetActive(ctx context.Context, orgID string) error {
	_, err := p.ops.setActive.Run(ctx, SetActiveRequest{OrganizationID: orgID})
	return err
}

// CreateTeam makes a team in an organization (POST
// /organization/create-team, organizationId and name): it needs
// team:create; [ErrTeamNameTaken] for a name the organization has.
func (p *Plugin) CreateTeam(ctx context.Context, orgID, name string) (Team, error) {
	return p.ops.createTeam.Run(ctx, TeamRequest{OrganizationID: orgID, Name: name})
}

// RenameTeam renames a team (POST /organization/update-team, teamId and
// name): it needs team:update.
func (p *Plugin) RenameTeam(ctx context.Context, teamID, name string) (Team, error) {
	return p.ops.updateTeam.Run(ctx, TeamRequest{TeamID: teamID, Name: name})
}

// DeleteTeam deletes a team (POST /organization/delete-team): it needs
// team:delete.
func (p *Plugin) DeleteTeam(ctx context.Context, teamID string) error {
	_, err := p.ops.deleteTeam.Run(ctx, TeamMemberRequest{TeamID: teamID})
	return err
}

// AddTeamMember puts a member of the team's organization in the team
// (POST /organization/add-team-member): it needs team:update;
// [ErrMemberNotFound] for a user who is not a member.
func (p *Plugin) AddTeamMember(ctx context.Context, teamID, userID string) error {
	_, err := p.ops.addTeamMember.Run(ctx, TeamMemberRequest{TeamID: teamID, UserID: userID})
	return err
}

// RemoveTeamMember takes a user out of a team (POST
// /organization/remove-team-member): it needs team:update.
func (p *Plugin) RemoveTeamMember(ctx context.Context, teamID, userID string) error {
	_, err := p.ops.removeTeamMember.Run(ctx, TeamMemberRequest{TeamID: teamID, UserID: userID})
	return err
}

// Teams lists the teams of an organization of the caller's with their
// members (GET /organization/teams?organizationId=...): it needs
// organization:read.
func (p *Plugin) Teams(ctx context.Context, orgID string) ([]Team, error) {
	l, err := p.ops.teams.Run(ctx, OrgRequest{OrganizationID: orgID})
	return l.Teams, err
}

// AddDomain adds an email domain to an organization with a policy (POST
// /organization/add-domain): it needs organization:update, and answers
// the DNS TXT record to publish ([Domain.TXTName], [Domain.TXTValue]).
func (p *Plugin) AddDomain(ctx context.Context, in DomainRequest) (Domain, error) {
	return p.ops.addDomain.Run(ctx, in)
}

// VerifyDomain looks the domain's TXT record up and marks it verified
// when it holds the challenge (POST /organization/verify-domain):
// [ErrDomainNotVerified] otherwise, [ErrDomainTaken] when another
// organization verified it first.
func (p *Plugin) VerifyDomain(ctx context.Context, domainID string) (Domain, error) {
	return p.ops.verifyDomain.Run(ctx, DomainIDRequest{DomainID: domainID})
}

// MailDomainCode mails a single-use code proving a domain to an address
// in it, such as postmaster@ (POST /organization/mail-domain-code): it
// needs organization:update; [ErrDomainAddress] for an address outside
// the domain, [ErrDomainTaken] for a domain verified already. A new code
// replaces the domain's earlier ones.
func (p *Plugin) MailDomainCode(ctx context.Context, in MailDomainRequest) (DomainMailed, error) {
	return p.ops.mailDomainCode.Run(ctx, in)
}

// ConfirmDomainCode marks a domain verified with the code
// [Plugin.MailDomainCode] mailed for it (POST
// /organization/confirm-domain-code): it needs organization:update; a
// code works once, for its domain of its organization only, until it
// expires or is guessed wrong too often ([auth.ErrCodeInvalid],
// [auth.ErrTooManyAttempts]); [ErrDomainTaken] when another organization
// verified the name first.
func (p *Plugin) ConfirmDomainCode(ctx context.Context, in DomainCodeRequest) (Domain, error) {
	return p.ops.confirmDomain.Run(ctx, in)
}

// RemoveDomain deletes a domain of an organization (POST
// /organization/remove-domain): it needs organization:update.
func (p *Plugin) RemoveDomain(ctx context.Context, domainID string) error {
	_, err := p.ops.removeDomain.Run(ctx, DomainIDRequest{DomainID: domainID})
	return err
}

// Domains lists the domains of an organization (GET
// /organization/domains?organizationId=...): it needs organization:update.
func (p *Plugin) Domains(ctx context.Context, orgID string) ([]Domain, error) {
	l, err := p.ops.domains.Run(ctx, OrgRequest{OrganizationID: orgID})
	return l.Domains, err
}

// Suggested lists the organizations that a verified email address of the
// caller lets in (a verified domain of policy suggest or auto-join) and
// that they are not a member of (GET /organization/suggested).
func (p *Plugin) Suggested(ctx context.Context) ([]Organization, error) {
	l, err := p.ops.suggested.Run(ctx, auth.Empty{})
	return l.Organizations, err
}

// Join makes the caller a member, with the member role, of an
// organization of [Plugin.Suggested] (POST /organization/join); any other
// answers [ErrOrganizationNotFound].
func (p *Plugin) Join(ctx context.Context, orgID string) (Organization, error) {
	return p.ops.join.Run(ctx, OrgRequest{OrganizationID: orgID})
}
