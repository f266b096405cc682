package authhttp

import (
	"net/http"
	"strconv"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/internal/apimodel"
	"github.com/sesame-go/sesame/internal/openapi"
)

// OpenAPI returns the OpenAPI 3.1 document (indented JSON) of the routes
// [Handler] serves for a with opts: each operation's path, parameters,
// request body and answer, with schemas derived from its Go types; its
// error answers by status, each with the closed set of codes it may
// carry; and the security schemes (the session cookie, bearer tokens, and
// the headers of credential resolvers such as the apikey plugin's). The
// server URL is the base URL's origin with the prefix. The same instance
// gives the same bytes. docs/openapi.md shows how to publish it.
func OpenAPI(a *auth.Auth, opts ...Option) ([]byte, error) {
	cfg := newConfig(a, opts)
	api, err := apimodel.Describe(a)
	if err != nil {
		return nil, err
	}
	base := a.BaseURL()
	return openapi.Document(api, openapi.Config{
		Server:       base.Scheme + "://" + base.Host + cfg.prefix,
		Cookie:       CookieName(a),
		ModeHeader:   HeaderTokenMode,
		BearerHeader: HeaderToken,
		CustomErrors: cfg.encode != nil,
	})
}

// OpenAPIHandler serves the document of [OpenAPI] to GET and HEAD, for a
// host that publishes it at a route of its choosing:
//
//	mux.Handle("GET /auth-openapi.json", authhttp.OpenAPIHandler(a))
//
// Give it the options given to [Handler]. The document is made once; if
// it cannot be (a plugin's type that describes no JSON shape), every
// request is answered as an internal error and the cause is logged.
func OpenAPIHandler(a *auth.Auth, opts ...Option) http.Handler {
	cfg := newConfig(a, opts)
	doc, err := OpenAPI(a, opts...)
	if err != nil {
		a.Logger().Error("authhttp: the OpenAPI document cannot be made", "err", err)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.Method != http.MethodGet && r.Method != http.MethodHead:
			w.Header().Set("Allow", "GET, HEAD")
			writeError(w, cfg, auth.ErrMethodNotAllowed)
		case err != nil:
			writeError(w, cfg, auth.ErrInternal)
		default:
			h := w.Header()
			h.Set("Content-Type", "application/json")
			h.Set("Cache-Control", "no-cache")
			h.Set("Content-Length", strconv.Itoa(len(doc)))
			w.WriteHeader(http.StatusOK)
			if r.Method == http.MethodGet {
				w.Write(doc)
			}
		}
	})
}
