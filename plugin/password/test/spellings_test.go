package test

import (
	"context"
	"net/http"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/phone"
	"github.com/sesame-go/sesame/plugin/username"
)

// TestSpellingsShareTheAccountLimit (found in review): with usernames and
// phone numbers both sign-in identifiers, a number typed with dashes or
// dots is a different username each time but the same number; the
// per-account limit counts every kind's reading, so another spelling of
// the number gets no fresh count of guesses.
func TestSpellingsShareTheAccountLimit(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pw := password.New(password.WithIdentifierKinds(email.Kind, username.Kind, phone.Kind), password.WithoutVerification(),
			password.WithHasher(newCountingHasher(t, testParams)))
		a, err := auth.New(auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
			auth.WithPlugins(email.New(email.WithSender(&authtest.Mailbox{})), username.New(),
				phone.New(phone.WithSender(&textBox{}), phone.WithPrefixLimit(phone.PrefixLimit{})), pw),
			auth.WithRateLimitStore(auth.NewMemoryRateStore()))
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		if err := a.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		u, err := a.CreateUser(ctx, auth.NewUser{Name: "Ada", Identities: []auth.NewIdentity{
			{Kind: phone.Kind, Value: "+447700900001", Verified: true}}})
		if err != nil {
			t.Fatal(err)
		}
		if err := pw.SetPassword(ctx, u.ID, auth.NewSecret("correct horse battery staple")); err != nil {
			t.Fatal(err)
		}
		h := authhttp.Handler(a)
		try := func(ident, pass string) *authtest.Response {
			c := authtest.NewClient(t, h)
			c.Bearer = true
			return c.Post("/auth/password/sign-in", map[string]any{"identifier": ident, "password": pass})
		}
		for range 5 {
			wantError(t, "a wrong guess", try("+447700900001", "wrong"), http.StatusUnauthorized, "invalid_credentials")
		}
		for _, spelling := range []string{"+44-7700900001", "+44.7700900001", "+44(7700)900001"} {
			wantError(t, "a sixth guess, spelled "+spelling, try(spelling, "correct horse battery staple"),
				http.StatusTooManyRequests, "rate_limited")
		}
	})
}
