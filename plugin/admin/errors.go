package admin

import (
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// The plugin's error codes. Every admin operation may answer
// [ErrPermissionDenied]; [ErrBanned] and the impersonation codes may come
// from any operation, through the session check and the session starter.
var (
	// ErrPermissionDenied is an admin operation the [Authorizer] refuses
	// to the caller, for the target user at hand.
	ErrPermissionDenied = auth.NewError("permission_denied", http.StatusForbidden, "you may not do this")
	// ErrBanned is a session or a sign-in of a banned user: returned by
	// every operation and host route of their sessions, and by every
	// sign-in while the ban lasts.
	ErrBanned = auth.NewError("banned", http.StatusForbidden, "this account is banned")
	// ErrOwnAccount is a ban, role change or impersonation of the
	// caller's own account.
	ErrOwnAccount = auth.NewError("own_account", http.StatusBadRequest, "you cannot do this to your own account")
	// ErrUnknownRole is a role the plugin was not configured with
	// ([WithRoles]).
	ErrUnknownRole = auth.NewError("unknown_role", http.StatusBadRequest, "no such role")
	// ErrImpersonationForbidden is an operation an impersonation session
	// may not run: one that needs a fresh session (a credential change)
	// or an admin operation other than stopping the impersonation.
	ErrImpersonationForbidden = auth.NewError("impersonation_forbidden", http.StatusForbidden,
		"this cannot be done while impersonating")
	// ErrImpersonationEnded is an impersonation session past its time
	// limit ([WithMaxImpersonation]).
	ErrImpersonationEnded = auth.NewError("impersonation_ended", http.StatusUnauthorized, "the impersonation has ended")
)

// ErrorCodes implements [auth.ErrorCoder]: the codes the session check
// and the session starter return from any operation.
func (p *Plugin) ErrorCodes() []*auth.Error {
	return []*auth.Error{ErrBanned, ErrImpersonationForbidden, ErrImpersonationEnded}
}

// adminCodes are the codes every admin operation may return.
var adminCodes = []*auth.Error{ErrPermissionDenied, auth.ErrUserNotFound}
