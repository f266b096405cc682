package test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/emailchallenge"
	"github.com/sesame-go/sesame/plugin/password"
)

// TestResetEndsChallenge: a password reset ends a challenge, even one
// whose link was used and whose browser has not collected its session.
func TestResetEndsChallenge(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, false)
		ctx := context.Background()
		ada := f.user(t, "ada@example.com")
		if err := f.pw.SetPassword(ctx, ada.ID, auth.NewSecret("ada's password")); err != nil {
			t.Fatal(err)
		}
		reset := func(t *testing.T) {
			t.Helper()
			if err := f.pw.Forgot(ctx, "ada@example.com"); err != nil {
				t.Fatal(err)
			}
			if err := f.pw.Reset(ctx, auth.NewSecret(f.mail.Token(t, "ada@example.com", password.PurposeReset)), auth.NewSecret("a new password")); err != nil {
				t.Fatal(err)
			}
		}
		// Approved, not collected.
		laptop := f.browser(t)
		f.startChallenge(t, laptop, "ada@example.com")
		if res := f.browser(t).post("/auth/email-challenge/approve", map[string]string{"token": f.mail.Token(t, "ada@example.com", emailchallenge.PurposeChallenge)}); res.Status != http.StatusOK {
			t.Fatal(res.Status)
		}
		reset(t)
		if got := laptop.status(); got != "challenge_invalid" {
			t.Errorf("status after a reset = %q, want challenge_invalid", got)
		}
		// Pending: the link and the code die.
		laptop = f.browser(t)
		f.startChallenge(t, laptop, "ada@example.com")
		code := f.mail.Code(t, "ada@example.com", emailchallenge.PurposeChallenge)
		token := f.mail.Token(t, "ada@example.com", emailchallenge.PurposeChallenge)
		reset(t)
		wantError(t, "the link after a reset", f.browser(t).post("/auth/email-challenge/approve", map[string]string{"token": token}),
			http.StatusBadRequest, "invalid_token_or_expired")
		wantError(t, "the code after a reset", laptop.post("/auth/email-challenge/code", map[string]string{"code": code}),
			http.StatusBadRequest, "invalid_code")
		if laptop.me() != "" {
			t.Error("signed in after a reset")
		}
	})
}

// TestUnverifiedClaimGetsNothing: an address someone put on an account
// without proving it is not mailed, and its challenge never completes.
func TestUnverifiedClaimGetsNothing(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, false)
		ctx := context.Background()
		if _, err := f.pw.SignUp(ctx, password.SignUpRequest{Email: "ada@example.com", Password: auth.NewSecret("mallory's password")}); err != nil {
			t.Fatal(err)
		}
		f.user(t, "grace@example.com")
		b := f.browser(t)
		if res := b.post("/auth/email-challenge/start", map[string]string{"email": "ada@example.com"}); res.Status != http.StatusOK {
			t.Fatal(res.Status)
		}
		f.startChallenge(t, f.browser(t), "grace@example.com")
		f.mail.Last(t, "grace@example.com", emailchallenge.PurposeChallenge)
		for _, m := range f.mail.Messages("ada@example.com") {
			if m.Purpose == emailchallenge.PurposeChallenge {
				t.Error("an unverified claim was mailed a challenge")
			}
		}
		if got := b.status(); got != emailchallenge.StatusPending {
			t.Errorf("status = %q, want pending", got)
		}
	})
}

// TestForeignReturnTo: a return address off the site is refused.
func TestForeignReturnTo(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, false)
		f.user(t, "ada@example.com")
		for _, to := range []string{"https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)"} {
			wantError(t, "start with returnTo "+to, f.browser(t).post("/auth/email-challenge/start", map[string]string{"email": "ada@example.com", "returnTo": to}),
				http.StatusBadRequest, "invalid_return_to")
		}
		if n := len(f.mail.Messages("ada@example.com")); n != 0 {
			t.Errorf("%d messages after refused starts", n)
		}
	})
}

// TestExpiry: a challenge's link and code stop at its TTL, and its status
// says so.
func TestExpiry(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, false)
		f.user(t, "ada@example.com")
		b := f.browser(t)
		f.startChallenge(t, b, "ada@example.com")
		code := f.mail.Code(t, "ada@example.com", emailchallenge.PurposeChallenge)
		f.clock.Advance(10*60e9 + 1e9)
		wantError(t, "an expired code", b.post("/auth/email-challenge/code", map[string]string{"code": code}), http.StatusBadRequest, "invalid_code")
		if got := b.status(); got != "challenge_invalid" {
			t.Errorf("status of an expired challenge = %q", got)
		}
		if !strings.Contains(f.mail.Last(t, "ada@example.com", emailchallenge.PurposeChallenge).Text, "10 minutes") {
			t.Error("the message does not say how long it works")
		}
	})
}

// TestCodeAttempts: five wrong codes end the code, alike for a known and
// an unknown address, and the sixth try of the right code fails.
func TestCodeAttempts(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, false)
		f.user(t, "ada@example.com")
		for _, addr := range []string{"ada@example.com", "nobody@example.com"} {
			b := f.browser(t)
			f.startChallenge(t, b, addr)
			var codes []string
			for range 5 {
				codes = append(codes, b.post("/auth/email-challenge/code", map[string]string{"code": "99999x"}).ErrorCode())
			}
			codes = append(codes, b.post("/auth/email-challenge/code", map[string]string{"code": "99999x"}).ErrorCode())
			if strings.Join(codes, " ") != "invalid_code invalid_code invalid_code invalid_code invalid_code too_many_attempts" {
				t.Errorf("%s: wrong codes answered %v", addr, codes)
			}
		}
	})
}
