package password

import (
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// The plugin's error codes.
var (
	// ErrInvalidCredentials is every failed sign-in: unknown identifier, no
	// password, wrong password. They answer alike; the message names the
	// kinds of identifier the request could be ("wrong username or
	// password"), whatever the identifier names.
	ErrInvalidCredentials = auth.NewError("invalid_credentials", http.StatusUnauthorized, "wrong email or password")
	// ErrEmailNotVerified is a right password for an identifier not yet
	// verified (an address), when verification is required before signing
	// in. Usernames are verified when chosen.
	ErrEmailNotVerified = auth.NewError("email_not_verified", http.StatusForbidden, "verify your email first: we sent you a link")
	// ErrPasswordTooShort and ErrPasswordTooLong break the length policy.
	ErrPasswordTooShort = auth.NewError("password_too_short", http.StatusBadRequest, "the password is too short")
	ErrPasswordTooLong  = auth.NewError("password_too_long", http.StatusBadRequest, "the password is too long")
	// ErrPasswordBreached is a password found in known breaches: by the
	// breach check ([WithBreachCheck]), or on the list of the most common
	// passwords ([WithCommonPasswordCheck]), with a message that says so.
	ErrPasswordBreached = auth.NewError("password_breached", http.StatusBadRequest, "this password appeared in a data breach: choose another")
	// ErrBreachCheckFailed is a breach check that could not run, when the
	// check fails closed.
	ErrBreachCheckFailed = auth.NewError("password_check_unavailable", http.StatusServiceUnavailable, "the password could not be checked: try again")
	// ErrNoPassword is a change of password for an account that has none:
	// set one through the reset link instead.
	ErrNoPassword = auth.NewError("no_password", http.StatusBadRequest, "this account has no password: use forgot password to set one")
)

// errCommonPassword is ErrPasswordBreached for a password of the list of
// the most common ones.
var errCommonPassword = ErrPasswordBreached.With("this password is one of the most common ones, which attackers try first: choose another")
