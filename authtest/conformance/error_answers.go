package conformance

import (
	"net/http"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
)

// errorAnswers sends requests that fail before any operation runs and
// checks the status, the body and the headers of each answer.
func errorAnswers(t *testing.T, e *authtest.Engine, target Target) {
	const signIn = "/auth/authtest/sign-in"
	tooLarge := `{"name":"` + strings.Repeat("a", authhttp.DefaultBodyLimit) + `"}`
	textPlain := http.Header{"Content-Type": {"text/plain"}}
	tests := []struct {
		name         string
		method, path string
		body         any
		header       http.Header
		status       int
		code         string
		allow        string
	}{
		{"unknown route", http.MethodGet, "/auth/nope", nil, nil, http.StatusNotFound, "not_found", ""},
		{"the prefix itself", http.MethodGet, "/auth/", nil, nil, http.StatusNotFound, "not_found", ""},
		{"GET of a POST route", http.MethodGet, "/auth/sign-out", nil, nil, http.StatusMethodNotAllowed, "method_not_allowed", "POST"},
		{"POST of a GET route", http.MethodPost, "/auth/session", nil, nil, http.StatusMethodNotAllowed, "method_not_allowed", "GET"},
		{"malformed JSON", http.MethodPost, signIn, `{"name":`, nil, http.StatusBadRequest, "invalid_json", ""},
		{"unknown field", http.MethodPost, signIn, `{"name":"ada","admin":true}`, nil, http.StatusBadRequest, "invalid_json", ""},
		{"wrong field type", http.MethodPost, signIn, `{"name":7}`, nil, http.StatusBadRequest, "invalid_json", ""},
		{"two JSON objects", http.MethodPost, signIn, `{"name":"ada"}{}`, nil, http.StatusBadRequest, "invalid_json", ""},
		{"missing field", http.MethodPost, signIn, `{}`, nil, http.StatusBadRequest, "invalid_input", ""},
		{"wrong content type", http.MethodPost, signIn, `{"name":"ada"}`, textPlain, http.StatusUnsupportedMediaType, "unsupported_media_type", ""},
		{"body over the limit", http.MethodPost, signIn, tooLarge, nil, http.StatusRequestEntityTooLarge, "body_too_large", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := serve(t, target, newAuth(t, e, target)).client(t)
			res := c.Do(tt.method, tt.path, tt.body, tt.header)
			what := tt.method + " " + tt.path
			wantError(t, what, res, tt.status, tt.code)
			if got := res.Header.Get("Allow"); got != tt.allow {
				t.Errorf("%s: Allow = %q, want %q", what, got, tt.allow)
			}
			wantNoCookie(t, what, res)
		})
	}
}
