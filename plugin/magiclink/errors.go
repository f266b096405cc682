package magiclink

import (
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// The plugin's error codes, besides the core's and
// [auth.ErrTokenInvalid], which a used, expired, replaced or unknown link
// answers.
var (
	// ErrInvalidReturnTo is a returnTo that is neither a path on the base
	// URL's origin nor a URL of a trusted origin
	// ([auth.Auth.RedirectTarget]). POST /magic-link/send returns it.
	ErrInvalidReturnTo = auth.NewError("invalid_return_to", http.StatusBadRequest, "returnTo must be a relative path or a trusted origin")
)
