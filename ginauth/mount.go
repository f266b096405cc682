package ginauth

import (
	"path"
	"slices"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
)

// Mount serves every operation registered with a under prefix (such as
// "/auth") of r, through [authhttp.Handler] with opts and
// [authhttp.Prefix]. A gin.RouterGroup's base path is added to the prefix
// authhttp sees, so Mount(r.Group("/api"), a, "/auth") serves /api/auth/...
// One wildcard route takes every method under the prefix; authhttp
// answers 404 and 405 itself, so register no other route under it.
//
// The routes load the session themselves when no [Middleware] ran first.
func Mount(r gin.IRouter, a *auth.Auth, prefix string, opts ...authhttp.Option) {
	prefix = strings.TrimSuffix(prefix, "/")
	full := prefix
	if g, ok := r.(interface{ BasePath() string }); ok {
		full = strings.TrimSuffix(path.Join(g.BasePath(), prefix), "/")
	}
	h := authhttp.Handler(a, append(slices.Clip(opts), authhttp.Prefix(full))...)
	r.Any(prefix+"/*path", gin.WrapH(h))
}
