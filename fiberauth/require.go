package fiberauth

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/sesame-go/sesame/authhttp"
)

// RequireUser lets only requests with a signed-in user through to the
// next handler. Others get what [authhttp.RequireUser] answers, 401
// no_session in the body of the Middleware's [authhttp.EncodeErrors] or
// the refusal of the session check that blocks their session, and the
// chain stops; with [RedirectTo] callers with no session are redirected
// to a sign-in page instead. It needs [Middleware] in front of it, and
// panics without it, since that is a wiring mistake to find at once.
func RequireUser(opts ...Option) fiber.Handler {
	cfg := newConfig(opts)
	return func(c *fiber.Ctx) error {
		if caller(c) == nil {
			panic("fiberauth: RequireUser needs fiberauth.Middleware in front of it")
		}
		r, err := newRequest(requestContext(c), c.Context())
		if err != nil {
			return fiber.ErrBadRequest
		}
		if cfg.redirect != nil && signedOut(c) {
			closeIfUnread(r, c.Response())
			return redirect(c, r, cfg.redirect)
		}
		passed := false
		w := newResponseWriter(c.Response())
		authhttp.RequireUser(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { passed = true })).ServeHTTP(w, r)
		if passed {
			return c.Next()
		}
		w.finish() // authhttp answered
		closeIfUnread(r, c.Response())
		return nil
	}
}

// signedOut reports whether the caller has no session: none at all, not
// one that a session check blocks.
func signedOut(c *fiber.Ctx) bool {
	_, ok := User(c)
	_, _, blocked := BlockedSession(c)
	return !ok && blocked == nil
}

// redirect sends the caller of r to the sign-in page to, with the page
// they asked for as its next parameter.
func redirect(c *fiber.Ctx, r *http.Request, to *url.URL) error {
	u := *to
	q := u.Query()
	q.Set("next", nextPath(r.URL))
	u.RawQuery = q.Encode()
	status := http.StatusSeeOther // the browser follows with a GET
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		status = http.StatusFound
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.Redirect(u.String(), status)
}

// nextPath is the path and query of u, with a single leading slash, so
// that a sign-in page sending the browser back to it stays on this site
// ("//evil.example" would name another host).
func nextPath(u *url.URL) string {
	p := u.RequestURI()
	if len(p) > 1 && (p[1] == '/' || p[1] == '\\') {
		p = "/" + strings.TrimLeft(p, `/\`)
	}
	return p
}
