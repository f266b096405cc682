package sessiondata

import (
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// The plugin's error codes.
var (
	// ErrNotFound is a key the session holds no value for
	// ([Plugin.Get] reports it as false instead).
	ErrNotFound = auth.NewError("session_data_not_found", http.StatusNotFound, "no value under this key")
	// ErrTooManyKeys is a set of a new key in a session that holds
	// [WithMaxKeys] values already.
	ErrTooManyKeys = auth.NewError("session_data_full", http.StatusConflict, "this session holds too many values")
	// ErrValueTooLarge is a value larger than [WithMaxValue].
	ErrValueTooLarge = auth.NewError("session_data_too_large", http.StatusRequestEntityTooLarge, "the value is too large")
)

// ErrorCodes implements [auth.ErrorCoder]: none from other operations.
func (p *Plugin) ErrorCodes() []*auth.Error { return nil }
