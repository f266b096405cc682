package terms

import (
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// The plugin's error codes.
var (
	// ErrTermsNotAccepted is any operation or host route of a session whose
	// user has not accepted the current terms, other than those that
	// accept them: a session task, like a pending second factor.
	ErrTermsNotAccepted = auth.NewError("terms_not_accepted", http.StatusForbidden,
		"accept the current terms to continue")
	// ErrVersionNotCurrent is an acceptance of a version that is not the
	// current one: an old page, a replayed request.
	ErrVersionNotCurrent = auth.NewError("terms_version_not_current", http.StatusConflict,
		"these are not the current terms: reload them")
)
