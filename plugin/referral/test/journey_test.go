package test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/referral"
)

// TestJourneyHTTP: ada gets a code, a browser applies it and signs up,
// and the referral is on record: ada's count, the new user's referrer,
// and the cookie cleared by the sign-up.
func TestJourneyHTTP(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, auth.WithoutRateLimits())
		ada, adaID := f.signUp(t, "ada@example.com", "")
		c := code(t, ada)
		if c2 := code(t, ada); c2 != c || len(c) != 10 {
			t.Fatalf("codes = %q then %q, want one code of 10 characters", c, c2)
		}
		b := f.browser()
		res := mustOK(t, "apply", b.Post("/auth/referral/apply", map[string]string{"code": strings.ToLower(c)}))
		if !strings.Contains(res.Header.Get("Set-Cookie"), "sesame_referral="+c) {
			t.Errorf("apply set %q, want the code's cookie", res.Header.Get("Set-Cookie"))
		}
		res = mustOK(t, "sign up", b.Post("/auth/password/sign-up", map[string]string{"email": "bob@example.com", "password": goodPassword}))
		if !strings.Contains(res.Header.Get("Set-Cookie"), "sesame_referral=;") {
			t.Errorf("the sign-up set %q, want the code's cookie cleared", res.Header.Get("Set-Cookie"))
		}
		var in password.SignedIn
		mustOK(t, "sign in", b.Post("/auth/password/sign-in", map[string]string{"email": "bob@example.com", "password": goodPassword})).Decode(t, &in)

		var st referral.Stats
		mustOK(t, "ada's stats", ada.Get("/auth/referral")).Decode(t, &st)
		if st.Code != c || st.Referred != 1 {
			t.Errorf("ada's stats = %+v, want her code and 1", st)
		}
		info, err := f.ref.Lookup(context.Background(), in.User.ID)
		if err != nil || info.ReferrerID != adaID || info.Referred != 0 {
			t.Errorf("Lookup(bob) = %+v, %v, want ada as referrer", info, err)
		}
		_, carolID := f.signUp(t, "carol@example.com", "") // no code: no referral
		if info, _ := f.ref.Lookup(context.Background(), carolID); info.ReferrerID != "" {
			t.Errorf("carol, who brought no code, has the referrer %q", info.ReferrerID)
		}
		wantError(t, "apply an unknown code", f.browser().Post("/auth/referral/apply", map[string]string{"code": "ZZZZZZZZZZ"}),
			http.StatusNotFound, referral.ErrUnknownCode.Code)
		wantError(t, "stats without a session", f.browser().Get("/auth/referral"), http.StatusUnauthorized, "no_session")
	})
}

// TestJourneyGo: a code passed with WithCode refers a Go sign-up; an
// unknown code refers nothing and fails nothing.
func TestJourneyGo(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, auth.WithoutRateLimits())
		ctx := context.Background()
		_, adaID := f.signUp(t, "ada@example.com", "")
		in, err := f.pw.SignIn(ctx, password.SignInRequest{Email: "ada@example.com", Password: auth.NewSecret(goodPassword)})
		if err != nil {
			t.Fatal(err)
		}
		asAda := auth.WithSessionToken(ctx, in.Token)
		c, err := f.ref.Code(asAda)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.ref.Apply(ctx, c); err != nil {
			t.Errorf("Apply(%q) = %v", c, err)
		}
		if err := f.ref.Apply(ctx, "0000000000"); !errors.Is(err, referral.ErrUnknownCode) {
			t.Errorf("Apply(unknown) = %v, want %v", err, referral.ErrUnknownCode)
		}
		for _, tt := range []struct{ addr, code, want string }{
			{"bob@example.com", c, adaID},
			{"carol@example.com", "0000000000", ""},
			{"dave@example.com", "not a code", ""},
		} {
			if _, err := f.pw.SignUp(referral.WithCode(ctx, tt.code), password.SignUpRequest{Email: tt.addr, Password: auth.NewSecret(goodPassword)}); err != nil {
				t.Fatalf("SignUp(%s) = %v", tt.addr, err)
			}
			u, err := f.pw.SignIn(ctx, password.SignInRequest{Email: tt.addr, Password: auth.NewSecret(goodPassword)})
			if err != nil {
				t.Fatal(err)
			}
			if info, _ := f.ref.Lookup(ctx, u.User.ID); info.ReferrerID != tt.want {
				t.Errorf("%s with code %q: referrer %q, want %q", tt.addr, tt.code, info.ReferrerID, tt.want)
			}
		}
		if st, err := f.ref.Stats(asAda); err != nil || st.Referred != 1 {
			t.Errorf("Stats(ada) = %+v, %v, want 1 referred", st, err)
		}
	})
}
