package test

import (
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
)

// TestValidateWithOtherProblems: New reports the plugin's complaints with
// the core's, not instead of them, so that one run lists every mistake.
func TestValidateWithOtherProblems(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		tests := []struct {
			name string
			opts []auth.Option
			want []string
		}{
			{"no recovery and an undeclared rename", []auth.Option{auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
				auth.RenameTable("auth_nothing", "x"), auth.WithPlugins(email.New(), password.New())},
				[]string{`RenameTable("auth_nothing")`, "plugin password: password has no way to recover a password"}},
			{"no recovery and no database", []auth.Option{auth.WithBaseURL(authtest.BaseURL), auth.WithPlugins(email.New(), password.New())},
				[]string{"WithDB is required", "plugin password: password has no way to recover a password"}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				a, err := auth.New(tt.opts...)
				if err == nil || a != nil {
					t.Fatalf("New = %v, %v; want an error", a, err)
				}
				for _, want := range tt.want {
					if !strings.Contains(err.Error(), want) {
						t.Errorf("New error lacks %q:\n%v", want, err)
					}
				}
			})
		}
	})
}
