package fiberauth

import (
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// The codes [ErrorHandler] answers fiber's own refusals with, where no
// code of package auth says the same. Under net/http, the server answers
// these itself, before any handler; under fiber, its ErrorHandler does.
var (
	// ErrHeadersTooLarge is a request whose header lines do not fit
	// fiber's ReadBufferSize (4096 bytes by default): a 4 KiB cookie, a
	// long bearer token. fasthttp refuses it before any handler runs.
	ErrHeadersTooLarge = auth.NewError("headers_too_large", http.StatusRequestHeaderFieldsTooLarge, "the request headers are too large")
	// ErrBadRequest is a request fasthttp cannot parse, or whose
	// request-target net/http would refuse (see [Mount]).
	ErrBadRequest = auth.NewError("bad_request", http.StatusBadRequest, "the request is malformed")
	// ErrRequestTimeout is a request not read whole within fiber's
	// ReadTimeout.
	ErrRequestTimeout = auth.NewError("request_timeout", http.StatusRequestTimeout, "the request took too long to arrive")
)
