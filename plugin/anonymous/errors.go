package anonymous

import (
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// The plugin's error codes.
var (
	// ErrAlreadySignedIn is [Plugin.SignIn] from a caller who has a
	// session, a guest's or a person's.
	ErrAlreadySignedIn = auth.NewError("already_signed_in", http.StatusConflict, "you are already signed in")
	// ErrGuestForbidden is an operation that needs a signed-in person run
	// from a guest's session (changing a password, adding a second
	// factor ...); [WithGuestOperations] lets some through.
	ErrGuestForbidden = auth.NewError("guest_forbidden", http.StatusForbidden, "sign up to do this")
)

// ErrorCodes implements [auth.ErrorCoder]: the session check's code,
// returned from any operation.
func (p *Plugin) ErrorCodes() []*auth.Error { return []*auth.Error{ErrGuestForbidden} }
