package test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/invite"
)

// hostile are the test's own strings, drawn besides
// authtest.HostileStrings: values that pass validation, so that inputs
// reach the handlers.
var hostile = []string{
	strings.Repeat("A", 43), strings.Repeat("-", 43), "ada@example.com", "ADA@EXAMPLE.COM", "not an address",
	"01a211ee-ea80-7d13-ae5e-74448de91944", strings.Repeat("x", 321),
}

// TestHostileInputs runs the plugin's operations, as Go calls from a
// signed-in session, with inputs drawn from hostile strings: none may fail
// with a server error on any engine, and a NUL byte or invalid UTF-8 is
// invalid_input over HTTP too. A hostile cookie never fails a sign-up
// with a server error either.
func TestHostileInputs(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, required)
		b := f.browser(t)
		f.member(t, b, "ada")
		var token string
		for _, c := range b.http.Jar.Cookies(mustURL(t, f.srv.URL)) {
			if c.Name == "sesame_session" {
				token = c.Value
			}
		}
		if token == "" {
			t.Fatal("no session cookie")
		}
		h := authtest.NewHostile(1, hostile...)
		ctx := auth.WithSessionToken(context.Background(), auth.NewSecret(token))
		for _, op := range f.inv.Operations() {
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
		for _, body := range []string{`{"code":"a\u0000b"}`, `{"code":"` + "\xff" + `"}`, `{}`} {
			wantCode(t, "accept "+body, f.browser(t).post("/auth/invite/accept", rawJSON(body)), http.StatusBadRequest, "invalid_input")
		}
		wantCode(t, "accept with an unknown field", f.browser(t).post("/auth/invite/accept", rawJSON(`{"code":"x","userId":"y"}`)),
			http.StatusBadRequest, "invalid_json")
		for _, body := range []string{`{"maxUses":-1}`, `{"maxUses":100001}`, `{"email":"not an address"}`,
			`{"expiresAt":"2020-01-01T00:00:00Z"}`, `{"expiresAt":"2999-01-01T00:00:00Z"}`} {
			wantCode(t, "create "+body, b.post("/auth/invite/create", rawJSON(body)), http.StatusBadRequest, "invalid_input")
		}
		for _, s := range append(authtest.HostileStrings, hostile...) {
			c := f.browser(t)
			c.http.Jar.SetCookies(mustURL(t, f.srv.URL), []*http.Cookie{{Name: "sesame_invite", Value: cookieSafe(s)}})
			if res := c.post("/auth/password/sign-up", map[string]string{"username": "eve", "password": pw}); res.status >= 500 {
				t.Errorf("a sign-up with the cookie %q = %d %s", show(s), res.status, res.body)
			}
		}
		if f.users(t) != 1 {
			t.Fatalf("hostile codes made %d accounts", f.users(t)-1)
		}
	})
}

// TestAcceptNeedsOrigin (bug class: CSRF): another site's page cannot
// plant a code in a browser: accepting is a state-changing request that
// passes the origin check.
func TestAcceptNeedsOrigin(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, required)
		code := f.issue(t, invite.CreateRequest{})
		req, err := http.NewRequest(http.MethodPost, f.srv.URL+"/auth/invite/accept", strings.NewReader(`{"code":"`+code.Reveal()+`"}`))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", "https://evil.example")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusForbidden || len(res.Cookies()) != 0 {
			t.Fatalf("a cross-site accept = %d with cookies %v, want 403 and none", res.StatusCode, res.Cookies())
		}
	})
}
