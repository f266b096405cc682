package conformance_test

import (
	"net/http"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest/conformance"
)

// serveMux is net/http's integration: the auth routes under /auth/, which
// load the session themselves, MePath behind Middleware and RequireUser,
// and WhoPath behind Middleware.
var serveMux = conformance.HandlerTarget("servemux", func(a *auth.Auth, opts ...authhttp.Option) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/auth/", authhttp.Handler(a, opts...))
	mux.Handle("GET "+conformance.MePath, authhttp.Middleware(a, opts...)(authhttp.RequireUser(conformance.MeHandler)))
	mux.Handle("GET "+conformance.WhoPath, authhttp.Middleware(a, opts...)(conformance.WhoHandler))
	return mux
})

// TestRun runs the suite against net/http's integration, which needs
// nothing outside the standard library, so that the suite proves itself
// in its own module.
func TestRun(t *testing.T) { conformance.Run(t, serveMux) }
