package test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/twofactor"
	"github.com/sesame-go/sesame/sqlb"
)

// TestTrustDevice: a browser that passed the second factor with
// trustDevice skips it until the trust ends, and every account-security
// event forgets it; another browser is not trusted.
func TestTrustDevice(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{tf: []twofactor.Option{twofactor.WithTrustDevice(30 * 24 * time.Hour)}})
		const addr = "ada@example.com"
		k, _ := f.enrolTOTP(t, f.account(t, addr))
		b := f.browser(t)
		f.signInOn(t, b, addr)
		f.nextStep()
		mustPost(t, b, "/auth/two-factor/verify", map[string]any{"method": "totp", "code": k.Code(f.clock.Now()), "trustDevice": true}, http.StatusOK)
		mustPost(t, b, "/auth/sign-out", nil, http.StatusOK)
		f.signInOn(t, b, addr)
		mustGet(t, b, "/auth/session", http.StatusOK)
		other := f.browser(t)
		f.signInOn(t, other, addr)
		wantError(t, "another browser", other.Get("/auth/session"), http.StatusForbidden, "second_factor_required")
		// A password change is an account-security event: trust ends.
		mustPost(t, b, "/auth/password/change", map[string]string{"currentPassword": pw, "newPassword": "a brand new password"}, http.StatusOK)
		mustPost(t, b, "/auth/sign-out", nil, http.StatusOK)
		mustPost(t, b, "/auth/password/sign-in", map[string]string{"email": addr, "password": "a brand new password"}, http.StatusOK)
		wantError(t, "the browser after a password change", b.Get("/auth/session"), http.StatusForbidden, "second_factor_required")
	})
}

// TestRequireEnrolment: without a factor, a user's sessions can only enrol
// one; once confirmed, they go on.
func TestRequireEnrolment(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{tf: []twofactor.Option{twofactor.RequireEnrolment()}})
		c := f.account(t, "ada@example.com")
		wantError(t, "a session without a factor", c.Get("/auth/session"), http.StatusForbidden, "second_factor_enrolment_required")
		wantError(t, "changing the address first", c.Post("/auth/email/add", map[string]string{"email": "b@example.com"}),
			http.StatusForbidden, "second_factor_enrolment_required")
		f.enrolTOTP(t, c)
		mustGet(t, c, "/auth/session", http.StatusOK)
		var list struct{ Factors []struct{ ID string } }
		mustGet(t, c, "/auth/two-factor/factors", http.StatusOK).Decode(t, &list)
		wantError(t, "removing the only factor", c.Post("/auth/two-factor/remove", map[string]string{"factorId": list.Factors[0].ID}),
			http.StatusBadRequest, "second_factor_last")
	})
}

// TestEmailCodes: mailed codes as a factor, enrolled with a first code
// sent to the verified primary address, passed with a code bound to the
// pending session.
func TestEmailCodes(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{tf: []twofactor.Option{twofactor.WithEmailCodes(0)}})
		const addr = "ada@example.com"
		c := f.account(t, addr)
		var en struct{ FactorID string }
		mustPost(t, c, "/auth/two-factor/enrol", map[string]string{"method": "email"}, http.StatusOK).Decode(t, &en)
		code := f.mail.Code(t, addr, "two-factor-code")
		mustPost(t, c, "/auth/two-factor/confirm", map[string]string{"factorId": en.FactorID, "code": code}, http.StatusOK)

		p := f.signIn(t, addr)
		q := f.signIn(t, addr)
		mustPost(t, p, "/auth/two-factor/send-code", map[string]string{"method": "email"}, http.StatusOK)
		code = f.mail.Code(t, addr, "two-factor-code")
		wantError(t, "another pending session's code", q.Post("/auth/two-factor/verify", map[string]string{"method": "email", "code": code}),
			http.StatusBadRequest, "invalid_code")
		mustPost(t, p, "/auth/two-factor/verify", map[string]string{"method": "email", "code": code}, http.StatusOK)
		wantError(t, "a used code", q.Post("/auth/two-factor/verify", map[string]string{"method": "email", "code": code}),
			http.StatusBadRequest, "invalid_code")
	})
}

// TestPolicy (found in review): the default asks for the second factor
// after a sign-in with a mailed code too, as EverySignIn does, so that
// whoever reads a person's mail does not skip it; PasswordSignIns asks
// only after a password.
func TestPolicy(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		for _, tt := range []struct {
			name   string
			policy twofactor.Policy
			want   int
		}{{"passwords only", twofactor.PasswordSignIns, http.StatusOK}, {"default", nil, http.StatusForbidden},
			{"every sign-in", twofactor.EverySignIn, http.StatusForbidden}} {
			t.Run(tt.name, func(t *testing.T) {
				var opts []twofactor.Option
				if tt.policy != nil {
					opts = append(opts, twofactor.WithPolicy(tt.policy))
				}
				f := newFixture(t, e, setup{tf: opts})
				addr := strings.ReplaceAll(tt.name, " ", "-") + "@example.com"
				f.enrolTOTP(t, f.account(t, addr))
				c := f.client(t)
				mustPost(t, c, "/auth/email/code/send", map[string]string{"email": addr}, http.StatusOK)
				mustPost(t, c, "/auth/email/code/sign-in", map[string]string{"email": addr, "code": f.mail.Code(t, addr, email.PurposeCode)}, http.StatusOK)
				if res := c.Get("/auth/session"); res.Status != tt.want {
					t.Errorf("a session signed in with a mailed code = %d %s, want %d", res.Status, res.Body, tt.want)
				}
			})
		}
	})
}

// TestSealedKeys: with secret keys, no authenticator key is stored as it
// is; a rotation keeps codes working and seals the key anew.
func TestSealedKeys(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		k1, k2 := make([]byte, 32), make([]byte, 32)
		k2[0] = 7
		f := newFixture(t, e, setup{tf: []twofactor.Option{twofactor.WithSecretKeys(k1)}})
		const addr = "ada@example.com"
		k, _ := f.enrolTOTP(t, f.account(t, addr))
		stored := func() string {
			var s string
			if err := f.a.DB().One(context.Background(), sqlb.Select(twofactor.FactorKey.Into(&s)).From(twofactor.Factors)); err != nil {
				t.Fatal(err)
			}
			return s
		}
		first := stored()
		if strings.Contains(first, k.Base32()) || !strings.HasPrefix(first, "v1.") {
			t.Fatalf("stored key %q: want it sealed", first)
		}
		g := newFixtureOn(t, f, setup{tf: []twofactor.Option{twofactor.WithSecretKeys(k2, k1)}})
		f.nextStep()
		mustPost(t, g.signIn(t, addr), "/auth/two-factor/verify", map[string]string{"method": "totp", "code": k.Code(f.clock.Now())}, http.StatusOK)
		if again := stored(); again == first || !strings.HasPrefix(again, "v1.") {
			t.Fatalf("after a rotation the key is stored as %q, want sealed anew", again)
		}
	})
}
