package echoauth

import (
	"net/http"
	"net/url"

	"github.com/labstack/echo/v4"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
)

// RequireUser runs the route only for a signed-in user. Others get what
// [authhttp.RequireUser] answers, 401 no_session in the error body of
// [Middleware]'s options or the refusal of the session check that blocks
// their session; with [RedirectTo], callers with no session get a redirect
// to a sign-in page instead. It needs Middleware in front of it, and
// panics without it, since that is a wiring mistake to find at once.
func RequireUser(opts ...Option) echo.MiddlewareFunc {
	cfg := newConfig(opts)
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if auth.RequestFrom(c.Request().Context()) == nil {
				panic("echoauth: RequireUser needs echoauth.Middleware in front of it")
			}
			if cfg.redirectTo != nil && signedOut(c) {
				return redirect(c, cfg.redirectTo)
			}
			var err error
			authhttp.RequireUser(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
				err = next(c)
			})).ServeHTTP(c.Response(), c.Request())
			return err // nil when authhttp answered
		}
	}
}

// signedOut reports whether the caller has no session: none at all, not
// one that a session check blocks.
func signedOut(c echo.Context) bool {
	_, ok := User(c)
	_, _, blocked := BlockedSession(c)
	return !ok && blocked == nil
}

// redirect sends the client to target with the page it asked for, path
// and query, in the next parameter: 302 for GET and HEAD, 303 otherwise so
// that the browser follows with a GET.
func redirect(c echo.Context, target *url.URL) error {
	u := *target
	q := u.Query()
	q.Set("next", c.Request().URL.RequestURI())
	u.RawQuery = q.Encode()
	code := http.StatusSeeOther
	if m := c.Request().Method; m == http.MethodGet || m == http.MethodHead {
		code = http.StatusFound
	}
	c.Response().Header().Set("Cache-Control", "no-store") // it depends on the cookie
	return c.Redirect(code, u.String())
}
