package pow

import (
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// The plugin's error codes. Any operation the plugin guards may return
// them ([auth.ErrorCoder]).
var (
	// ErrRequired is a guarded call without a proof: ask for a puzzle
	// (POST /pow/challenge), solve it and send the proof in the [Header]
	// header (for Go calls, [WithProof]).
	ErrRequired = auth.NewError("pow_required", http.StatusForbidden, "solve a proof-of-work puzzle for this operation and send the proof")
	// ErrInvalid is a proof that is malformed or does not solve its
	// puzzle, or a puzzle that is unknown, expired, already used, or was
	// issued for another operation or another client. Ask for a new one.
	ErrInvalid = auth.NewError("pow_invalid", http.StatusForbidden, "the proof of work is invalid, expired or already used")
)
