package emailchallenge

import (
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// The plugin's error codes, besides the core's, [auth.ErrTokenInvalid]
// (a used, expired or beaten link), [auth.ErrCodeInvalid] and
// [auth.ErrTooManyAttempts].
var (
	// ErrInvalidReturnTo is a returnTo that is neither a path on the base
	// URL's origin nor a URL of a trusted origin. Start returns it.
	ErrInvalidReturnTo = auth.NewError("invalid_return_to", http.StatusBadRequest, "returnTo must be a relative path or a trusted origin")
	// ErrChallengeInvalid is a caller with no live challenge: no binding
	// (cookie or challenge value), an unknown one, an expired challenge,
	// or one whose session was collected already or that an
	// account-security event ended. Status and Code return it.
	ErrChallengeInvalid = auth.NewError("challenge_invalid", http.StatusBadRequest, "this sign-in attempt is over: start again")
)
