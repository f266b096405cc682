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

// hostile are the test's own strings, drawn besides authtest.HostileStrings.
var hostile = []string{
	"grace@example.com", "lin@example.org",
}

// TestHostileInputs (finding 12) runs every operation of an instance with
// the core, email and password plugins, as a Go call from a signed-in
// fresh session, with inputs drawn from hostile strings: none may fail
// with an internal error on any engine. A NUL byte or invalid UTF-8 is
// invalid_input everywhere, and over HTTP too.
func TestHostileInputs(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		c := f.person(t, "ada@example.com", "ada's password")
		wantError(t, "a NUL byte in a session id", c.Post("/auth/sessions/revoke", `{"id":"nul\u0000byte"}`),
			http.StatusBadRequest, "invalid_input")

		h := authtest.NewHostile(1, hostile...)
		for _, op := range f.a.Operations() {
			for range 25 {
				res, err := f.pw.SignIn(context.Background(), password.SignInRequest{Email: "ada@example.com", Password: auth.NewSecret("ada's password")})
				if err != nil {
					t.Fatalf("sign in again: %v", err)
				}
				ctx := auth.WithSessionToken(context.Background(), res.Token)
				var input any
				_, _, err = op.Invoke(ctx, func(in any) error {
					h.Fill(in)
					input = in
					return nil
				})
				var ae *auth.Error
				if errors.As(err, &ae) && ae.Status >= 500 {
					t.Errorf("%s(%s) = %v, want no server error", op.Info().Name, show(input), err)
				}
			}
		}
	})
}

// show prints an input with its long strings cut.
func show(v any) string {
	s := fmt.Sprintf("%+v", v)
	if len(s) > 300 {
		s = s[:300] + "..."
	}
	return s
}

// TestLongName: a name past MaxNameLength is invalid_input.
func TestLongName(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		_, err := f.pw.SignUp(context.Background(), password.SignUpRequest{Email: "grace@example.com", Password: auth.NewSecret("grace's password"),
			Name: strings.Repeat("é", 40000)})
		if !errors.Is(err, auth.ErrInvalidInput) {
			t.Fatalf("SignUp with a 40 000-character name = %v, want invalid_input", err)
		}
	})
}
