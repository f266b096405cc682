package passkey

import (
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// The plugin's error codes.
var (
	// ErrInvalidPasskey is every failed passkey sign-in: an unknown or
	// removed passkey, a bad signature, another site's answer, a missing
	// user verification, a signature counter gone backwards. They answer
	// alike.
	ErrInvalidPasskey = auth.NewError("invalid_passkey", http.StatusUnauthorized, "the passkey could not be verified")
	// ErrInvalidRegistration is a registration whose answer fails
	// verification: another site's answer, a missing user verification, a
	// malformed attestation.
	ErrInvalidRegistration = auth.NewError("invalid_registration", http.StatusBadRequest, "the new passkey could not be verified")
	// ErrInvalidChallenge is a ceremony whose challenge is unknown, expired,
	// used already, or was asked for by another browser or session: start
	// again.
	ErrInvalidChallenge = auth.NewError("invalid_challenge", http.StatusBadRequest, "the passkey request is invalid or has expired: try again")
	// ErrPasskeyExists is a registration of a passkey that is registered
	// already, to this person or another.
	ErrPasskeyExists = auth.NewError("passkey_exists", http.StatusConflict, "this passkey is registered already")
	// ErrTooManyPasskeys is a registration past the limit ([WithMaxPasskeys]).
	ErrTooManyPasskeys = auth.NewError("too_many_passkeys", http.StatusConflict, "remove a passkey before adding another")
	// ErrNotFound is a passkey ID that is not one of the caller's passkeys.
	ErrNotFound = auth.NewError("passkey_not_found", http.StatusNotFound, "no such passkey")
	// ErrLastSignIn is a removal that would leave the person no way to sign
	// in: the core's [auth.ErrLastSignIn].
	ErrLastSignIn = auth.ErrLastSignIn
	// ErrNoSecondFactor is a second-factor ceremony from a session that
	// waits for no second factor a passkey passes.
	ErrNoSecondFactor = auth.NewError("no_passkey_second_factor", http.StatusBadRequest,
		"this session is not waiting for a second factor a passkey passes")
)
