package echoauth

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
)

// requestKey is where Middleware keeps the *auth.Request in echo's context.
const requestKey = "github.com/sesame-go/sesame/echoauth.request"

// Middleware loads the caller's session once per request through
// [authhttp.Middleware], with the same opts: it attaches it to the
// request's context (c.Request()) and to echo's, for [User], [Session],
// [RequireUser], the routes of [Mount] and Go calls of operations made with
// the request's context. When the database fails it answers 500 internal
// and the rest of the chain does not run.
func Middleware(a *auth.Auth, opts ...authhttp.Option) echo.MiddlewareFunc {
	load := authhttp.Middleware(a, opts...)
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			var err error
			load(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
				c.SetRequest(r)
				c.Set(requestKey, auth.RequestFrom(r.Context()))
				err = next(c)
			})).ServeHTTP(c.Response(), c.Request())
			return err // nil when authhttp answered
		}
	}
}

// User returns the signed-in user of the request, as [Middleware]
// admitted it; false when no one is signed in, when a session check blocks
// the session (which [BlockedSession] then reports), or when no Middleware
// ran.
func User(c echo.Context) (*auth.User, bool) {
	req := request(c)
	if req == nil {
		return nil, false
	}
	_, u, blocked := req.Admission()
	if blocked != nil {
		return nil, false
	}
	return u, u != nil
}

// Session returns the session of the request, as [Middleware] admitted
// it; false when there is none, when a session check blocks it (which
// [BlockedSession] then reports), or when no Middleware ran.
func Session(c echo.Context) (*auth.Session, bool) {
	req := request(c)
	if req == nil {
		return nil, false
	}
	s, _, blocked := req.Admission()
	if blocked != nil {
		return nil, false
	}
	return s, s != nil
}

// BlockedSession returns the session of the request that a session check
// blocks, its user and the check's refusal, as
// [authhttp.BlockedSessionFrom] does: all nil unless the session is
// blocked. It serves the page that completes the blocking task (a second
// factor to enter, terms to accept).
func BlockedSession(c echo.Context) (*auth.Session, *auth.User, *auth.Error) {
	req := request(c)
	if req == nil {
		return nil, nil, nil
	}
	s, u, blocked := req.Admission()
	if blocked == nil {
		return nil, nil, nil
	}
	return s, u, blocked
}

// request returns the caller Middleware attached, from echo's context or
// else from the request's.
func request(c echo.Context) *auth.Request {
	if req, ok := c.Get(requestKey).(*auth.Request); ok && req != nil {
		return req
	}
	return auth.RequestFrom(c.Request().Context())
}
