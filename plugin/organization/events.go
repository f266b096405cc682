package organization

// The plugin's events, raised once the operation that made the change
// committed. The detail names the organization, the user and the role.
const (
	// EventCreated is an organization created; its creator is its owner.
	EventCreated = "organization.created"
	// EventUpdated is an organization's fields changed.
	EventUpdated = "organization.updated"
	// EventDeleted is an organization deleted, with its memberships,
	// roles, invitations and custom roles.
	EventDeleted = "organization.deleted"
	// EventMemberAdded is a user made a member (the creator, an accepted
	// invitation).
	EventMemberAdded = "organization.member_added"
	// EventMemberRemoved is a member removed by another, or who left.
	EventMemberRemoved = "organization.member_removed"
	// EventRoleChanged is a member's role changed, ownership transfers
	// included.
	EventRoleChanged = "organization.role_changed"
	// EventInvited is an invitation sent.
	EventInvited = "organization.invited"
	// EventInvitationAnswered is an invitation accepted, rejected or
	// canceled; the detail says which.
	EventInvitationAnswered = "organization.invitation_answered"
	// EventTeamChanged is a team created, renamed or deleted, or a member
	// added to or removed from it; the detail says which.
	EventTeamChanged = "organization.team_changed"
	// EventDomainVerified is an email domain proved by DNS or by a mailed
	// code (the detail's proof says which): its policy applies from now on.
	EventDomainVerified = "organization.domain_verified"
)
