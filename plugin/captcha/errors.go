package captcha

import (
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// The plugin's error codes. Any operation the plugin guards may return
// them ([auth.ErrorCoder]).
var (
	// ErrRequired is a guarded call that carries no captcha token: send one
	// in the [Header] header (or, for Go calls, with [WithToken]).
	ErrRequired = auth.NewError("captcha_required", http.StatusForbidden, "solve the captcha and send its token")
	// ErrFailed is a token the provider refused (invalid, expired, already
	// used), or one it accepted for another hostname or action, with too
	// low a score, or solved too long ago. Ask for a new captcha.
	ErrFailed = auth.NewError("captcha_failed", http.StatusForbidden, "the captcha was not solved: try again")
	// ErrUnavailable is a verification that could not be had: the
	// provider's verify API failed, timed out, answered something
	// malformed or refused the site's own configuration (its secret). The
	// plugin fails closed: the call is refused, never let through.
	ErrUnavailable = auth.NewError("captcha_unavailable", http.StatusServiceUnavailable, "the captcha could not be checked: try again later")
)
