package authhttp

import (
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// WriteError answers with e as the routes of [Handler] answer an error:
// e's status (500 for one outside 400–599), Retry-After when e says when
// to retry, Cache-Control: no-store, and the body
// {"error":{"code":"...","message":"..."}}, or the one the [EncodeErrors]
// among opts makes (the other options do nothing here). An internal
// error's cause is never written. Give it the options given to Handler
// and [Middleware], so that every error of the app has one shape.
//
// It is for answers Sesame does not make itself: a host's own JSON routes
// (a 404 under /api), or a framework's own errors, as fiberauth's
// ErrorHandler does for fiber's.
func WriteError(w http.ResponseWriter, e *auth.Error, opts ...Option) {
	c := &config{}
	for _, o := range opts {
		o(c)
	}
	writeError(w, c, e)
}
