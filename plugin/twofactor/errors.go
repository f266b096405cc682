package twofactor

import (
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// The plugin's error codes.
var (
	// ErrSecondFactorRequired blocks a session that signed in with its
	// first factor and waits for its second: it can only verify one
	// ([Plugin.Verify]), ask for a code ([Plugin.SendCode]) or sign out.
	ErrSecondFactorRequired = auth.NewError("second_factor_required", http.StatusForbidden,
		"enter the code of your second factor to finish signing in")
	// ErrEnrolmentRequired blocks the sessions of a user who has no second
	// factor when one is mandatory ([RequireEnrolment]): they can only
	// enrol one or sign out.
	ErrEnrolmentRequired = auth.NewError("second_factor_enrolment_required", http.StatusForbidden,
		"set up a second factor to go on")
	// ErrNotPending is a verification from a session that waits for no
	// second factor.
	ErrNotPending = auth.NewError("second_factor_not_pending", http.StatusBadRequest,
		"this session is not waiting for a second factor")
	// ErrInvalidCode is a wrong, used or expired code of any method.
	ErrInvalidCode = auth.ErrCodeInvalid
	// ErrTooManyAttempts ends a pending session after too many wrong
	// codes: sign in again.
	ErrTooManyAttempts = auth.NewError("second_factor_attempts_exceeded", http.StatusUnauthorized,
		"too many wrong codes: sign in again")
	// ErrLocked is the second factor of an account locked after too many
	// wrong codes across sessions; RetryAfter says for how long.
	ErrLocked = auth.NewError("second_factor_locked", http.StatusTooManyRequests,
		"too many wrong codes: try again later")
	// ErrMethodUnavailable is a method the plugin does not offer, or the
	// user has not enrolled.
	ErrMethodUnavailable = auth.NewError("second_factor_method_unavailable", http.StatusBadRequest,
		"this second factor is not available")
	// ErrFactorNotFound is a factor that is not the caller's, or an
	// enrolment that expired or belongs to another session.
	ErrFactorNotFound = auth.NewError("second_factor_not_found", http.StatusNotFound, "no such second factor")
	// ErrLastFactor refuses to remove the last second factor when one is
	// mandatory ([RequireEnrolment]).
	ErrLastFactor = auth.NewError("second_factor_last", http.StatusBadRequest,
		"a second factor is required: add another before removing this one")
	// ErrNotEnabled is a request for recovery codes by a user with no
	// second factor.
	ErrNotEnabled = auth.NewError("second_factor_not_enabled", http.StatusBadRequest,
		"set up a second factor first")
	// ErrNoVerifiedAddress is an enrolment of mailed codes by a user whose
	// primary address is not verified.
	ErrNoVerifiedAddress = auth.NewError("no_verified_address", http.StatusBadRequest,
		"verify your email address first")
	// ErrNoVerifiedPhone is an enrolment of texted codes by a user who has
	// no verified phone number, or names one that is not theirs and
	// verified.
	ErrNoVerifiedPhone = auth.NewError("no_verified_phone", http.StatusBadRequest,
		"add and verify a phone number first")
)

// ErrorCodes implements [auth.ErrorCoder]: the codes the session check
// returns from any operation.
func (p *Plugin) ErrorCodes() []*auth.Error {
	return []*auth.Error{ErrSecondFactorRequired, ErrEnrolmentRequired}
}
