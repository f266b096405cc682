package test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/phone"
)

// hostile are the strings the operations' inputs are drawn from: what a
// database cannot store (NUL, invalid UTF-8), what is too long, numbers
// in other digits or forms, and the usual suspects.
var hostile = []string{
	"", " ", "nul\x00byte", "\xff\xfe\xfd", strings.Repeat("9", 300), strings.Repeat("+", 40000), "+44 7700 900001\x00",
	"+447700900001", "+447700900002", "+44 7700 900 003", "+４４７７００９００００１", "+٤٤٧٧٠٠٩٠٠٠٠١", "07700900001", "+1 650 253 0000",
	"+979 1234 5678", "+881 612345678", "tel:+447700900001", "' OR 1=1 --", "<script>", "\t\r\n", "+44\u200d7700900001",
	"+447700900001;ext=1", "000000", "123456", "😀", "+", "++", "+0",
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
	}
}

// TestHostileInputs runs every operation of the phone plugin, as a Go
// call from a signed-in fresh session, with inputs drawn from hostile
// strings: none may fail with a server error on any engine. A NUL byte
// or invalid UTF-8 is invalid_input over HTTP too.
func TestHostileInputs(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{phone: []phone.Option{phone.WithMaxNumbers(50)}})
		wantError(t, "a NUL byte in a number", f.client(t).Post("/auth/phone/code/send", `{"phone":"+44\u00007700900001"}`),
			http.StatusBadRequest, "invalid_input")
		r := rand.New(rand.NewPCG(5, 6))
		people := 0
		for _, op := range f.ph.Operations() {
			for range 40 {
				people++
				mine := fmt.Sprintf("+447700%06d", people)
				f.person(t, number(mine), number(fmt.Sprintf("+447800%06d", people)))
				if err := f.ph.SendCode(context.Background(), mine); err != nil {
					t.Fatal(err)
				}
				res, err := f.ph.SignIn(context.Background(), phone.SignInRequest{Phone: mine, Code: auth.NewSecret(f.sms.code(t, mine, phone.PurposeSignIn))})
				if err != nil {
					t.Fatalf("sign in: %v", err)
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

// TestOperationNames: the plugin's operations are named by its exported
// constants, so that a name given to auth.WithRateLimit cannot drift.
func TestOperationNames(t *testing.T) {
	e := authtest.SQLiteEngine(t)
	p := phone.New(phone.WithSender(&smsBox{}))
	if _, err := auth.New(auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithPlugins(p),
		auth.WithRateLimit(phone.OpSendCode, auth.RateRules{})); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, op := range p.Operations() {
		got = append(got, op.Info().Name)
	}
	want := []string{phone.OpSendCode, phone.OpSignIn, phone.OpAdd, phone.OpVerify, phone.OpChange, phone.OpRemove, phone.OpList}
	if !slices.Equal(got, want) {
		t.Errorf("operations %v, want %v", got, want)
	}
}

// TestNew: the plugin needs a sender, sound limits and known calling
// codes, and reports every problem at once.
func TestNew(t *testing.T) {
	e := authtest.SQLiteEngine(t)
	for _, tt := range []struct {
		name string
		opts []phone.Option
		want []string
	}{
		{"no sender", nil, []string{"no sender"}},
		{"bad calling codes", []phone.Option{phone.WithSender(&smsBox{}), phone.WithCallingCodes("44", "999"),
			phone.WithPrefixLimitFor("0", phone.PrefixLimit{})}, []string{`"999" is no country calling code`, `"0" is no country calling code`}},
		{"bad limits", []phone.Option{phone.WithSender(&smsBox{}), phone.WithPrefixLimit(phone.PrefixLimit{Limit: 5}),
			phone.WithCodes(0, 0), phone.WithMaxNumbers(0)}, []string{"a window of a second", "a minute at least", "one number per person"}},
		{"bad template", []phone.Option{phone.WithSender(&smsBox{}), phone.WithTemplate(phone.PurposeSignIn, "{{.Code")}, []string{"template phone-sign-in-code"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := auth.New(auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithPlugins(phone.New(tt.opts...)))
			for _, w := range tt.want {
				if err == nil || !strings.Contains(err.Error(), w) {
					t.Errorf("New = %v, want an error with %q", err, w)
				}
			}
		})
	}
}

// show prints an input with its long strings cut.
func show(v any) string {
	s := fmt.Sprintf("%+v", v)
	if len(s) > 300 {
		s = s[:300] + "..."
	}
	return s
}
