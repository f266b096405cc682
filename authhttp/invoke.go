package authhttp

import (
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// Invoke runs op, an operation of a, for the request r, with the input decode fills in,
// through the pipeline exactly as the routes of [Handler] run it (rate
// limits on the client's IP, the CSRF origin check of a request carrying
// the session cookie, the session requirement and checks, one
// transaction), and sets on w what those routes set: the session cookie,
// or the Auth-Token header in bearer mode, for a session the operation
// started; the cleared cookie for one it ended; the operation's own
// cookies. It writes no body and no status: the caller answers with out,
// or with err (an [*auth.Error]); oc.Redirect, which a route answers with,
// is the caller's to use or ignore. Transports other than JSON routes
// (gqlauth's GraphQL resolvers) call it so that there is one path.
//
// r must have passed [Middleware], whose options apply; Invoke panics
// otherwise, since that is a wiring mistake to find at once. Call it
// before anything is written to w.
func Invoke(w http.ResponseWriter, r *http.Request, a *auth.Auth, op auth.Operation, decode func(in any) error) (out any, oc auth.Outcome, err error) {
	req := auth.RequestFrom(r.Context())
	if req == nil || req.Transport != auth.TransportHTTP {
		panic("authhttp: Invoke needs authhttp.Middleware in front of it")
	}
	return invoke(w, r, a, op, req, decode)
}

// invoke runs op and keeps the session cookie (or header) in step with
// its outcome.
func invoke(w http.ResponseWriter, r *http.Request, a *auth.Auth, op auth.Operation, req *auth.Request, decode func(any) error) (any, auth.Outcome, error) {
	out, oc, err := op.Invoke(r.Context(), decode)
	if oc.Ended && oc.Session == nil && req.CookieAuth { // a new session's cookie replaces it
		clearSession(w, a)
		clearCarried(req)
	}
	writeCookies(w, r, a, req)
	if err != nil {
		return nil, oc, auth.AsError(err)
	}
	if oc.Session != nil {
		req.TakeReissued() // replaced by the new session
		setSession(w, r, a, oc.Token, oc.Session.ExpiresAt)
	} else if !oc.Ended {
		s, _ := req.Session()
		sendReissued(w, a, req, s)
	}
	for _, c := range oc.Cookies {
		http.SetCookie(w, c)
	}
	return out, oc, nil
}
