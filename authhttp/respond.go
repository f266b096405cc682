package authhttp

import (
	"encoding/json"
	"net/http"
	"strconv"

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

// writeJSON answers 200 with v as JSON.
func writeJSON(w http.ResponseWriter, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		writeError(w, nil, auth.ErrInternal)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	w.Write(append(body, '\n'))
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
	w.WriteHeader(status)
	w.Write(append(body, '\n'))
}

// redirect sends the browser on: 302 after a GET, 303 (See Other, which
// turns the next request into a GET) after anything else.
func redirect(w http.ResponseWriter, r *http.Request, url string) {
	w.Header().Set("Cache-Control", "no-store")
	status := http.StatusSeeOther
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		status = http.StatusFound
	}
	http.Redirect(w, r, url, status)
}
