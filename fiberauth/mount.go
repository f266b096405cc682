package fiberauth

import (
	"net/http"
	"slices"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
)

// Mount serves every operation registered with a under prefix (such as
// "/auth") of app, through [authhttp.Handler] with opts and
// [authhttp.Prefix], on the request translated to net/http. A fiber.Group's
// prefix is added to the one authhttp sees, so
// Mount(app.Group("/api"), a, "/auth") serves /api/auth/... Two routes take
// every method, the prefix and everything under it; authhttp answers 404
// and 405 itself, so register no other route under the prefix.
//
// The routes reuse the session [Middleware] loaded, and load it
// themselves when no Middleware ran first.
func Mount(app fiber.Router, a *auth.Auth, prefix string, opts ...authhttp.Option) {
	prefix = strings.TrimSuffix(prefix, "/")
	full := prefix
	if g, ok := app.(*fiber.Group); ok {
		full = strings.TrimSuffix(g.Prefix, "/") + prefix
	}
	h := authhttp.Handler(a, append(slices.Clip(opts), authhttp.Prefix(full))...)
	mw := authhttp.Middleware(a, opts...)
	serve := func(c *fiber.Ctx) error {
		if caller(c) == nil { // no Middleware in front: load the session here
			if ok, err := attach(c, mw); !ok {
				return err
			}
			defer deliver(c)
		}
		return serveHTTP(c, h)
	}
	if prefix == "" {
		app.All("/", serve)
	} else {
		app.All(prefix, serve)
	}
	app.All(prefix+"/*", serve)
}

// serveHTTP runs h on c's request translated to net/http, and writes its
// answer into c's response.
func serveHTTP(c *fiber.Ctx, h http.Handler) error {
	r, err := newRequest(requestContext(c), c.Context())
	if err != nil {
		return fiber.ErrBadRequest
	}
	w := newResponseWriter(c.Response())
	h.ServeHTTP(w, r)
	w.finish()
	closeIfUnread(r, c.Response())
	return nil
}

// WrapHandler runs a net/http handler, such as a server-rendered page that
// calls Sesame's typed Go methods, on the request translated as [Mount]'s
// are: its context carries the caller and the session [Middleware] loaded,
// so [authhttp.UserFrom] and the operations see them, and its answer,
// cookies included, is written to fiber's response.
func WrapHandler(h http.Handler) fiber.Handler {
	return func(c *fiber.Ctx) error { return serveHTTP(c, h) }
}
