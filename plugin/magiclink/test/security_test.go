package test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/magiclink"
	"github.com/sesame-go/sesame/plugin/password"
)

// TestUnverifiedClaimGetsNoLink: an address that someone put on an
// account without proving it (a password sign-up never verified, an
// address added to another account) gets no sign-in link.
func TestUnverifiedClaimGetsNoLink(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		ctx := context.Background()
		// Mallory signs up with Ada's address and never verifies it.
		if _, err := f.pw.SignUp(ctx, password.SignUpRequest{Email: "ada@example.com", Password: auth.NewSecret("mallory's password")}); err != nil {
			t.Fatal(err)
		}
		// He has Lin's address, unverified, beside his own verified one.
		if _, err := f.a.CreateUser(ctx, auth.NewUser{Identities: []auth.NewIdentity{
			{Kind: email.Kind, Value: "mallory@example.com", Verified: true}, {Kind: email.Kind, Value: "lin@example.com"}}}); err != nil {
			t.Fatal(err)
		}
		for _, addr := range []string{"ada@example.com", "lin@example.com"} {
			f.send(t, f.c, map[string]string{"email": addr})
		}
		f.send(t, f.c, map[string]string{"email": "mallory@example.com"})
		f.mail.Last(t, "mallory@example.com", magiclink.PurposeSignIn) // the deliveries before it are done
		for _, addr := range []string{"ada@example.com", "lin@example.com"} {
			for _, m := range f.mail.Messages(addr) {
				if m.Purpose == magiclink.PurposeSignIn || m.Purpose == magiclink.PurposeSignUp {
					t.Errorf("the unverified claim %s got a %s message", addr, m.Purpose)
				}
			}
		}
	})
}

// TestSignUpDropsClaim (pre-account takeover): Mallory signs up with Ada's
// address and a password of his, never verified. Ada signs up through a
// link: she gets a new account with the address verified, and Mallory's
// password opens nothing of hers.
func TestSignUpDropsClaim(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, []magiclink.Option{magiclink.WithSignUp(true)})
		ctx := context.Background()
		if _, err := f.pw.SignUp(ctx, password.SignUpRequest{Email: "ada@example.com", Password: auth.NewSecret("mallory's password")}); err != nil {
			t.Fatal(err)
		}
		f.send(t, f.c, map[string]string{"email": "ada@example.com"})
		in, err := f.ml.SignIn(ctx, auth.NewSecret(f.mail.Token(t, "ada@example.com", magiclink.PurposeSignUp)))
		if err != nil || !in.Created {
			t.Fatalf("Ada's sign-up link = %+v, %v, want a new account", in, err)
		}
		_, err = f.pw.SignIn(ctx, password.SignInRequest{Email: "ada@example.com", Password: auth.NewSecret("mallory's password")})
		if !errors.Is(err, password.ErrInvalidCredentials) {
			t.Errorf("Mallory's password after Ada's sign-up = %v, want invalid_credentials", err)
		}
	})
}

// TestSignUpLinkDiesWhenAddressIsTaken: a sign-up link names nobody; if
// its address comes to name a person before it is opened, it is dead,
// and the address's next link is a sign-in link.
func TestSignUpLinkDiesWhenAddressIsTaken(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, []magiclink.Option{magiclink.WithSignUp(true)})
		ctx := context.Background()
		f.send(t, f.c, map[string]string{"email": "grace@example.com"})
		token := f.mail.Token(t, "grace@example.com", magiclink.PurposeSignUp)
		grace := f.user(t, "grace@example.com")
		if _, err := f.ml.SignIn(ctx, auth.NewSecret(token)); !errors.Is(err, auth.ErrTokenInvalid) {
			t.Fatalf("sign-up link of an address verified since = %v, want invalid_token_or_expired", err)
		}
		f.send(t, f.c, map[string]string{"email": "grace@example.com"})
		in, err := f.ml.SignIn(ctx, auth.NewSecret(f.mail.Token(t, "grace@example.com", magiclink.PurposeSignIn)))
		if err != nil || in.User.ID != grace.ID {
			t.Fatalf("the next link = %+v, %v, want Grace signed in", in, err)
		}
	})
}

// TestSignUpTurnedOff: a sign-up link issued while sign-up was allowed
// does nothing once the host turned it off.
func TestSignUpTurnedOff(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, []magiclink.Option{magiclink.WithSignUp(true)})
		f.send(t, f.c, map[string]string{"email": "grace@example.com"})
		token := f.mail.Token(t, "grace@example.com", magiclink.PurposeSignUp)
		off := magiclink.New()
		_, err := auth.New(auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithClock(f.clock.Now),
			auth.WithPlugins(email.New(email.WithSender(f.mail)), off))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := off.SignIn(context.Background(), auth.NewSecret(token)); !errors.Is(err, auth.ErrTokenInvalid) {
			t.Errorf("sign-up link with sign-up off = %v, want invalid_token_or_expired", err)
		}
	})
}

// TestForeignReturnTo: a return address off the site is refused, and no
// link goes out.
func TestForeignReturnTo(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		f.user(t, "ada@example.com")
		for _, to := range []string{"https://evil.example/x", "//evil.example", "/\\evil.example", `/x/../\evil.example`,
			"javascript:alert(1)", "http://sesame.test.evil.example/", "https://user@sesame.test/"} {
			res := f.c.Post("/auth/magic-link/send", map[string]string{"email": "ada@example.com", "returnTo": to})
			wantError(t, "send with returnTo "+to, res, http.StatusBadRequest, "invalid_return_to")
		}
		f.send(t, f.c, map[string]string{"email": "ada@example.com", "returnTo": "/ok"})
		f.mail.Last(t, "ada@example.com", magiclink.PurposeSignIn)
		if n := len(f.mail.Messages("ada@example.com")); n != 1 {
			t.Errorf("%d messages, want only the link with a good return address", n)
		}
	})
}

// TestAccountEventsEndLinks: a pending link dies with a password reset,
// an address change, and its address leaving the account.
func TestAccountEventsEndLinks(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		ctx := context.Background()
		dead := func(t *testing.T, what, token string) {
			t.Helper()
			if _, err := f.ml.SignIn(ctx, auth.NewSecret(token)); !errors.Is(err, auth.ErrTokenInvalid) {
				t.Errorf("link after %s = %v, want invalid_token_or_expired", what, err)
			}
		}
		// A password reset.
		ada := f.user(t, "ada@example.com")
		if err := f.pw.SetPassword(ctx, ada.ID, auth.NewSecret("ada's password")); err != nil {
			t.Fatal(err)
		}
		f.send(t, f.c, map[string]string{"email": "ada@example.com"})
		link := f.mail.Token(t, "ada@example.com", magiclink.PurposeSignIn)
		if err := f.pw.Forgot(ctx, "ada@example.com"); err != nil {
			t.Fatal(err)
		}
		if err := f.pw.Reset(ctx, auth.NewSecret(f.mail.Token(t, "ada@example.com", password.PurposeReset)), auth.NewSecret("new password!")); err != nil {
			t.Fatal(err)
		}
		dead(t, "a password reset", link)

		// An address change confirmed.
		f.user(t, "grace@example.com")
		f.send(t, f.c, map[string]string{"email": "grace@example.com"})
		link = f.mail.Token(t, "grace@example.com", magiclink.PurposeSignIn)
		f.send(t, f.c, map[string]string{"email": "grace@example.com"})
		session, err := f.ml.SignIn(ctx, auth.NewSecret(f.mail.Token(t, "grace@example.com", magiclink.PurposeSignIn)))
		if err != nil {
			t.Fatal(err)
		}
		dead(t, "a newer link", link)
		f.send(t, f.c, map[string]string{"email": "grace@example.com"})
		link = f.mail.Token(t, "grace@example.com", magiclink.PurposeSignIn)
		sctx := auth.WithSessionToken(ctx, session.Token)
		if err := f.em.Change(sctx, "grace@new.example"); err != nil {
			t.Fatal(err)
		}
		if _, err := f.em.Verify(ctx, auth.NewSecret(f.mail.Token(t, "grace@new.example", email.PurposeChange))); err != nil {
			t.Fatal(err)
		}
		dead(t, "an address change", link)

		// A secondary address removed.
		f.user(t, "lin@example.com")
		if _, err := f.a.CreateUser(ctx, auth.NewUser{Identities: []auth.NewIdentity{{Kind: email.Kind, Value: "x@example.com", Verified: true}}}); err != nil {
			t.Fatal(err)
		}
		f.send(t, f.c, map[string]string{"email": "lin@example.com"})
		s, err := f.ml.SignIn(ctx, auth.NewSecret(f.mail.Token(t, "lin@example.com", magiclink.PurposeSignIn)))
		if err != nil {
			t.Fatal(err)
		}
		sctx = auth.WithSessionToken(ctx, s.Token)
		if err := f.em.Add(sctx, "lin2@example.com"); err != nil {
			t.Fatal(err)
		}
		if _, err := f.em.Verify(ctx, auth.NewSecret(f.mail.Token(t, "lin2@example.com", email.PurposeVerify))); err != nil {
			t.Fatal(err)
		}
		f.send(t, f.c, map[string]string{"email": "lin2@example.com"})
		link = f.mail.Token(t, "lin2@example.com", magiclink.PurposeSignIn)
		if err := f.em.Remove(sctx, "lin2@example.com"); err != nil {
			t.Fatal(err)
		}
		dead(t, "its address's removal", link)
	})
}

// TestExpiry: a link works for 15 minutes, or as long as WithTTL says.
func TestExpiry(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		for _, tt := range []struct {
			name string
			opts []magiclink.Option
			ttl  time.Duration
		}{{"default", nil, 15 * time.Minute}, {"WithTTL", []magiclink.Option{magiclink.WithTTL(5 * time.Minute)}, 5 * time.Minute}} {
			t.Run(tt.name, func(t *testing.T) {
				f := newFixture(t, e, tt.opts)
				addr := strings.ToLower(tt.name) + "@example.com"
				f.user(t, addr)
				ctx := context.Background()
				f.send(t, f.c, map[string]string{"email": addr})
				f.clock.Advance(tt.ttl - time.Second)
				if _, err := f.ml.SignIn(ctx, auth.NewSecret(f.mail.Token(t, addr, magiclink.PurposeSignIn))); err != nil {
					t.Fatalf("link a second before it expires = %v", err)
				}
				f.send(t, f.c, map[string]string{"email": addr})
				f.clock.Advance(tt.ttl)
				if _, err := f.ml.SignIn(ctx, auth.NewSecret(f.mail.Token(t, addr, magiclink.PurposeSignIn))); !errors.Is(err, auth.ErrTokenInvalid) {
					t.Errorf("expired link = %v, want invalid_token_or_expired", err)
				}
			})
		}
	})
}

// TestOtherTokensAreNoLinks: tokens of other flows, from the same table,
// do not pass for a link, and are not used up by the attempt.
func TestOtherTokensAreNoLinks(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, []magiclink.Option{magiclink.WithSignUp(true)})
		ctx := context.Background()
		if _, err := f.pw.SignUp(ctx, password.SignUpRequest{Email: "ada@example.com", Password: auth.NewSecret("ada's password")}); err != nil {
			t.Fatal(err)
		}
		verify := f.mail.Token(t, "ada@example.com", email.PurposeVerify)
		if _, err := f.ml.SignIn(ctx, auth.NewSecret(verify)); !errors.Is(err, auth.ErrTokenInvalid) {
			t.Fatalf("a verification token as a link = %v, want invalid_token_or_expired", err)
		}
		if _, err := f.em.Verify(ctx, auth.NewSecret(verify)); err != nil {
			t.Fatalf("the verification token after its misuse = %v, want it still good", err)
		}
		if err := f.pw.Forgot(ctx, "ada@example.com"); err != nil {
			t.Fatal(err)
		}
		reset := f.mail.Token(t, "ada@example.com", password.PurposeReset)
		res := f.c.Post("/auth/magic-link/sign-in", map[string]string{"token": reset})
		wantError(t, "a reset token as a link", res, http.StatusBadRequest, "invalid_token_or_expired")
		if !strings.Contains(f.mail.Last(t, "ada@example.com", password.PurposeReset).Text, "token=") {
			t.Fatal("no reset link")
		}
		if err := f.pw.Reset(ctx, auth.NewSecret(reset), auth.NewSecret("another password")); err != nil {
			t.Errorf("the reset token after its misuse = %v, want it still good", err)
		}
	})
}
