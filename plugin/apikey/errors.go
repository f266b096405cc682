package apikey

import (
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// The plugin's error codes, besides the core's.
var (
	// ErrKeyNotFound is a key ID that names no live key of the caller's
	// (or of the user a server call names): someone else's key answers it
	// too. Revoke and rotate return it.
	ErrKeyNotFound = auth.NewError("api_key_not_found", http.StatusNotFound, "no such API key")
	// ErrKeyRotated is a rotation of a key that was rotated already: its
	// replacement is the key to rotate. Rotate returns it, to the loser of
	// two rotations at once.
	ErrKeyRotated = auth.NewError("api_key_rotated", http.StatusConflict, "the API key was rotated already: rotate its replacement")
	// ErrTooManyKeys is a creation past the most keys a user may hold
	// ([WithMaxKeys]). Create and rotate return it.
	ErrTooManyKeys = auth.NewError("too_many_api_keys", http.StatusConflict, "too many API keys: revoke one first")
	// ErrUnknownScope is a scope the host did not declare ([WithScopes]).
	// Create returns it.
	ErrUnknownScope = auth.NewError("unknown_scope", http.StatusBadRequest, "a scope is not one this service offers")
	// ErrInsufficientScope is a request made with a key that lacks a
	// scope the route requires ([Plugin.RequireScope], [Plugin.Allowed]).
	// No operation returns it: the host's routes do.
	ErrInsufficientScope = auth.NewError("insufficient_scope", http.StatusForbidden, "the API key lacks a scope this needs")
)
