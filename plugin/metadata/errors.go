package metadata

import (
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// The plugin's error codes.
var (
	// ErrInvalid is a document that is not a JSON object, or that the
	// host's schema refuses ([WithSchema]); the message says why.
	ErrInvalid = auth.NewError("invalid_metadata", http.StatusBadRequest, "metadata: the document is not valid")
	// ErrTooLarge is a document over the size limit ([WithMaxSize]).
	ErrTooLarge = auth.NewError("metadata_too_large", http.StatusRequestEntityTooLarge, "metadata: the document is too large")
	// ErrVersionConflict is a write based on a version that is no longer
	// the current one: someone wrote in between. Read again and retry.
	ErrVersionConflict = auth.NewError("metadata_version_conflict", http.StatusConflict,
		"metadata: the documents changed since they were read")
)
