package site

import (
	"context"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/password/breach/breachtest"
)

// TestPasswordChecks: sign-up refuses the most common passwords whatever
// the breach check's setting, and breached ones when the breach service
// answers; when it cannot be reached, sign-ups go on and a warning is
// logged.
func TestPasswordChecks(t *testing.T) {
	const breached = "a breached passphrase"
	service := breachtest.NewServer(t, breached)
	gone := httptest.NewServer(nil)
	gone.Close()
	tests := []struct {
		name      string
		breachURL string
		password  string
		wantErr   string // a part of the message; "" for success
		wantLog   string
	}{
		{"common, check off", BreachOff, "password", "one of the most common", ""},
		{"common, in capitals", BreachOff, "Password1", "one of the most common", ""},
		{"breached, check off", BreachOff, breached, "", ""},
		{"breached, check on", service.URL, breached, "appeared in a data breach", ""},
		{"common, check on", service.URL, "qwertyuiop", "one of the most common", ""},
		{"fine, check on", service.URL, "correct horse battery", "", ""},
		{"breach service unreachable", gone.URL, breached, "", "breach check unavailable, accepting the password"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, out := newApp(t, Config{BreachURL: tt.breachURL})
			_, err := s.password.SignUp(context.Background(), password.SignUpRequest{
				Email: "ada@example.com", Password: auth.NewSecret(tt.password)})
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("SignUp(%q) = %v, want success", tt.password, err)
			case tt.wantErr != "" && (!errors.Is(err, password.ErrPasswordBreached) || !strings.Contains(err.Error(), tt.wantErr)):
				t.Fatalf("SignUp(%q) = %v, want %s saying %q", tt.password, err, password.ErrPasswordBreached.Code, tt.wantErr)
			}
			if !strings.Contains(out.String(), tt.wantLog) {
				t.Errorf("SignUp(%q) logged\n%s\nwant %q", tt.password, out, tt.wantLog)
			}
		})
	}
}
