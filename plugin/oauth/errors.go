package oauth

import (
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// The plugin's error codes. At the callback they reach the browser as
// ?error=<code> on the error page ([WithErrorURL]), or as the JSON error
// body when no error page is set.
var (
	// ErrUnknownProvider is a provider name that is not configured.
	ErrUnknownProvider = auth.NewError("oauth_unknown_provider", http.StatusNotFound, "no such sign-in provider")
	// ErrInvalidReturnTo is a returnTo that is neither a relative path nor
	// a URL of a trusted origin.
	ErrInvalidReturnTo = auth.NewError("invalid_return_to", http.StatusBadRequest, "returnTo must be a relative path or a trusted origin")
	// ErrInvalidState is a callback whose state is unknown, expired, used
	// already, for another provider, or started in another browser.
	ErrInvalidState = auth.NewError("invalid_state", http.StatusBadRequest, "the sign-in attempt is invalid or has expired: start again")
	// ErrAccessDenied is a callback where the person declined at the provider.
	ErrAccessDenied = auth.NewError("access_denied", http.StatusForbidden, "sign-in was cancelled at the provider")
	// ErrProvider is a provider that answered with an error, or could not be
	// reached: the authorization response, the token endpoint, the user-info
	// endpoint, discovery.
	ErrProvider = auth.NewError("provider_error", http.StatusBadGateway, "the sign-in provider failed")
	// ErrInvalidIDToken is an ID token that failed validation (OpenID
	// Connect Core §3.1.3.7): signature, issuer, audience, expiry, nonce ...
	ErrInvalidIDToken = auth.NewError("invalid_id_token", http.StatusUnauthorized, "the provider's ID token is invalid")
	// ErrAccountExists is a sign-in whose email belongs to a person, where
	// the provider or the person has not verified it: sign in another way
	// and link the provider instead.
	ErrAccountExists = auth.NewError("account_exists", http.StatusConflict, "an account with this email exists: sign in and link this provider")
	// ErrLinkedElsewhere is a provider account linked to another person.
	ErrLinkedElsewhere = auth.NewError("oauth_account_taken", http.StatusConflict, "this provider account is linked to another person")
	// ErrAlreadyLinked is a link to a provider the person has already linked
	// another account of.
	ErrAlreadyLinked = auth.NewError("oauth_already_linked", http.StatusConflict, "an account of this provider is already linked")
	// ErrNotLinked is an unlink, or an access token asked for, of a provider
	// the person has not linked.
	ErrNotLinked = auth.NewError("oauth_not_linked", http.StatusNotFound, "no account of this provider is linked")
	// ErrLastSignIn is an unlink that would leave the person no way to sign
	// in: the core's [auth.ErrLastSignIn].
	ErrLastSignIn = auth.ErrLastSignIn
	// ErrNoToken is an access token asked for when none is stored: tokens
	// are kept only with [WithTokenKeys], and a refresh may have failed.
	ErrNoToken = auth.NewError("oauth_no_token", http.StatusNotFound, "no usable provider token is stored")
)
