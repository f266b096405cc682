package test

import (
	"errors"
	"fmt"
	"net/http"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
)

// TestHostileInputs runs every operation with inputs drawn from hostile
// strings, and sign-ups carrying hostile codes in the cookie: none may
// fail with a server error on any engine, and a hostile code refers
// nothing.
func TestHostileInputs(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, auth.WithoutRateLimits())
		b, adaID := f.signUp(t, "ada@example.com", "")
		c := code(t, b)
		h := authtest.NewHostile(1, c, "0000000000", "IL0O-ilo0o")
		bearer := f.browser()
		bearer.Bearer = true
		mustOK(t, "sign in", bearer.Post("/auth/password/sign-in", map[string]string{"email": "ada@example.com", "password": goodPassword}))
		for _, op := range f.ref.Operations() {
			for range 60 {
				var input any
				_, _, err := op.Invoke(auth.WithSessionToken(t.Context(), auth.NewSecret(bearer.Token)), func(in any) error {
					h.Fill(in)
					input = in
					return nil
				})
				var ae *auth.Error
				if errors.As(err, &ae) && ae.Status >= 500 {
					t.Errorf("%s(%.300s) = %v, want no server error", op.Info().Name, fmt.Sprintf("%+v", input), err)
				}
			}
		}
		for i, cookie := range []string{"%00", "a;b", c + c, "' OR 1=1", "ÄÖÜ"} {
			br := f.browser()
			addr := fmt.Sprintf("h%d@example.com", i)
			res := br.Do(http.MethodPost, "/auth/password/sign-up", map[string]string{"email": addr, "password": goodPassword},
				http.Header{"Cookie": {"sesame_referral=" + cookie}})
			if res.Status != http.StatusOK {
				t.Errorf("sign-up with the cookie %q = %d %s", cookie, res.Status, res.Body)
			}
		}
		if info, err := f.ref.Lookup(t.Context(), adaID); err != nil || info.Referred != 0 {
			t.Errorf("after sign-ups with hostile codes, ada referred %d (%v), want 0", info.Referred, err)
		}
		for _, body := range []string{`{"code":"short"}`, `{"code":"a\u0000bcdefghij"}`, `{"code":"0000000000","userId":"x"}`} {
			if res := f.browser().Post("/auth/referral/apply", body); res.Status != http.StatusBadRequest {
				t.Errorf("apply %s = %d %s, want 400", body, res.Status, res.Body)
			}
		}
	})
}
