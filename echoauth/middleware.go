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

// User returns the signed-in user of the request, as [Middleware] loaded
// it; false when no one is signed in or no Middleware ran.
func User(c echo.Context) (*auth.User, bool) {
	req := request(c)
	if req == nil {
		return nil, false
	}
	_, u := req.Session()
	return u, u != nil
}

// Session returns the session of the request, as [Middleware] loaded it;
// false when there is none or no Middleware ran.
func Session(c echo.Context) (*auth.Session, bool) {
	req := request(c)
	if req == nil {
		return nil, false
	}
	s, _ := req.Session()
	return s, s != nil
}

// request returns the caller Middleware attached, from echo's context or
// else from the request's.
func request(c echo.Context) *auth.Request {
	if req, ok := c.Get(requestKey).(*auth.Request); ok && req != nil {
		return req
	}
	return auth.RequestFrom(c.Request().Context())
}
