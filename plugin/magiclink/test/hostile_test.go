package test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/magiclink"
)

// hostile are the test's own strings, drawn besides authtest.HostileStrings.
var hostile = []string{
	"grace@example.com",
	"/next", "//evil.example", "javascript:alert(1)", "http://sesame.test/ok", strings.Repeat("a", 243) + "@example.com",
}

// TestHostileInputs runs the plugin's operations, as Go calls from a
// signed-in session, with inputs drawn from hostile strings: none may fail
// with a server error on any engine, and a NUL byte or invalid UTF-8 is
// invalid_input over HTTP too. The confirm page answers hostile tokens
// and bodies with a page, never a server error.
func TestHostileInputs(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, []magiclink.Option{magiclink.WithSignUp(true)})
		f.user(t, "ada@example.com")
		h := authtest.NewHostile(1, hostile...)
		ctx := context.Background()
		for _, op := range f.ml.Operations() {
			for range 40 {
				if err := f.ml.Send(ctx, magiclink.SendRequest{Email: "ada@example.com"}); err != nil {
					t.Fatal(err)
				}
				res, err := f.ml.SignIn(ctx, auth.NewSecret(f.mail.Token(t, "ada@example.com", magiclink.PurposeSignIn)))
				if err != nil {
					t.Fatal(err)
				}
				var input any
				_, _, err = op.Invoke(auth.WithSessionToken(ctx, res.Token), func(in any) error {
					h.Fill(in)
					input = in
					return nil
				})
				var ae *auth.Error
				if errors.As(err, &ae) && ae.Status >= 500 {
					t.Errorf("%s(%s) = %v, want no server error", op.Info().Name, show(input), err)
				}
			}
		}
		for _, body := range []string{`{"email":"nul\u0000byte"}`, `{"email":"ada@example.com","returnTo":"/a\u0000"}`,
			`{"email":"ada@example.com","name":"a\u0000"}`} {
			wantError(t, "send "+body, f.c.Post("/auth/magic-link/send", body), http.StatusBadRequest, "invalid_input")
		}
		wantError(t, "sign-in with a NUL", f.c.Post("/auth/magic-link/sign-in", `{"token":"a\u0000b"}`), http.StatusBadRequest, "invalid_input")
		wantError(t, "an unknown field", f.c.Post("/auth/magic-link/send", `{"email":"ada@example.com","admin":true}`), http.StatusBadRequest, "invalid_json")
		b := f.browser(t)
		for _, s := range hostile {
			if res := b.do(http.MethodGet, magiclink.LinkPath+"?token="+url.QueryEscape(s), "", ""); res.Status >= 500 ||
				strings.Contains(string(res.Body), "<script>") {
				t.Errorf("GET page with token %q = %d %s", show(s), res.Status, res.Body)
			}
			if res := b.do(http.MethodPost, magiclink.LinkPath, "application/x-www-form-urlencoded", "token="+url.QueryEscape(s)); res.Status >= 500 {
				t.Errorf("POST page with token %q = %d %s", show(s), res.Status, res.Body)
			}
		}
		for _, body := range []string{"%zz", strings.Repeat("token=x&", 2000), "token=" + strings.Repeat("x", 10000)} {
			if res := b.do(http.MethodPost, magiclink.LinkPath, "application/x-www-form-urlencoded", body); res.Status != http.StatusBadRequest {
				t.Errorf("POST page with body %q = %d, want 400", show(body), res.Status)
			}
		}
		if res := b.do(http.MethodPut, magiclink.LinkPath, "", ""); res.Status != http.StatusMethodNotAllowed {
			t.Errorf("PUT page = %d, want 405", res.Status)
		}
	})
}

// show prints an input with its long strings cut.
func show(v any) string {
	s := fmt.Sprintf("%+v", v)
	if len(s) > 300 {
		s = s[:300] + "..."
	}
	return s
}
