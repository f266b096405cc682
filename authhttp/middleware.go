package authhttp

import (
	"errors"
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// Middleware loads the caller's session once per request, with one query,
// and attaches it to the request's context for [UserFrom], [SessionFrom],
// [BlockedSessionFrom], [RequireUser], the routes of [Handler] and Go calls
// of operations. It also runs the plugins' session checks on it, once
// ([auth.Auth.Admit]): a session that one blocks (a ban, a pending second
// factor, terms to accept) reaches no route of the host as a signed-in
// user. It renews the cookie when the session was refreshed and clears a
// cookie that no longer names a live session; a stateless session
// ([auth.WithStatelessSessions]) refreshed for a bearer client sends its
// new token in the [HeaderToken] response header, which the client keeps. A failure of the database or
// of a check answers 500.
//
// Messages that operations send while the request is served (Go calls of
// the host's pages included) wait until the next handler returned: the
// Middleware flushes the answer, then delivers them. Write a page whole,
// with its Content-Length, for the client to have it before they go.
func Middleware(a *auth.Auth, opts ...Option) func(http.Handler) http.Handler {
	cfg := newConfig(a, opts)
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			r, req, fresh := attach(a, r, cfg)
			if fresh && !admitSession(w, r, a, cfg, req) {
				return // the database failed; answered
			}
			if fresh {
				defer deliver(w, r, req)
			}
			next.ServeHTTP(w, r)
		})
	}
}

// admitSession admits the request's session (its lookup and the session
// checks) and keeps its cookie in step. It answers the request itself,
// and returns false, when the database or a check fails.
func admitSession(w http.ResponseWriter, r *http.Request, a *auth.Auth, cfg *config, req *auth.Request) bool {
	bridged, err := bridge(r.Context(), a, cfg, req)
	if err != nil || req.Token.IsZero() {
		return keepSession(w, r, a, cfg, req, nil, err, false)
	}
	s, _, _, err := a.Admit(r.Context(), req)
	return keepSession(w, r, a, cfg, req, s, err, bridged)
}

// loadSession resolves the request's session, for the routes of Handler,
// whose operations check the session themselves, and keeps its cookie in
// step. It answers the request itself, and returns false, when the
// database fails.
func loadSession(w http.ResponseWriter, r *http.Request, a *auth.Auth, cfg *config, req *auth.Request) bool {
	bridged, err := bridge(r.Context(), a, cfg, req)
	if err != nil || req.Token.IsZero() {
		return keepSession(w, r, a, cfg, req, nil, err, false)
	}
	s, _, err := a.Resolve(r.Context(), req)
	return keepSession(w, r, a, cfg, req, s, err, bridged)
}

// keepSession answers 500 for a failure to load the session s and returns
// false; otherwise it renews or clears the session cookie as s requires,
// and sets it in place of the old system's cookie of a bridged request.
func keepSession(w http.ResponseWriter, r *http.Request, a *auth.Auth, cfg *config, req *auth.Request, s *auth.Session, err error, bridged bool) bool {
	if err != nil && !errors.Is(err, auth.ErrInvalidToken) {
		a.Logger().Error("authhttp: load the session", "err", err)
		writeError(w, cfg, auth.ErrInternal)
		return false
	}
	if !req.CookieAuth {
		sendReissued(w, a, req, s)
		return true
	}
	switch {
	case s == nil:
		clearSession(w, a)
		clearCarried(req)
	case req.Refreshed() || bridged:
		req.TakeReissued() // sent here: the token is req.Token
		setSession(w, r, a, req.Token, s.ExpiresAt)
	}
	if bridged { // its signature held: replaced, or its session is over
		dropLegacy(w, cfg, req)
	}
	writeCookies(w, r, a, req)
	return true
}

// configKey carries the options of the Middleware (or Handler) that
// attached the request, for RequireUser's EncodeErrors.
type configKey struct{}

// UserFrom returns the signed-in user of a request's context, as
// [Middleware] admitted it: none when the request has no live session, or
// when a session check blocks its session, which [BlockedSessionFrom]
// then reports.
func UserFrom(r *http.Request) (*auth.User, bool) {
	req := auth.RequestFrom(r.Context())
	if req == nil {
		return nil, false
	}
	_, u, blocked := req.Admission()
	if blocked != nil {
		return nil, false
	}
	return u, u != nil
}

// SessionFrom returns the session of a request's context, as [Middleware]
// admitted it: none when the request has no live session, or when a
// session check blocks it, which [BlockedSessionFrom] then reports.
func SessionFrom(r *http.Request) (*auth.Session, bool) {
	req := auth.RequestFrom(r.Context())
	if req == nil {
		return nil, false
	}
	s, _, blocked := req.Admission()
	if blocked != nil {
		return nil, false
	}
	return s, s != nil
}

// BlockedSessionFrom returns the session of a request's context that a
// session check blocks, its user, and blocked, the check's refusal (such
// as a second factor still to enter); all nil when the session is not
// blocked, or there is none. It is for the page that completes the
// blocking task, which needs to know whose it is: everywhere else the
// session counts as none ([UserFrom], [SessionFrom], [RequireUser]).
func BlockedSessionFrom(r *http.Request) (s *auth.Session, u *auth.User, blocked *auth.Error) {
	req := auth.RequestFrom(r.Context())
	if req == nil {
		return nil, nil, nil
	}
	if s, u, blocked = req.Admission(); blocked == nil {
		return nil, nil, nil
	}
	return s, u, blocked
}

// RequireUser lets through only requests with a signed-in user. It
// answers 401 no_session to others, and to a session that a session check
// blocks, the check's refusal: its status and code (403 for a ban, say),
// in the body of the Middleware's [EncodeErrors]. It needs [Middleware] in
// front of it, and panics without it, since that is a wiring mistake to
// find at once.
func RequireUser(next http.Handler) http.Handler { return Require(nil)(next) }

// Require is [RequireUser] with a check of the host's or a plugin's: once
// the request has a signed-in user, check may refuse it with an error
// (such as the API key plugin's missing scope), which the request is
// answered with, in the body of the Middleware's [EncodeErrors]. A nil
// check is RequireUser. Like RequireUser, it needs [Middleware] in front
// of it, and panics without it.
func Require(check func(r *http.Request) *auth.Error) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			req := auth.RequestFrom(r.Context())
			if req == nil {
				panic("authhttp: RequireUser needs authhttp.Middleware in front of it")
			}
			_, u, refused := req.Admission()
			if refused == nil && u == nil {
				refused = auth.ErrNoSession
			}
			if refused == nil && check != nil {
				refused = check(r)
			}
			if refused != nil {
				cfg, _ := r.Context().Value(configKey{}).(*config) // Middleware's, for its EncodeErrors
				writeError(w, cfg, refused)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}
