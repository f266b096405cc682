package authhttp

import (
	"net/http"
	"slices"
	"strings"

	"github.com/sesame-go/sesame/auth"
)

// Handler serves every operation registered with a, at its method and
// path under the prefix, but server operations
// ([auth.OpInfo.ServerOnly]), which have no route. Mount it at the prefix:
//
//	mux.Handle("/auth/", authhttp.Handler(a))
//
// It loads the session as [Middleware] does when no Middleware ran before
// it, so it needs none.
func Handler(a *auth.Auth, opts ...Option) http.Handler {
	cfg := newConfig(a, opts)
	mux := http.NewServeMux()
	byPath := map[string][]auth.Operation{}
	var paths []string
	for _, op := range a.Operations() {
		if op.Info().ServerOnly() {
			continue // Go calls only
		}
		p := cfg.prefix + op.Info().Path
		if _, seen := byPath[p]; !seen {
			paths = append(paths, p)
		}
		byPath[p] = append(byPath[p], op)
	}
	for _, p := range paths {
		mux.Handle(p, route{a: a, cfg: cfg, ops: byPath[p]})
	}
	mux.Handle("/", http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		writeError(w, cfg, auth.ErrNotFound)
	}))
	return mux
}

// route serves the operations of one path, by method.
type route struct {
	a   *auth.Auth
	cfg *config
	ops []auth.Operation
}

func (rt route) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	method := r.Method
	if method == http.MethodHead {
		method = http.MethodGet // net/http drops the body of a HEAD answer
	}
	i := slices.IndexFunc(rt.ops, func(op auth.Operation) bool { return op.Info().Method == method })
	if i < 0 {
		var allow []string
		for _, op := range rt.ops {
			allow = append(allow, op.Info().Method)
		}
		w.Header().Set("Allow", strings.Join(allow, ", "))
		writeError(w, rt.cfg, auth.ErrMethodNotAllowed)
		return
	}
	r, req, fresh := attach(rt.a, r, rt.cfg)
	if fresh && !loadSession(w, r, rt.a, rt.cfg, req) {
		return // the database failed; answered
	}
	if fresh {
		defer deliver(w, r, req) // else the Middleware in front delivers
	}
	out, oc, err := invoke(w, r, rt.a, rt.ops[i], req, decoder(r, rt.cfg, rt.ops[i].Info()))
	if err != nil {
		writeError(w, rt.cfg, auth.AsError(err))
		return
	}
	if oc.Redirect != "" {
		redirect(w, r, oc.Redirect)
		return
	}
	writeJSON(w, r, out)
}
