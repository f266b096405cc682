package fiberauth

import (
	"errors"
	"net/http"
	"testing"

	"github.com/gofiber/fiber/v2"

	"github.com/sesame-go/sesame/auth"
)

func TestFiberError(t *testing.T) {
	own := auth.NewError("quota_exceeded", http.StatusForbidden, "quota exceeded")
	tests := []struct {
		name   string
		err    error
		code   string
		status int
	}{
		{"auth error", own, "quota_exceeded", http.StatusForbidden},
		{"wrapped auth error", errors.Join(errors.New("context"), own), "quota_exceeded", http.StatusForbidden},
		{"body too large", fiber.ErrRequestEntityTooLarge, "body_too_large", http.StatusRequestEntityTooLarge},
		{"headers too large", fiber.ErrRequestHeaderFieldsTooLarge, "headers_too_large", http.StatusRequestHeaderFieldsTooLarge},
		{"not found, fiber's message", fiber.NewError(http.StatusNotFound, "Cannot GET /x"), "not_found", http.StatusNotFound},
		{"method", fiber.ErrMethodNotAllowed, "method_not_allowed", http.StatusMethodNotAllowed},
		{"parse error", fiber.NewError(http.StatusBadRequest, "error when reading request headers: ..."), "bad_request", http.StatusBadRequest},
		{"timeout", fiber.ErrRequestTimeout, "request_timeout", http.StatusRequestTimeout},
		{"too many", fiber.ErrTooManyRequests, "rate_limited", http.StatusTooManyRequests},
		{"other status", fiber.ErrUnsupportedMediaType, "unsupported_media_type", http.StatusUnsupportedMediaType},
		{"status text with an apostrophe", fiber.ErrTeapot, "im_a_teapot", http.StatusTeapot},
		{"other server status", fiber.ErrBadGateway, "bad_gateway", http.StatusBadGateway},
		{"fiber 500", fiber.ErrInternalServerError, "internal", http.StatusInternalServerError},
		{"not an error status", fiber.NewError(http.StatusFound, "Found"), "internal", http.StatusInternalServerError},
		{"unknown status", fiber.NewError(599, "?"), "internal", http.StatusInternalServerError},
		{"plain error", errors.New("boom"), "internal", http.StatusInternalServerError},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if e := fiberError(tt.err); e.Code != tt.code || e.Status != tt.status {
				t.Errorf("fiberError(%v) = %s %d, want %s %d", tt.err, e.Code, e.Status, tt.code, tt.status)
			}
		})
	}
}
