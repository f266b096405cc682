package test

import (
	"context"
	"errors"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
)

// TestGoCalls walks both plugins' journeys through their typed Go methods,
// as a server call with no HTTP request: the same pipeline runs.
func TestGoCalls(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		ctx := context.Background()
		must := func(what string, err error) {
			t.Helper()
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
		}
		_, err := f.pw.SignUp(ctx, password.SignUpRequest{Email: "ada@example.com", Password: auth.NewSecret("correct horse"), Name: "Ada"})
		must("SignUp", err)
		if _, err := f.pw.SignIn(ctx, password.SignInRequest{Email: "ada@example.com", Password: auth.NewSecret("correct horse")}); !errors.Is(err, password.ErrEmailNotVerified) {
			t.Fatalf("SignIn before verification = %v, want ErrEmailNotVerified", err)
		}
		addr, err := f.em.Verify(ctx, auth.NewSecret(f.mail.Token(t, "ada@example.com", email.PurposeVerify)))
		if err != nil || addr != "ada@example.com" {
			t.Fatalf("Verify = %q, %v", addr, err)
		}
		in, err := f.pw.SignIn(ctx, password.SignInRequest{Email: "ada@example.com", Password: auth.NewSecret("correct horse")})
		must("SignIn", err)
		as := auth.WithSessionToken(ctx, in.Token)

		must("Add", f.em.Add(as, "ada@work.example"))
		_, err = f.em.Verify(ctx, auth.NewSecret(f.mail.Token(t, "ada@work.example", email.PurposeVerify)))
		must("Verify second", err)
		must("MakePrimary", f.em.MakePrimary(as, "ada@work.example"))
		list, err := f.em.List(as)
		if err != nil || len(list) != 2 {
			t.Fatalf("List = %d addresses, %v; want 2", len(list), err)
		}
		if err := f.em.Remove(as, "ada@work.example"); !errors.Is(err, email.ErrPrimary) {
			t.Errorf("Remove(primary) = %v, want ErrPrimary", err)
		}
		must("Remove", f.em.Remove(as, "ada@example.com"))

		must("SendCode", f.em.SendCode(ctx, "ada@work.example"))
		byCode, err := f.em.SignInWithCode(ctx, "ada@work.example", auth.NewSecret(f.mail.Code(t, "ada@work.example", email.PurposeCode)))
		if err != nil || byCode.User.ID != in.User.ID {
			t.Fatalf("SignInWithCode = %+v, %v", byCode, err)
		}

		must("Change", f.pw.Change(as, password.ChangeRequest{CurrentPassword: auth.NewSecret("correct horse"), NewPassword: auth.NewSecret("battery staple")}))
		if _, err := f.a.GetSession(auth.WithSessionToken(ctx, byCode.Token)); !errors.Is(err, auth.ErrNoSession) {
			t.Errorf("the code session after a change that signed others out = %v, want ErrNoSession", err)
		}
		must("Forgot", f.pw.Forgot(ctx, "ada@work.example"))
		must("Reset", f.pw.Reset(ctx, auth.NewSecret(f.mail.Token(t, "ada@work.example", password.PurposeReset)), auth.NewSecret("third password")))
		if _, err := f.a.GetSession(as); !errors.Is(err, auth.ErrNoSession) {
			t.Errorf("the session after a reset = %v, want ErrNoSession", err)
		}
		in, err = f.pw.SignIn(ctx, password.SignInRequest{Email: "ada@work.example", Password: auth.NewSecret("third password")})
		must("SignIn after reset", err)
		as = auth.WithSessionToken(ctx, in.Token)
		must("Change email", f.em.Change(as, "ada@new.example"))
		_, err = f.em.Verify(ctx, auth.NewSecret(f.mail.Token(t, "ada@new.example", email.PurposeChange)))
		must("confirm the change", err)
		must("UndoChange", f.em.UndoChange(ctx, auth.NewSecret(f.mail.Token(t, "ada@work.example", email.PurposeChanged))))
		must("Resend of an unknown address", f.em.Resend(ctx, "ghost@example.com"))
	})
}
