package ginauth

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
)

// RequireUser lets only requests with a signed-in user through. Others
// get what [authhttp.RequireUser] answers, 401 no_session in the body of
// the Middleware's [authhttp.EncodeErrors], or the refusal of the session
// check that blocks their session, and the chain is aborted; with
// [RedirectTo] callers with no session are redirected to a sign-in page
// instead. It needs [Middleware] in front of it, and panics without it,
// since that is a wiring mistake to find at once.
func RequireUser(opts ...Option) gin.HandlerFunc {
	cfg := newConfig(opts)
	return func(c *gin.Context) {
		if auth.RequestFrom(c.Request.Context()) == nil {
			panic("ginauth: RequireUser needs ginauth.Middleware in front of it")
		}
		if cfg.redirect != nil && signedOut(c) {
			redirect(c, cfg.redirect)
			return
		}
		passed := false
		authhttp.RequireUser(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
			passed = true
			c.Request = r
			c.Next()
		})).ServeHTTP(c.Writer, c.Request)
		if !passed {
			c.Abort() // authhttp answered
		}
	}
}

// signedOut reports whether the caller has no session: none at all, not
// one that a session check blocks.
func signedOut(c *gin.Context) bool {
	_, ok := User(c)
	_, _, blocked := BlockedSession(c)
	return !ok && blocked == nil
}

// redirect sends the caller to the sign-in page to, with the page they
// asked for as its next parameter, and aborts the chain.
func redirect(c *gin.Context, to *url.URL) {
	u := *to
	q := u.Query()
	q.Set("next", nextPath(c.Request.URL))
	u.RawQuery = q.Encode()
	status := http.StatusSeeOther // the browser follows with a GET
	if m := c.Request.Method; m == http.MethodGet || m == http.MethodHead {
		status = http.StatusFound
	}
	c.Header("Cache-Control", "no-store")
	c.Redirect(status, u.String())
	c.Abort()
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
