package email

import (
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// The plugin's error codes.
var (
	// ErrNotVerified is an address that must be verified first, to become
	// primary for example.
	ErrNotVerified = auth.NewError("email_not_verified", http.StatusForbidden, "verify this email first")
	// ErrPrimary is an attempt to remove the primary address; make another
	// one primary first.
	ErrPrimary = auth.NewError("email_primary", http.StatusBadRequest, "the primary email cannot be removed")
	// ErrNotYours is an address that is not one of the caller's.
	ErrNotYours = auth.NewError("email_not_found", http.StatusNotFound, "this email is not one of yours")
	// ErrSameAddress is a change to the address already in use.
	ErrSameAddress = auth.NewError("email_unchanged", http.StatusBadRequest, "this is already your email")
	// ErrTooManyAddresses is an address added past the limit (WithMaxAddresses).
	ErrTooManyAddresses = auth.NewError("too_many_emails", http.StatusBadRequest, "remove an email before adding another")
	// ErrUndoConflict is an undo whose old address meanwhile became
	// another account's, verified.
	ErrUndoConflict = auth.NewError("email_undo_conflict", http.StatusConflict, "the old email now belongs to another account")
)
