package test

import (
	"context"
	"errors"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/phone"
)

// TestGoCalls runs the journey as typed Go calls, with the session of
// auth.WithSessionToken: sign-up, sign-in, add, change and remove.
func TestGoCalls(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		ctx := context.Background()
		if err := f.ph.SendCode(ctx, "+44 7700 900001"); err != nil {
			t.Fatal(err)
		}
		up, err := f.ph.SignIn(ctx, phone.SignInRequest{Phone: ada, Code: auth.NewSecret(f.sms.code(t, ada, phone.PurposeSignUp)), Name: "Ada"})
		if err != nil || !up.Created || up.Token.IsZero() {
			t.Fatalf("SignIn(sign-up code) = %+v, %v; want a new account and a token", up, err)
		}
		if err := f.ph.SendCode(ctx, ada); err != nil {
			t.Fatal(err)
		}
		in, err := f.ph.SignIn(ctx, phone.SignInRequest{Phone: ada, Code: auth.NewSecret(f.sms.code(t, ada, phone.PurposeSignIn))})
		if err != nil || in.Created || in.User.ID != up.User.ID {
			t.Fatalf("SignIn(sign-in code) = %+v, %v; want Ada", in, err)
		}
		if _, err := f.ph.SignIn(ctx, phone.SignInRequest{Phone: ada, Code: auth.NewSecret("123456")}); !errors.Is(err, auth.ErrCodeInvalid) {
			t.Errorf("SignIn with a used code = %v, want invalid_code", err)
		}
		if err := f.ph.Add(ctx, ada2); !errors.Is(err, auth.ErrNoSession) {
			t.Errorf("Add without a session = %v, want no_session", err)
		}
		as := auth.WithSessionToken(ctx, in.Token)
		if err := f.ph.Add(as, ada2); err != nil {
			t.Fatal(err)
		}
		if got, err := f.ph.Verify(as, ada2, auth.NewSecret(f.sms.code(t, ada2, phone.PurposeVerify))); err != nil || got != ada2 {
			t.Fatalf("Verify = %q, %v", got, err)
		}
		if err := f.ph.Change(as, ada2, ada3); err != nil {
			t.Fatal(err)
		}
		if got, err := f.ph.Verify(as, ada3, auth.NewSecret(f.sms.code(t, ada3, phone.PurposeChange))); err != nil || got != ada3 {
			t.Fatalf("Verify(change) = %q, %v", got, err)
		}
		if err := f.ph.Remove(as, ada3); err != nil {
			t.Fatal(err)
		}
		if err := f.ph.Remove(as, ada); !errors.Is(err, phone.ErrLastWayIn) {
			t.Errorf("Remove(last) = %v, want %v", err, phone.ErrLastWayIn)
		}
		list, err := f.ph.List(as)
		if err != nil || len(list) != 1 || list[0].Value != ada {
			t.Errorf("List = %v, %v; want %s", list, err, ada)
		}
		for _, tt := range []struct {
			name string
			call func() error
			want error
		}{
			{"SendCode(national)", func() error { return f.ph.SendCode(ctx, "07700 900001") }, phone.ErrInvalid},
			{"Add(mine)", func() error { return f.ph.Add(as, ada) }, phone.ErrSameNumber},
			{"Change(not mine)", func() error { return f.ph.Change(as, grace, ada2) }, phone.ErrNotYours},
			{"Change(to mine)", func() error { return f.ph.Change(as, ada, "+44 7700 900001") }, phone.ErrSameNumber},
		} {
			if err := tt.call(); !errors.Is(err, tt.want) {
				t.Errorf("%s = %v, want %v", tt.name, err, tt.want)
			}
		}
	})
}

// TestMaxNumbers: a person has at most WithMaxNumbers numbers, verified
// or not; a number added before and not proved gets a new code instead.
func TestMaxNumbers(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{phone: []phone.Option{phone.WithMaxNumbers(2)}})
		c, _ := f.signIn(t, ada, phone.PurposeSignUp)
		mustPost(t, c, "/auth/phone/add", map[string]string{"phone": ada2}, 200)
		mustPost(t, c, "/auth/phone/add", map[string]string{"phone": ada2}, 200)
		if n := f.sms.count(ada2, phone.PurposeVerify); n != 2 {
			t.Errorf("%d codes to the number added twice, want 2", n)
		}
		wantError(t, "a third number", c.Post("/auth/phone/add", map[string]string{"phone": ada3}), 400, "too_many_phones")
	})
}
