package authhttp

import (
	"errors"
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// Middleware loads the caller's session once per request, with one query,
// and attaches it to the request's context for [UserFrom], [SessionFrom],
// [RequireUser], the routes of [Handler] and Go calls of operations. It
// renews the cookie when the session was refreshed and clears a cookie that
// no longer names a live session. A database failure answers 500.
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
			if fresh && !loadSession(w, r, a, cfg, req) {
				return // the database failed; answered
			}
			if fresh {
				defer deliver(w, r, req)
			}
			next.ServeHTTP(w, r)
		})
	}
}

// loadSession resolves the request's session and keeps its cookie in
// step. It answers the request itself, and returns false, when the
// database fails.
func loadSession(w http.ResponseWriter, r *http.Request, a *auth.Auth, cfg *config, req *auth.Request) bool {
	if req.Token == "" {
		return true
	}
	s, _, err := a.Resolve(r.Context(), req)
	if err != nil && !errors.Is(err, auth.ErrInvalidToken) {
		a.Logger().Error("authhttp: load the session", "err", err)
		writeError(w, cfg, auth.ErrInternal)
		return false
	}
	if !req.CookieAuth {
		return true
	}
	switch {
	case s == nil:
		clearSession(w, a)
	case req.Refreshed():
		setSession(w, r, a, req.Token, s.ExpiresAt)
	}
	return true
}

// configKey carries the options of the Middleware (or Handler) that
// attached the request, for RequireUser's EncodeErrors.
type configKey struct{}

// UserFrom returns the signed-in user of a request's context.
func UserFrom(r *http.Request) (*auth.User, bool) {
	req := auth.RequestFrom(r.Context())
	if req == nil {
		return nil, false
	}
	_, u := req.Session()
	return u, u != nil
}

// SessionFrom returns the session of a request's context.
func SessionFrom(r *http.Request) (*auth.Session, bool) {
	req := auth.RequestFrom(r.Context())
	if req == nil {
		return nil, false
	}
	s, _ := req.Session()
	return s, s != nil
}

// RequireUser answers 401 no_session unless the request has a signed-in
// user. It needs [Middleware] in front of it, and panics without it, since
// that is a wiring mistake to find at once.
func RequireUser(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if auth.RequestFrom(r.Context()) == nil {
			panic("authhttp: RequireUser needs authhttp.Middleware in front of it")
		}
		if _, ok := UserFrom(r); !ok {
			cfg, _ := r.Context().Value(configKey{}).(*config) // Middleware's, for its EncodeErrors
			writeError(w, cfg, auth.ErrNoSession)
			return
		}
		next.ServeHTTP(w, r)
	})
}
