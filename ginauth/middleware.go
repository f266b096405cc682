package ginauth

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
)

// requestKey is the gin.Context key under which Middleware keeps the
// caller of the request.
type requestKey struct{}

// Middleware loads the caller's session once per request through
// [authhttp.Middleware] with opts: it sets c.Request to the request whose
// context carries the session, keeps the caller in c's keys for [User]
// and [Session], and calls c.Next. It renews or clears the session cookie
// as authhttp does. When the database fails it answers 500 internal and
// aborts the chain.
func Middleware(a *auth.Auth, opts ...authhttp.Option) gin.HandlerFunc {
	mw := authhttp.Middleware(a, opts...)
	return func(c *gin.Context) {
		passed := false
		mw(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
			passed = true
			c.Request = r
			c.Set(requestKey{}, auth.RequestFrom(r.Context()))
			c.Next()
		})).ServeHTTP(c.Writer, c.Request)
		if !passed {
			c.Abort() // authhttp answered
		}
	}
}

// caller returns the caller that Middleware kept in c, or else the one of
// c.Request's context (an authhttp.Middleware in front of the engine), or
// nil.
func caller(c *gin.Context) *auth.Request {
	if v, ok := c.Get(requestKey{}); ok {
		if req, ok := v.(*auth.Request); ok && req != nil {
			return req
		}
	}
	if c.Request == nil {
		return nil
	}
	return auth.RequestFrom(c.Request.Context())
}

// User returns the signed-in user of the request, as [Middleware] (or an
// [authhttp.Middleware] wrapping the engine) admitted it: none when a
// session check blocks the session, which [BlockedSession] then reports.
func User(c *gin.Context) (*auth.User, bool) {
	req := caller(c)
	if req == nil {
		return nil, false
	}
	_, u, blocked := req.Admission()
	if blocked != nil {
		return nil, false
	}
	return u, u != nil
}

// Session returns the session of the request, as [Middleware] (or an
// [authhttp.Middleware] wrapping the engine) admitted it: none when a
// session check blocks it, which [BlockedSession] then reports.
func Session(c *gin.Context) (*auth.Session, bool) {
	req := caller(c)
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
func BlockedSession(c *gin.Context) (*auth.Session, *auth.User, *auth.Error) {
	req := caller(c)
	if req == nil {
		return nil, nil, nil
	}
	s, u, blocked := req.Admission()
	if blocked == nil {
		return nil, nil, nil
	}
	return s, u, blocked
}
