package handoff

import (
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// The plugin's error codes, besides the core's. A used, expired or
// unknown handoff token, or one whose handing session or account changed
// since, answers [auth.ErrTokenInvalid].
var (
	// ErrInvalidCodeVerifier is a redemption whose code verifier does not
	// match the code challenge the handoff was started with, or that sends
	// a verifier for a handoff started without one, or none for one started
	// with one. The token is used up all the same. POST /handoff/redeem
	// returns it.
	ErrInvalidCodeVerifier = auth.NewError("invalid_code_verifier", http.StatusBadRequest, "the code verifier does not match the handoff's code challenge")
	// ErrCodeChallengeRequired is a start without a code challenge on an
	// instance that requires one ([WithRequiredChallenge]). POST
	// /handoff/start returns it.
	ErrCodeChallengeRequired = auth.NewError("code_challenge_required", http.StatusBadRequest, "a handoff needs a code challenge (S256)")
	// ErrInvalidReturnTo is a returnTo that is neither a path on the base
	// URL's origin nor a URL of a trusted origin
	// ([auth.Auth.RedirectTarget]). POST /handoff/start returns it.
	ErrInvalidReturnTo = auth.NewError("invalid_return_to", http.StatusBadRequest, "returnTo must be a relative path or a trusted origin")
)
