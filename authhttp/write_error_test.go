package authhttp_test

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
)

func TestWriteError(t *testing.T) {
	problems := authhttp.EncodeErrors(func(e *auth.Error) (string, any) {
		return "application/problem+json", map[string]any{"type": "/errors/" + e.Code, "status": e.Status}
	})
	teapot := auth.NewError("teapot", http.StatusTeapot, "i am a teapot")
	tests := []struct {
		name        string
		e           *auth.Error
		opts        []authhttp.Option
		status      int
		contentType string
		body        string
		retryAfter  string
	}{
		{"not found", auth.ErrNotFound, nil, http.StatusNotFound, "application/json",
			`{"error":{"code":"not_found","message":"not found"}}`, ""},
		{"a plugin's code", teapot, nil, http.StatusTeapot, "application/json",
			`{"error":{"code":"teapot","message":"i am a teapot"}}`, ""},
		{"encoded", auth.ErrBodyTooLarge, []authhttp.Option{authhttp.Prefix("/x"), problems}, http.StatusRequestEntityTooLarge,
			"application/problem+json", `{"status":413,"type":"/errors/body_too_large"}`, ""},
		{"retry after, rounded up", &auth.Error{Code: "rate_limited", Message: "too many requests", Status: 429, RetryAfter: 1500 * time.Millisecond},
			nil, http.StatusTooManyRequests, "application/json", `{"error":{"code":"rate_limited","message":"too many requests"}}`, "2"},
		{"internal, cause unsaid", auth.ErrInternal.Wrap(errors.New("dial tcp: secret-host")), nil, http.StatusInternalServerError,
			"application/json", `{"error":{"code":"internal","message":"internal error"}}`, ""},
		{"status out of range", auth.NewError("odd", http.StatusOK, "odd"), nil, http.StatusInternalServerError,
			"application/json", `{"error":{"code":"odd","message":"odd"}}`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := httptest.NewRecorder()
			authhttp.WriteError(w, tt.e, tt.opts...)
			body := strings.TrimSuffix(w.Body.String(), "\n")
			if w.Code != tt.status || body != tt.body || w.Header().Get("Content-Type") != tt.contentType {
				t.Errorf("WriteError(%s) = %d %s (%s), want %d %s (%s)", tt.e.Code, w.Code, body, w.Header().Get("Content-Type"),
					tt.status, tt.body, tt.contentType)
			}
			if got := w.Header().Get("Retry-After"); got != tt.retryAfter {
				t.Errorf("WriteError(%s): Retry-After %q, want %q", tt.e.Code, got, tt.retryAfter)
			}
			if got := w.Header().Get("Cache-Control"); got != "no-store" {
				t.Errorf("WriteError(%s): Cache-Control %q, want no-store", tt.e.Code, got)
			}
		})
	}
}
