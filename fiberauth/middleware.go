package fiberauth

import (
	"context"
	"net/http"

	"github.com/gofiber/fiber/v2"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
)

// contextKey is the c.Locals key under which Middleware keeps the context
// authhttp.Middleware passed on: it carries the caller of the request
// (its *auth.Request, with the session) and Middleware's options.
type contextKey struct{}

// Middleware loads the caller's session once per request through
// [authhttp.Middleware] with opts, run on the request translated to
// net/http. It keeps the context authhttp passes on, which carries the
// session, in c.Locals for [User], [Session], [RequireUser] and the
// routes of [Mount], and makes it c's UserContext, so that Go calls of
// operations made with c.UserContext() see the caller too. It writes the
// cookie authhttp renews or clears into the response and calls c.Next.
// When the database fails it answers what authhttp answers, 500 internal,
// and stops the chain.
func Middleware(a *auth.Auth, opts ...authhttp.Option) fiber.Handler {
	mw := authhttp.Middleware(a, opts...)
	return func(c *fiber.Ctx) error {
		if ok, err := attach(c, mw); !ok {
			return err // nil when authhttp answered: the database failed
		}
		err := c.Next()
		deliver(c)
		return err
	}
}

// attach loads the caller's session through mw and keeps the context it
// passes on in c, as Middleware documents. It returns false when the
// request cannot go on: with fiber.ErrBadRequest for a request it cannot
// translate, with nil when mw answered it itself.
func attach(c *fiber.Ctx, mw func(http.Handler) http.Handler) (bool, error) {
	r, err := newRequest(requestContext(c), c.Context()) // a Middleware in front already loaded the session
	if err != nil {
		return false, fiber.ErrBadRequest
	}
	w := newResponseWriter(c.Response())
	var passed context.Context
	mw(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		passed = r.Context()
	})).ServeHTTP(w, r)
	if passed == nil { // authhttp answered: the database failed
		w.finish()
		closeIfUnread(r, c.Response())
		return false, nil
	}
	w.flushHeader() // a renewed or cleared session cookie
	c.Locals(contextKey{}, passed)
	c.SetUserContext(passed)
	return true, nil
}

// deliver runs the deliveries the request's operations left (messages:
// see auth.Call.Deliver) once the handlers are done. fasthttp sends an
// answer only after the handler returned, so on fiber they run before the
// answer leaves: use auth.WithOutbox for answers whose time must not tell
// whether a message was sent. (fasthttp's hijack, which could write the
// answer first, breaks fiber's app.Test and every kept-alive connection.)
func deliver(c *fiber.Ctx) {
	req := caller(c)
	if req == nil || !req.PendingDeliveries() {
		return
	}
	ctx, _ := c.Locals(contextKey{}).(context.Context)
	req.RunDeliveries(ctx)
}

// requestContext returns the context of the net/http request made of c:
// c's UserContext, which carries what Middleware loaded, or Middleware's
// own context if a later handler replaced the UserContext with one that
// does not carry the same caller (which the request then does without).
func requestContext(c *fiber.Ctx) context.Context {
	ctx := c.UserContext()
	if kept, ok := c.Locals(contextKey{}).(context.Context); ok && auth.RequestFrom(ctx) != auth.RequestFrom(kept) {
		return kept
	}
	return ctx
}

// caller returns the caller Middleware loaded for c, or nil.
func caller(c *fiber.Ctx) *auth.Request {
	ctx, _ := c.Locals(contextKey{}).(context.Context)
	if ctx == nil {
		return nil
	}
	return auth.RequestFrom(ctx)
}

// User returns the signed-in user of the request, as [Middleware]
// admitted it: none when a session check blocks the session, which
// [BlockedSession] then reports.
func User(c *fiber.Ctx) (*auth.User, bool) {
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

// Session returns the session of the request, as [Middleware] admitted
// it: none when a session check blocks it, which [BlockedSession] then
// reports.
func Session(c *fiber.Ctx) (*auth.Session, bool) {
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
func BlockedSession(c *fiber.Ctx) (*auth.Session, *auth.User, *auth.Error) {
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
