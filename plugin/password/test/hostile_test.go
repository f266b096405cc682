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

// hostile are the strings a fuzzer of the operations' inputs draws from:
// what a database cannot store (NUL, invalid UTF-8), what is too long for
// a column, and the usual suspects.
var hostile = []string{
	"", " ", "nul\x00byte", "\xff\xfe\xfd", "a\u2028b", strings.Repeat("x", 300), strings.Repeat("é", 40000),
	"😀@example.com", "' OR 1=1 --", "ada@example.com", "grace@example.com", "lin@example.org", "ADA@EXAMPLE.COM", "%00", `..\..\`, "<script>", "\t\r\n",
	"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "0", "-1", "123456",
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
		v.SetString(hostile[r.IntN(len(hostile))])
	case reflect.Bool:
		v.SetBool(r.IntN(2) == 1)
	case reflect.Int, reflect.Int64, reflect.Int32:
		v.SetInt(r.Int64N(1<<40) - 1<<39)
	case reflect.Slice:
		n := r.IntN(3)
		v.Set(reflect.MakeSlice(v.Type(), n, n))
		for i := range n {
			fill(v.Index(i), r)
		}
	}
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

		r := rand.New(rand.NewPCG(1, 2))
		for _, op := range f.a.Operations() {
			for range 25 {
				res, err := f.pw.SignIn(context.Background(), password.SignInRequest{Email: "ada@example.com", Password: auth.NewSecret("ada's password")})
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
