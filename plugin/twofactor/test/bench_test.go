package test

import (
	"context"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/twofactor"
)

// BenchmarkSecondFactor measures on SQLite, in one run, a passed TOTP
// verification through the pipeline (the lock of the user's counter, the
// code's check and the use of its step, the pending session replaced by
// a new one) against the baseline of the cheapest operation, reading the
// session, as Go calls. The password sign-in that makes each pending
// session runs with the timer stopped.
func BenchmarkSecondFactor(b *testing.B) {
	f := newFixture(b, authtest.SQLiteEngine(b), setup{})
	const addr = "bench@example.com"
	k, _ := f.enrolTOTP(b, f.account(b, addr))
	ctx := context.Background()
	signIn := func() auth.Secret {
		out, err := f.pw.SignIn(ctx, password.SignInRequest{Email: addr, Password: auth.NewSecret(pw)})
		if err != nil {
			b.Fatal(err)
		}
		return out.Token
	}
	b.Run("session (baseline)", func(b *testing.B) {
		f.nextStep()
		full, err := f.tf.Verify(auth.WithSessionToken(ctx, signIn()), twofactor.VerifyRequest{Method: twofactor.MethodTOTP,
			Code: auth.NewSecret(k.Code(f.clock.Now()))})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() { // a new context per call, as per request: none caches the session
			if _, err := f.a.GetSession(auth.WithSessionToken(ctx, full.Token)); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("totp verify", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			b.StopTimer()
			f.nextStep()
			pctx := auth.WithSessionToken(ctx, signIn())
			in := twofactor.VerifyRequest{Method: twofactor.MethodTOTP, Code: auth.NewSecret(k.Code(f.clock.Now()))}
			b.StartTimer()
			if _, err := f.tf.Verify(pctx, in); err != nil {
				b.Fatal(err)
			}
		}
	})
}
