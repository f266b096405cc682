package routertest

import (
	"net/http"
	"testing"

	"github.com/go-chi/chi/v5"
	"github.com/gorilla/mux"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest/conformance"
)

// Each router mounts Sesame the way its documentation says a host does:
// the routes of authhttp.Handler under /auth/, conformance.MePath
// behind authhttp.Middleware and authhttp.RequireUser, and
// conformance.WhoPath behind authhttp.Middleware. opts go to both
// Handler and Middleware.
var (
	// serveMux mounts Handler alone, which loads the session itself, and
	// wraps only the app route in Middleware.
	serveMux = conformance.HandlerTarget("servemux", func(a *auth.Auth, opts ...authhttp.Option) http.Handler {
		m := http.NewServeMux()
		m.Handle("/auth/", authhttp.Handler(a, opts...))
		m.Handle("GET "+conformance.MePath, authhttp.Middleware(a, opts...)(authhttp.RequireUser(conformance.MeHandler)))
		m.Handle("GET "+conformance.WhoPath, authhttp.Middleware(a, opts...)(conformance.WhoHandler))
		return m
	})

	// chiRouter runs Middleware in front of every route, Handler included.
	chiRouter = conformance.HandlerTarget("chi", func(a *auth.Auth, opts ...authhttp.Option) http.Handler {
		r := chi.NewRouter()
		r.Use(authhttp.Middleware(a, opts...))
		r.Mount("/auth", authhttp.Handler(a, opts...))
		r.With(authhttp.RequireUser).Get(conformance.MePath, conformance.MeHandler)
		r.Get(conformance.WhoPath, conformance.WhoHandler)
		return r
	})

	// gorillaRouter runs Middleware in front of every matched route.
	gorillaRouter = conformance.HandlerTarget("gorilla", func(a *auth.Auth, opts ...authhttp.Option) http.Handler {
		r := mux.NewRouter()
		r.Use(mux.MiddlewareFunc(authhttp.Middleware(a, opts...)))
		r.PathPrefix("/auth/").Handler(authhttp.Handler(a, opts...))
		r.Handle(conformance.MePath, authhttp.RequireUser(conformance.MeHandler)).Methods(http.MethodGet)
		r.Handle(conformance.WhoPath, conformance.WhoHandler).Methods(http.MethodGet)
		return r
	})
)

func TestServeMux(t *testing.T) { conformance.Run(t, serveMux) }

// TestServeMuxMemorySessions runs the suite with sessions in the core's
// memory store: a store other than the database passes it too.
func TestServeMuxMemorySessions(t *testing.T) {
	target := serveMux
	target.Name = "servemux with memory sessions"
	target.SessionStore = func(testing.TB) auth.SessionStore { return auth.NewMemorySessionStore() }
	conformance.Run(t, target)
}

func TestChi(t *testing.T) { conformance.Run(t, chiRouter) }

func TestGorilla(t *testing.T) { conformance.Run(t, gorillaRouter) }
