package test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/passkey"
)

// BenchmarkAssertion measures on SQLite, in one run, a passkey sign-in
// through the pipeline (the challenge spent, the assertion verified by
// go-webauthn, the counter stored, a session started) against the
// baseline of the cheapest operation, reading a session, as Go calls. The
// options and the authenticator's answer are made with the timer stopped.
func BenchmarkAssertion(b *testing.B) {
	f := newFixture(b, authtest.SQLiteEngine(b))
	br := f.browser(b)
	f.account(b, br, "ada")
	br.register(b, "laptop")
	ctx := context.Background()
	signIn := func() passkey.SignedIn {
		opts, err := f.pk.SignInOptions(ctx, passkey.SignInOptionsRequest{})
		if err != nil {
			b.Fatal(err)
		}
		raw, _ := json.Marshal(opts)
		answer := br.assert(b, raw, 0)
		out, err := f.pk.SignIn(ctx, passkey.SignInRequest{Credential: answer, Flow: auth.NewSecret(opts.Flow)})
		if err != nil {
			b.Fatal(err)
		}
		return out
	}
	b.Run("session (baseline)", func(b *testing.B) {
		token := signIn().Token
		b.ReportAllocs()
		for b.Loop() { // a new context per call, as per request: none caches the session
			if _, err := f.a.GetSession(auth.WithSessionToken(ctx, token)); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("passkey sign-in", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			b.StopTimer()
			opts, err := f.pk.SignInOptions(ctx, passkey.SignInOptionsRequest{})
			if err != nil {
				b.Fatal(err)
			}
			raw, _ := json.Marshal(opts)
			answer := br.assert(b, raw, 0)
			b.StartTimer()
			if _, err := f.pk.SignIn(ctx, passkey.SignInRequest{Credential: answer, Flow: auth.NewSecret(opts.Flow)}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
