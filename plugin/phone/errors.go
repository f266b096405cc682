package phone

import (
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// The plugin's error codes.
var (
	// ErrInvalid is a number the normalizer refuses: malformed, of an
	// unknown or refused calling code, of a refused type (premium rate
	// ...). The message says why.
	ErrInvalid = auth.NewError("phone_invalid", http.StatusBadRequest, "this is not a phone number we can send codes to")
	// ErrNotYours is a number that is not one of the caller's.
	ErrNotYours = auth.NewError("phone_not_found", http.StatusNotFound, "this number is not one of yours")
	// ErrSameNumber is a number added, or changed to, that is already one
	// of the caller's.
	ErrSameNumber = auth.NewError("phone_unchanged", http.StatusBadRequest, "this is already one of your numbers")
	// ErrTooManyNumbers is a number added past the limit ([WithMaxNumbers]).
	ErrTooManyNumbers = auth.NewError("too_many_phones", http.StatusBadRequest, "remove a number before adding another")
	// ErrLastWayIn refuses to remove a number that is the account's last
	// verified identity: nothing would be left to sign in with.
	ErrLastWayIn = auth.NewError("phone_last_way_in", http.StatusBadRequest,
		"this number is your only way to sign in: add another before removing it")
)
