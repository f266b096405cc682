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
	"github.com/sesame-go/sesame/plugin/emailchallenge"
)

var hostile = []string{
	"/next", "//evil.example", "javascript:alert(1)", strings.Repeat("a", 243) + "@example.com", "000000", "-1",
}

// TestHostileInputs runs the plugin's operations as Go calls, from a
// context holding a live challenge, with inputs drawn from hostile
// strings: none may fail with a server error on any engine. The confirm
// page answers hostile tokens and bodies with a page, never a server
// error.
func TestHostileInputs(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, false)
		f.user(t, "ada@example.com")
		h := authtest.NewHostile(3, hostile...)
		ctx := context.Background()
		for _, op := range f.ec.Operations() {
			for range 40 {
				st, err := f.ec.Start(ctx, emailchallenge.StartRequest{Email: "ada@example.com"})
				if err != nil {
					t.Fatal(err)
				}
				var input any
				_, _, err = op.Invoke(emailchallenge.WithChallenge(ctx, st.Challenge), func(in any) error {
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
		b := f.browser(t)
		for _, body := range []string{`{"email":"nul\u0000byte"}`, `{"email":"ada@example.com","returnTo":"/a\u0000"}`} {
			wantError(t, "start "+body, b.do(http.MethodPost, "/auth/email-challenge/start", "application/json", body, nil), http.StatusBadRequest, "invalid_input")
		}
		wantError(t, "status with a NUL", b.do(http.MethodPost, "/auth/email-challenge/status", "application/json", `{"challenge":"a\u0000"}`, nil),
			http.StatusBadRequest, "invalid_input")
		for _, s := range hostile {
			if res := b.do(http.MethodGet, emailchallenge.LinkPath+"?token="+url.QueryEscape(s), "", "", nil); res.Status >= 500 ||
				strings.Contains(string(res.Body), "<script>") {
				t.Errorf("GET page with token %q = %d %s", show(s), res.Status, res.Body)
			}
			if res := b.do(http.MethodPost, emailchallenge.LinkPath, "application/x-www-form-urlencoded", "token="+url.QueryEscape(s), nil); res.Status >= 500 {
				t.Errorf("POST page with token %q = %d %s", show(s), res.Status, res.Body)
			}
		}
		// A forged challenge cookie is no challenge.
		forged := &http.Cookie{Name: f.ec.CookieName(), Value: "forged"}
		u, _ := url.Parse(f.srv.URL)
		b.http.Jar.SetCookies(u, []*http.Cookie{forged})
		if got := b.status(); got != "challenge_invalid" {
			t.Errorf("status with a forged cookie = %q, want challenge_invalid", got)
		}
	})
}

func show(v any) string {
	s := fmt.Sprintf("%+v", v)
	if len(s) > 300 {
		s = s[:300] + "..."
	}
	return s
}
