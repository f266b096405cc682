package organization

import (
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// The plugin's error codes. A member lacking a permission answers
// access.ErrPermissionDenied, and a role that does not exist
// access.ErrUnknownRole.
var (
	// ErrOrganizationNotFound is an organization that does not exist, or
	// of which the caller is not a member: the two answer alike, so that
	// no one learns of an organization they do not belong to.
	ErrOrganizationNotFound = auth.NewError("organization_not_found", http.StatusNotFound, "no such organization")
	// ErrSlugTaken is a slug another organization has.
	ErrSlugTaken = auth.NewError("slug_taken", http.StatusConflict, "an organization has this slug")
	// ErrMemberNotFound is a user who is not a member of the organization.
	ErrMemberNotFound = auth.NewError("member_not_found", http.StatusNotFound, "no such member")
	// ErrLastOwner is a change that would leave the organization without
	// an owner: removing, demoting or the leaving of its last owner.
	ErrLastOwner = auth.NewError("last_owner", http.StatusConflict, "an organization needs an owner: make another member owner first")
	// ErrAlreadyMember is an invitation of, or accepted by, a member.
	ErrAlreadyMember = auth.NewError("already_member", http.StatusConflict, "already a member")
	// ErrInvitationNotFound is an invitation that does not exist, is no
	// longer pending, or is not addressed to (or cancellable by) the caller.
	ErrInvitationNotFound = auth.NewError("invitation_not_found", http.StatusNotFound, "no such invitation")
	// ErrInvitationAddress is an invitation accepted by a user who holds
	// no verified email identity with the address it was sent to.
	ErrInvitationAddress = auth.NewError("invitation_address_mismatch", http.StatusForbidden,
		"this invitation was sent to an address your account has not verified")
	// ErrLimitReached is a membership past a limit of [WithLimits].
	ErrLimitReached = auth.NewError("organization_limit_reached", http.StatusConflict, "a limit on organizations or members is reached")
)

// Team errors.
var (
	// ErrTeamNotFound is a team that does not exist, or of an
	// organization the caller is not a member of.
	ErrTeamNotFound = auth.NewError("team_not_found", http.StatusNotFound, "no such team")
	// ErrTeamNameTaken is a team name the organization has already.
	ErrTeamNameTaken = auth.NewError("team_name_taken", http.StatusConflict, "the organization has a team of this name")
)

// Domain errors.
var (
	// ErrDomainNotFound is a domain that does not exist, or of an
	// organization the caller is not a member of.
	ErrDomainNotFound = auth.NewError("domain_not_found", http.StatusNotFound, "no such domain")
	// ErrDomainTaken is a domain the organization has already, or that
	// another organization verified.
	ErrDomainTaken = auth.NewError("domain_taken", http.StatusConflict, "this domain is taken")
	// ErrDomainNotVerified is a domain whose DNS TXT record does not hold
	// its challenge (yet).
	ErrDomainNotVerified = auth.NewError("domain_not_verified", http.StatusConflict, "the DNS record proving this domain was not found")
	// ErrDomainAddress is a proof by mail asked for an address outside
	// the domain (a subdomain's included), or not of the mailboxes of
	// [WithDomainMailboxes].
	ErrDomainAddress = auth.NewError("domain_address_mismatch", http.StatusBadRequest, "the address is not in this domain")
)
