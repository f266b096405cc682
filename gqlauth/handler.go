package gqlauth

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/sesame-go/sesame/auth"
)

// DefaultBodyLimit is the largest GraphQL request body [Handler] accepts
// by default.
const DefaultBodyLimit = 64 << 10

// Option configures [Handler].
type Option func(*config)

type config struct {
	bodyLimit int64
}

// BodyLimit sets the largest request body [Handler] accepts, in bytes.
func BodyLimit(n int64) Option { return func(c *config) { c.bodyLimit = n } }

// call is what the resolvers of one GraphQL request need.
type call struct {
	a   *auth.Auth
	ops map[string]auth.Operation
	w   http.ResponseWriter
	r   *http.Request
	// mu runs one operation at a time: gqlgen resolves a query's fields
	// concurrently, and the operations share the request and the answer's
	// headers.
	mu sync.Mutex
}

type callKey struct{}

// Handler serves next, the gqlgen server, with what [Resolve] needs in
// each request's context: the instance a, the request and its response
// writer, on which the operations' session cookies and headers are set.
// Before gqlgen reads anything it refuses, in GraphQL's shape
// ({"errors":[...]} with the code), a body over the limit ([BodyLimit],
// 413 body_too_large) and a body or query string that is not valid UTF-8
// (400 invalid_input), which JSON decoding would alter silently (two
// passwords of different bytes would become one), as the routes refuse
// it, and a JSON body that does not parse (400 invalid_json), which
// gqlgen would answer with the body, passwords included. It needs [authhttp.Middleware] in front of it, and panics without,
// since that is a wiring mistake to find at once.
func Handler(a *auth.Auth, next http.Handler, opts ...Option) http.Handler {
	cfg := &config{bodyLimit: DefaultBodyLimit}
	for _, o := range opts {
		o(cfg)
	}
	ops := map[string]auth.Operation{}
	for _, op := range a.Operations() {
		if !op.Info().ServerOnly() {
			ops[op.Info().Name] = op
		}
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if req := auth.RequestFrom(r.Context()); req == nil || req.Transport != auth.TransportHTTP {
			panic("gqlauth: Handler needs authhttp.Middleware in front of it")
		}
		if e := checkBody(r, cfg.bodyLimit); e != nil {
			writeError(w, e)
			return
		}
		c := &call{a: a, ops: ops, w: w}
		r = r.WithContext(context.WithValue(r.Context(), callKey{}, c))
		c.r = r
		next.ServeHTTP(w, r)
	})
}

// checkBody reads r's body, up to limit, and puts it back for gqlgen; it
// refuses one over the limit, and a body or query that is not UTF-8.
func checkBody(r *http.Request, limit int64) *auth.Error {
	query, err := url.QueryUnescape(r.URL.RawQuery)
	if err != nil || !utf8.ValidString(query) {
		return auth.ErrInvalidInput.With("the query string is not valid UTF-8")
	}
	if r.ContentLength > limit {
		return auth.ErrBodyTooLarge
	}
	data, err := io.ReadAll(io.LimitReader(r.Body, limit+1))
	switch {
	case err != nil:
		return auth.ErrInvalidJSON.With("the body could not be read")
	case int64(len(data)) > limit:
		return auth.ErrBodyTooLarge
	case !utf8.Valid(data): // RFC 8259 §8.1
		return auth.ErrInvalidInput.With("the body is not valid UTF-8")
	case len(data) > 0 && isJSON(r) && !json.Valid(data):
		// gqlgen would answer with the body in its message, passwords
		// and all, for the client's logs and any proxy's to keep.
		return auth.ErrInvalidJSON.With("the body is not valid JSON")
	}
	r.Body = io.NopCloser(bytes.NewReader(data))
	return nil
}

// isJSON reports whether r's body is declared JSON, the one media type
// whose errors gqlgen answers with the body.
func isJSON(r *http.Request) bool {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return err == nil && (mt == "application/json" || strings.HasSuffix(mt, "+json"))
}

// writeError answers a request that gqlgen never saw with e as a GraphQL
// error, with e's status.
func writeError(w http.ResponseWriter, e *auth.Error) {
	body, _ := json.Marshal(map[string]any{"errors": []any{map[string]any{
		"message": e.Message, "extensions": map[string]any{"code": e.Code, "status": e.Status},
	}}})
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(e.Status)
	w.Write(body)
}
