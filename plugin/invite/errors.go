package invite

import (
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// The plugin's error codes. [ErrInvitationRequired],
// [ErrInvitationInvalid] and [ErrInvitationEmail] may come from any
// operation that creates a user (every sign-up path), through the
// plugin's guard.
var (
	// ErrInvitationRequired is a sign-up with no invitation when sign-up
	// is invite-only ([WithRequired]).
	ErrInvitationRequired = auth.NewError("invitation_required", http.StatusForbidden,
		"an invitation is needed to sign up")
	// ErrInvitationInvalid is a code that names no live invitation: unknown,
	// used up, revoked or expired. All four answer alike.
	ErrInvitationInvalid = auth.NewError("invitation_invalid", http.StatusBadRequest,
		"this invitation is unknown, used up, revoked or expired")
	// ErrInvitationEmail is a sign-up with an invitation bound to an
	// address that the new account has not proved it holds: another
	// address, or this one unverified (a password sign-up, whose address
	// is verified later, cannot use such an invitation).
	ErrInvitationEmail = auth.NewError("invitation_email_mismatch", http.StatusForbidden,
		"this invitation is for a verified address that this sign-up does not have")
	// ErrNotAllowed is an invitation the [Authorizer] refuses to the
	// caller.
	ErrNotAllowed = auth.NewError("invitation_not_allowed", http.StatusForbidden, "you may not invite people")
	// ErrInvitationNotFound is a revocation of an invitation that is not
	// the caller's, or does not exist.
	ErrInvitationNotFound = auth.NewError("invitation_not_found", http.StatusNotFound, "no such invitation")
)

// ErrorCodes implements [auth.ErrorCoder]: the codes the guard returns
// from whatever operation creates a user.
func (p *Plugin) ErrorCodes() []*auth.Error {
	return []*auth.Error{ErrInvitationRequired, ErrInvitationInvalid, ErrInvitationEmail}
}
