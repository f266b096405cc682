package authimport

import (
	"errors"
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// ErrRejected is a record that the password plugin refused: a hash it
// cannot read, or work parameters out of its bounds. [Plugin.Import]
// reports the record as a problem and imports nothing of it.
var ErrRejected = auth.NewError("import_rejected", http.StatusUnprocessableEntity, "the record was refused")

// ErrNoPlugin is an instance without the import plugin, or without the
// email plugin whose addresses it imports.
var ErrNoPlugin = errors.New("authimport: add authimport.New() and the email plugin to auth.WithPlugins")
