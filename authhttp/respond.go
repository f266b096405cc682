package authhttp

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"sync"

	"github.com/sesame-go/sesame/auth"
)

// errorBody is the default JSON of an error answer.
type errorBody struct {
	Error errorFields `json:"error"`
}

type errorFields struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Cacheable is an operation's output that caches may keep, such as a
// public key set: on GET, its CacheControl value is sent instead of
// no-store. Answers about a session never are.
type Cacheable interface {
	CacheControl() string
}

// bodies are the buffers answers are encoded in: every answer needs one,
// and a buffer is one answer's alone until it is written.
var bodies = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// writeJSON answers 200 with v as JSON, as json.Marshal writes it, and a
// newline.
func writeJSON(w http.ResponseWriter, r *http.Request, v any) {
	body := bodies.Get().(*bytes.Buffer)
	defer func() {
		if body.Cap() <= 64<<10 { // a rare large answer is left to the collector
			body.Reset()
			bodies.Put(body)
		}
	}()
	if err := encodeJSON(body, v); err != nil {
		writeError(w, nil, auth.ErrInternal)
		return
	}
	cache := "no-store"
	if c, ok := v.(Cacheable); ok && (r.Method == http.MethodGet || r.Method == http.MethodHead) {
		cache = c.CacheControl()
	}
	// The three values share one array, each its own full slice: what
	// Header.Set does, without a slice per header.
	vals := [...]string{"application/json", cache, strconv.Itoa(body.Len())}
	h := w.Header()
	h["Content-Type"], h["Cache-Control"], h["Content-Length"] = vals[0:1:1], vals[1:2:2], vals[2:3:3]
	w.WriteHeader(http.StatusOK)
	w.Write(body.Bytes())
}

// encodeJSON writes v's JSON, as json.Marshal writes it, and a newline
// to body: the session route's answer, on every GET /session, by
// [auth.AppendSessionJSON] into body's own free space, without
// reflection or a compaction pass.
func encodeJSON(body *bytes.Buffer, v any) error {
	info, ok := v.(auth.SessionInfo)
	if !ok {
		return json.NewEncoder(body).Encode(v)
	}
	out, err := auth.AppendSessionJSON(body.AvailableBuffer(), info)
	if err != nil {
		return err
	}
	body.Write(out) // out is body's own free space: Write keeps it
	return body.WriteByte('\n')
}

// writeError answers with e's status, Retry-After, body and its media
// type. An internal error's cause is never written.
func writeError(w http.ResponseWriter, cfg *config, e *auth.Error) {
	contentType, v := "application/json", any(errorBody{errorFields{e.Code, e.Message}})
	if cfg != nil && cfg.encode != nil {
		if contentType, v = cfg.encode(e); contentType == "" {
			contentType = "application/json"
		}
	}
	body, err := json.Marshal(v)
	if err != nil {
		contentType, body = "application/json", []byte(`{"error":{"code":"internal","message":"internal error"}}`)
	}
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("Cache-Control", "no-store")
	if e.RetryAfter > 0 {
		secs := int((e.RetryAfter + 999_999_999) / 1_000_000_000) // round up: retrying early fails
		h.Set("Retry-After", strconv.Itoa(secs))
	}
	status := e.Status
	if status < 400 || status > 599 {
		status = http.StatusInternalServerError
	}
	body = append(body, '\n')
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	w.Write(body)
}

// redirect sends the browser on: 302 after a GET, 303 (See Other, which
// turns the next request into a GET) after anything else.
// The URL goes out as the operation gave it, never cleaned or made
// absolute: operations check return addresses with auth's RedirectTarget.
func redirect(w http.ResponseWriter, r *http.Request, url string) {
	h := w.Header()
	h.Set("Cache-Control", "no-store")
	h.Set("Location", url)
	h.Set("Content-Length", "0")
	status := http.StatusSeeOther
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		status = http.StatusFound
	}
	w.WriteHeader(status)
}

// deliver runs the deliveries the request's operations left, once the
// answer is on its way: it flushes what was written, then runs them on
// the request's goroutine. An answer written with its Content-Length (as
// every answer of Handler is) is then whole at the client, so how long it
// took tells nothing of what was sent.
func deliver(w http.ResponseWriter, r *http.Request, req *auth.Request) {
	if !req.PendingDeliveries() {
		return
	}
	http.NewResponseController(w).Flush() // a writer that cannot flush sends the answer when the handler returns
	req.RunDeliveries(r.Context())
}
