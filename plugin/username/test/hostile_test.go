package test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/password"
)

// hostile are the strings the operations' inputs are drawn from: what a
// database cannot store (NUL, invalid UTF-8), what is too long for a
// column, look-alikes, invisible and right-to-left characters, and the
// usual suspects.
var hostile = []string{
	"", " ", "nul\x00byte", "\xff\xfe\xfd", "a\u2028b", strings.Repeat("x", 300), strings.Repeat("é", 40000),
	strings.Repeat("\ufdfa", 60), "JaneDoe", "j\u0430nedoe", "ｊａｎｅｄｏｅ", "jane\u200ddoe", "\u202ejanedoe", "admin", "ADMIN",
	"jane@example.com", "' OR 1=1 --", "%00", `..\..\`, "<script>", "\t\r\n", "\u0301\u0301\u0301", "\ud55c\uae00", "😀",
	"username", "email", "0", "-1", "a.b", "a..b",
}

// fill sets every exported string, Secret, bool and int of *in from r.
func fill(v reflect.Value, r *rand.Rand) {
	if v.Type() == reflect.TypeFor[auth.Secret]() {
		v.Set(reflect.ValueOf(auth.NewSecret(hostile[r.IntN(len(hostile))])))
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		fill(v.Elem(), r)
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i), r)
			}
		}
	case reflect.String:
		if r.IntN(3) == 0 {
			v.SetString("") // leave fields out, so that inputs with one identifier come up
			return
		}
		v.SetString(hostile[r.IntN(len(hostile))])
	case reflect.Bool:
		v.SetBool(r.IntN(2) == 1)
	case reflect.Int, reflect.Int64, reflect.Int32:
		v.SetInt(r.Int64N(1<<40) - 1<<39)
	}
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
		r := rand.New(rand.NewPCG(3, 4))
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
					fill(reflect.ValueOf(in), r)
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
