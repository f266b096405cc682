package test

import (
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/username"
)

// TestNew: an app of usernames and passwords starts without email only
// with password.WithoutRecovery; a password plugin without identifiers to
// sign in with is refused; a bad username configuration is reported.
func TestNew(t *testing.T) {
	e := authtest.SQLiteEngine(t)
	base := []auth.Option{auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL)}
	tests := []struct {
		name    string
		plugins []auth.Plugin
		want    []string // "" for no error
	}{
		{"usernames and passwords", []auth.Plugin{username.New(), password.New(password.WithoutRecovery())}, nil},
		{"usernames without recovery", []auth.Plugin{username.New(), password.New()},
			[]string{"plugin password: password has no way to recover a password"}},
		{"usernames, email and passwords", []auth.Plugin{email.New(email.WithSender(&authtest.Mailbox{})), username.New(), password.New()}, nil},
		{"no identifiers", []auth.Plugin{password.New(password.WithoutRecovery())},
			[]string{"password needs a unique sign-in identifier"}},
		{"an unknown kind", []auth.Plugin{username.New(), password.New(password.WithoutRecovery(), password.WithIdentifierKinds("phone"))},
			[]string{`password signs in with "phone"`}},
		{"usernames alone", []auth.Plugin{username.New()}, []string{""}},
		{"bad lengths", []auth.Plugin{username.New(username.WithLength(9, 3)), password.New(password.WithoutRecovery())},
			[]string{"plugin username: username: lengths"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := auth.New(append(base, auth.WithPlugins(tt.plugins...))...)
			if tt.want == nil {
				if err != nil {
					t.Fatalf("New = %v, want an instance", err)
				}
				return
			}
			if err == nil || a != nil {
				t.Fatalf("New = %v, %v; want an error", a, err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("New error lacks %q:\n%v", w, err)
				}
			}
		})
	}
}
