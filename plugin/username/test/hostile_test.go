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
	strings.Repeat("\ufdfa", 60), "JaneDoe", "j\u0430nedoe", "ｊａｎｅｄｏｅ", "jane\u200ddoe", "\u202ejanedoe", "admin", "ADMIN",
	"jane@example.com", "\u0301\u0301\u0301", "\ud55c\uae00", "😀",
	"username", "email", "a.b", "a..b",
}

// TestHostileInputs runs every operation of an instance of usernames,
// passwords and email, as a Go call from a signed-in fresh session, with
// inputs drawn from hostile strings: none may fail with a server error on
// any engine. A NUL byte or invalid UTF-8 is invalid_input over HTTP too.
func TestHostileInputs(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{withEmail: true})
		wantError(t, "a NUL byte in a username", f.c.Post("/auth/username/check", `{"username":"nul\u0000byte"}`),
			http.StatusBadRequest, "invalid_input")
		h := authtest.NewHostile(3, hostile...)
		h.Blank = 1.0 / 3 // leave fields out, so that inputs with one identifier come up
		people := 0
		var name string
		for _, op := range f.a.Operations() {
			for range 25 {
				res, err := f.pw.SignIn(context.Background(), password.SignInRequest{Username: name, Password: auth.NewSecret("jane's password")})
				if errors.Is(err, password.ErrInvalidCredentials) || errors.Is(err, auth.ErrInvalidInput) {
					// The last operation took the name away (a change, an undo ...): a new person.
					people++
					name = fmt.Sprintf("person%d", people)
					f.person(t, name, "jane's password")
					res, err = f.pw.SignIn(context.Background(), password.SignInRequest{Username: name, Password: auth.NewSecret("jane's password")})
				}
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
