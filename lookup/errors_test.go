package lookup

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestErrorIs(t *testing.T) {
	tests := []struct {
		name            string
		err             *Error
		notFound, unava bool
	}{
		{"404", &Error{StatusCode: 404}, true, false},
		{"410", &Error{StatusCode: 410}, true, false},
		{"200 null", &Error{StatusCode: 200, Err: ErrNotFound}, true, false},
		{"500", &Error{StatusCode: 500}, false, true},
		{"503", &Error{StatusCode: 503, RetryAfter: time.Second}, false, true},
		{"429", &Error{StatusCode: 429}, false, true},
		{"400", &Error{StatusCode: 400}, false, false},
		{"200 bad", &Error{StatusCode: 200, Err: ErrBadResponse}, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wrapped := fmt.Errorf("starter: %w", tt.err)
			if got := errors.Is(wrapped, ErrNotFound); got != tt.notFound {
				t.Errorf("errors.Is(%v, ErrNotFound) = %v, want %v", tt.err, got, tt.notFound)
			}
			if got := errors.Is(wrapped, ErrUnavailable); got != tt.unava {
				t.Errorf("errors.Is(%v, ErrUnavailable) = %v, want %v", tt.err, got, tt.unava)
			}
			var e *Error
			if !errors.As(wrapped, &e) || e != tt.err {
				t.Errorf("errors.As(%v) = %v, want the *Error", wrapped, e)
			}
		})
	}
}

func TestErrorMessage(t *testing.T) {
	tests := []struct {
		name string
		err  *Error
		want string
	}{
		{"null", &Error{Method: "GET", URL: "https://api.classmere.com/courses/CS/999", StatusCode: 200, Body: []byte("null"), Err: ErrNotFound},
			`lookup: GET https://api.classmere.com/courses/CS/999: 200 OK: not found (body "null")`},
		{"404", &Error{Method: "GET", URL: "https://api.classmere.com/x", StatusCode: 404},
			`lookup: GET https://api.classmere.com/x: 404 Not Found`},
		{"long body", &Error{Method: "GET", URL: "u", StatusCode: 500, Body: []byte(strings.Repeat("x", 500))},
			`lookup: GET u: 500 Internal Server Error (body "` + strings.Repeat("x", 120) + `")`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.err.Error(); got != tt.want {
				t.Errorf("Error() = %q, want %q", got, tt.want)
			}
		})
	}
	sentinels := []error{ErrNotFound, ErrUnavailable, ErrBadResponse, ErrTooLarge, ErrRedirect, ErrInvalid}
	for _, err := range sentinels {
		if !strings.HasPrefix(err.Error(), "lookup: ") {
			t.Errorf("%q does not start with lookup: ", err)
		}
	}
}

func TestCapBody(t *testing.T) {
	if got := capBody(make([]byte, 5000)); len(got) != maxErrorBody {
		t.Errorf("capBody(5000 bytes) = %d bytes, want %d", len(got), maxErrorBody)
	}
	if got := capBody(nil); got != nil {
		t.Errorf("capBody(nil) = %q, want nil", got)
	}
}
