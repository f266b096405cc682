package echoauth

import (
	"net/http"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
)

// Router is what [Mount] adds routes to: an *echo.Echo or an *echo.Group.
type Router interface {
	Any(path string, h echo.HandlerFunc, m ...echo.MiddlewareFunc) []*echo.Route
	RouteNotFound(path string, h echo.HandlerFunc, m ...echo.MiddlewareFunc) *echo.Route
}

var (
	_ Router = (*echo.Echo)(nil)
	_ Router = (*echo.Group)(nil)
)

// Mount serves every operation registered with a under prefix (such as
// "/auth"; in a group, under the group's prefix followed by prefix) through
// [authhttp.Handler]. Every request for the prefix or a path below it
// reaches authhttp, whatever its method, so that the 404 and 405 answers
// there are Sesame's. opts are authhttp's ([authhttp.BodyLimit],
// [authhttp.EncodeErrors]); the routes' path comes from prefix, never from
// an [authhttp.Prefix] among them.
//
// Mount needs no [Middleware]: without it, the routes load the session
// themselves.
func Mount(r Router, a *auth.Auth, prefix string, opts ...authhttp.Option) {
	prefix = strings.TrimSuffix(prefix, "/")
	var h http.Handler // set below, before any request can arrive
	serve := func(c echo.Context) error {
		h.ServeHTTP(c.Response(), c.Request())
		return nil
	}
	// Any covers the methods echo knows; RouteNotFound catches the others,
	// which echo would answer 404 or 405 itself.
	routes := r.Any(prefix+"/*", serve)
	r.RouteNotFound(prefix+"/*", serve)
	// The routes' full path, with the group's prefix, as echo normalized it.
	full := strings.TrimSuffix(routes[0].Path, "/*")
	if full != "" {
		r.Any(prefix, serve)
		r.RouteNotFound(prefix, serve)
	}
	h = authhttp.Handler(a, append(slices.Clip(opts), authhttp.Prefix(full))...)
}
