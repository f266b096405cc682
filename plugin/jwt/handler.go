package jwt

import (
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/sesame-go/sesame/auth"
)

// JWKSHandler serves the key set ([OpJWKS], through the pipeline) as
// application/jwk-set+json (RFC 7517 §8.5) that caches may keep for 5
// minutes, as the plugin's GET /jwks route does as application/json.
// Mount it where services look for it, such as /.well-known/jwks.json.
func (p *Plugin) JWKSHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			writeError(w, auth.ErrMethodNotAllowed)
			return
		}
		set, err := p.KeySet(r.Context())
		if err != nil {
			writeError(w, auth.AsError(err))
			return
		}
		body, err := json.Marshal(set)
		if err != nil {
			writeError(w, auth.ErrInternal)
			return
		}
		h := w.Header()
		h.Set("Content-Type", "application/jwk-set+json")
		h.Set("Cache-Control", set.CacheControl())
		h.Set("Content-Length", strconv.Itoa(len(body)))
		if r.Method == http.MethodGet {
			w.Write(body)
		}
	})
}

// writeError answers with e's status and authhttp's error body.
func writeError(w http.ResponseWriter, e *auth.Error) {
	if e.Status < 400 || e.Status > 599 {
		e = auth.ErrInternal
	}
	body, _ := json.Marshal(map[string]map[string]string{"error": {"code": e.Code, "message": e.Message}})
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(e.Status)
	w.Write(body)
}
