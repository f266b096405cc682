package test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/password"
)

// TestCommonPasswords: with WithCommonPasswordCheck, sign-up, reset and
// change refuse a password of the embedded list, in any letter case, with
// password_breached and a message of its own, with no network; without
// it, the same passwords pass.
func TestCommonPasswords(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		tests := []struct {
			name     string
			password string
			check    bool
			refused  bool
		}{
			{"the most common", "password", true, true},
			{"in capitals", "PASSWORD", true, true},
			{"mixed case", "Password1", true, true},
			{"a keyboard walk", "qwertyuiop", true, true},
			{"not common", "correct horse battery", true, false},
			{"common, unchecked", "password", false, false},
		}
		for i, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				var opts []password.Option
				if tt.check {
					opts = append(opts, password.WithCommonPasswordCheck())
				}
				f := newFixture(t, e, opts...)
				addr := fmt.Sprintf("user%d@example.com", i)
				res := f.c.Post("/auth/password/sign-up", map[string]string{"email": addr, "password": tt.password})
				if !tt.refused {
					if res.Status != http.StatusOK {
						t.Fatalf("sign-up with %q = %d %s, want 200", tt.password, res.Status, res.Body)
					}
					return
				}
				wantError(t, "sign-up with "+tt.password, res, http.StatusBadRequest, password.ErrPasswordBreached.Code)
				if !strings.Contains(string(res.Body), "one of the most common") {
					t.Errorf("sign-up with %q = %s, want a message that says it is common", tt.password, res.Body)
				}

				// Reset and change refuse it too.
				f.signUp(t, addr, "correct horse battery")
				ctx := context.Background()
				if err := f.pw.Forgot(ctx, addr); err != nil {
					t.Fatal(err)
				}
				token := auth.NewSecret(f.mail.Token(t, addr, password.PurposeReset))
				if err := f.pw.Reset(ctx, token, auth.NewSecret(tt.password)); !errors.Is(err, password.ErrPasswordBreached) {
					t.Errorf("Reset to %q = %v, want %v", tt.password, err, password.ErrPasswordBreached)
				}
				in, err := f.pw.SignIn(ctx, password.SignInRequest{Email: addr, Password: auth.NewSecret("correct horse battery")})
				if err != nil {
					t.Fatal(err)
				}
				err = f.pw.Change(auth.WithSessionToken(ctx, in.Token), password.ChangeRequest{
					CurrentPassword: auth.NewSecret("correct horse battery"), NewPassword: auth.NewSecret(tt.password)})
				if !errors.Is(err, password.ErrPasswordBreached) {
					t.Errorf("Change to %q = %v, want %v", tt.password, err, password.ErrPasswordBreached)
				}
			})
		}
	})
}
