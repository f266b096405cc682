package test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/handoff"
)

// hostile are the test's own strings, drawn besides
// authtest.HostileStrings: values that pass validation, so that inputs
// reach the handlers.
var hostile = []string{
	"S256", "plain", handoff.Challenge(auth.NewSecret(strings.Repeat("v", 43))), strings.Repeat("v", 43), strings.Repeat("~", 128),
	"/next", "//evil.example", "javascript:alert(1)", "http://sesame.test/ok", "/x/../\\evil.example",
}

// TestHostileInputs runs the plugin's operations, as Go calls from a
// signed-in session, with inputs drawn from hostile strings: none may fail
// with a server error on any engine, and a NUL byte or invalid UTF-8 is
// invalid_input over HTTP too. The receive page answers hostile tokens
// with a page, never a server error.
func TestHostileInputs(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		desktop := f.desktop(t)
		f.account(t, desktop, "ada@example.com")
		h := authtest.NewHostile(1, hostile...)
		ctx := auth.WithSessionToken(context.Background(), auth.NewSecret(desktop.Token))
		for _, op := range f.ho.Operations() {
			for range 60 {
				var input any
				_, _, err := op.Invoke(ctx, func(in any) error {
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
		if me(t, desktop).User.ID == "" {
			t.Fatal("hostile inputs ended the handing session")
		}
		for _, body := range []string{`{"returnTo":"/a\u0000"}`, `{"codeChallenge":"\u0000","codeChallengeMethod":"S256"}`,
			`{"returnTo":"` + "\xff" + `"}`} {
			wantError(t, "start "+body, desktop.Post("/auth/handoff/start", body), http.StatusBadRequest, "invalid_input")
		}
		wantError(t, "start with an unknown field", desktop.Post("/auth/handoff/start", `{"userId":"x"}`), http.StatusBadRequest, "invalid_json")
		b := f.browser(t)
		for _, body := range []string{`{"token":"a\u0000b"}`, `{"token":"x","codeVerifier":"\u0000"}`, `{}`} {
			wantError(t, "redeem "+body, b.Post("/auth/handoff/redeem", body), http.StatusBadRequest, "invalid_input")
		}
		wantError(t, "redeem with a session field", b.Post("/auth/handoff/redeem", `{"token":"x","session":"y"}`), http.StatusBadRequest, "invalid_json")
		srv := httptest.NewServer(f.h)
		t.Cleanup(srv.Close)
		page := newPageBrowser(t, srv.URL)
		for _, s := range append(authtest.HostileStrings, hostile...) {
			if res := page.do(http.MethodPost, handoff.LinkPath, s); res.StatusCode >= 500 {
				t.Errorf("POST page with token %q = %d", show(s), res.StatusCode)
			}
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
