package school

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

var sentinels = []error{ErrInvalidCredentials, ErrUnauthorized, ErrNotFound, ErrMethodNotAllowed, ErrUnavailable, ErrBadResponse}

func TestErrorIs(t *testing.T) {
	for _, kind := range sentinels {
		t.Run(kind.Error(), func(t *testing.T) {
			err := fmt.Errorf("signing in: %w", &Error{Kind: kind, Status: 401, Err: context.DeadlineExceeded})
			for _, other := range sentinels {
				if got, want := errors.Is(err, other), other == kind; got != want {
					t.Errorf("errors.Is(%v, %v) = %t, want %t", err, other, got, want)
				}
			}
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("errors.Is(%v, context.DeadlineExceeded) = false, want true", err)
			}
			var e *Error
			if !errors.As(err, &e) || e.Status != 401 {
				t.Errorf("errors.As(%v) = %v, want the *Error with status 401", err, e)
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
		{"kind only", &Error{Kind: ErrNotFound}, "school: api not found"},
		{"no kind", &Error{}, "school: error"},
		{"status and reason", &Error{Kind: ErrUnauthorized, Status: 401, Reason: "Invalid Token"}, `school: api token or school id refused: status 401: "Invalid Token"`},
		{"inner error of this package", &Error{Kind: ErrBadResponse, Status: 200, Err: errors.New("school: envelope: not a JSON object")}, "school: unexpected response: status 200: envelope: not a JSON object"},
		{"other inner error", &Error{Kind: ErrUnavailable, Err: context.Canceled}, "school: service unavailable: context canceled"},
		{"reason with a quote", &Error{Kind: ErrInvalidCredentials, Reason: `say "hi"`}, `school: invalid user id or password: "say \"hi\""`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.err.Error(); got != tt.want {
				t.Errorf("Error() = %q, want %q", got, tt.want)
			}
		})
	}
	for _, kind := range sentinels {
		if !strings.HasPrefix(kind.Error(), "school: ") {
			t.Errorf("%q lacks the prefix %q", kind, "school: ")
		}
	}
}
