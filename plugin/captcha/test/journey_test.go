package test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/captcha"
)

// TestRuleOutcomesOverHTTP: under a rule with a challenge threshold, a
// client's calls are allowed, then challenged (a solved captcha lets
// them through, once), then refused, captcha or not.
func TestRuleOutcomesOverHTTP(t *testing.T) {
	eachProvider(t, func(t *testing.T, e *authtest.Engine, k kind) {
		f := newFixture(t, e, k, setup{captcha: []captcha.Option{captcha.OnlyWhenDemanded()},
			auth: []auth.Option{auth.WithRateLimit(signIn, challenged)}})
		c := f.client(t, "203.0.113.7")
		// allow
		wantOK(t, "sign-in 1", c.signIn("ada", ""))
		wantOK(t, "sign-in 2", c.signIn("ada", ""))
		if n := f.fake.calls(); n != 0 {
			t.Errorf("the provider was asked %d times under the threshold, want 0", n)
		}
		// challenge
		wantError(t, "sign-in 3 without a captcha", c.signIn("ada", ""), http.StatusForbidden, "captcha_required")
		token := f.fake.solve("", 0.9)
		wantOK(t, "sign-in 4 with a captcha", c.signIn("ada", token))
		wantError(t, "sign-in 5 replaying the captcha", c.signIn("ada", token), http.StatusForbidden, "captcha_failed")
		wantOK(t, "sign-in 6 with a new captcha", c.signIn("ada", f.fake.solve("", 0.9)))
		// refuse
		res := c.signIn("ada", f.fake.solve("", 0.9))
		wantError(t, "sign-in 7 with a captcha", res, http.StatusTooManyRequests, "rate_limited")
		if res.Header.Get("Retry-After") == "" {
			t.Error("a refusal past the limit has no Retry-After")
		}
		if n := f.fake.calls(); n != 3 {
			t.Errorf("the provider was asked %d times, want 3 (never past the limit)", n)
		}
		wantOK(t, "another client's sign-in", f.client(t, "198.51.100.1").signIn("ada", ""))
		f.clock.Advance(2 * time.Minute)
		wantOK(t, "sign-in after the window", c.signIn("ada", ""))
	})
}

// TestRuleOutcomesAsGoCalls: the same outcomes for typed Go calls made
// while serving a client.
func TestRuleOutcomesAsGoCalls(t *testing.T) {
	eachProvider(t, func(t *testing.T, e *authtest.Engine, k kind) {
		f := newFixture(t, e, k, setup{captcha: []captcha.Option{captcha.OnlyWhenDemanded()},
			auth: []auth.Option{auth.WithRateLimit(signIn, challenged)}})
		ctx := from("203.0.113.7")
		for range 2 {
			_, err := f.login.SignIn(ctx, "ada")
			wantCode(t, "SignIn under the threshold", err, nil)
		}
		_, err := f.login.SignIn(ctx, "ada")
		wantCode(t, "SignIn past the threshold without a captcha", err, captcha.ErrRequired)
		token := f.fake.solve("", 0.9)
		_, err = f.login.SignIn(captcha.WithToken(ctx, token), "ada")
		wantCode(t, "SignIn with a captcha", err, nil)
		_, err = f.login.SignIn(captcha.WithToken(ctx, token), "ada")
		wantCode(t, "SignIn replaying the captcha", err, captcha.ErrFailed)
		_, err = f.login.SignIn(captcha.WithToken(ctx, f.fake.solve("", 0.9)), "ada")
		wantCode(t, "SignIn with a new captcha", err, nil)
		_, err = f.login.SignIn(captcha.WithToken(ctx, f.fake.solve("", 0.9)), "ada")
		wantCode(t, "SignIn past the limit", err, auth.ErrRateLimited)
	})
}

// TestAlwaysGuarded: the default operations, and those WithOperations
// names, need a captcha on every call; others need none.
func TestAlwaysGuarded(t *testing.T) {
	eachProvider(t, func(t *testing.T, e *authtest.Engine, k kind) {
		f := newFixture(t, e, k, setup{auth: []auth.Option{auth.WithoutRateLimits()}})
		c := f.client(t, "203.0.113.7")
		addr := map[string]string{"email": "ada@example.com"}
		wantError(t, "email.sendCode (a default) without a captcha", c.post("/auth/email/code/send", addr, ""),
			http.StatusForbidden, "captcha_required")
		wantOK(t, "email.sendCode with a captcha", c.post("/auth/email/code/send", addr, f.fake.solve("", 0.9)))
		wantOK(t, "an operation not guarded", c.signIn("ada", ""))

		g := newFixture(t, e, k, setup{captcha: []captcha.Option{captcha.WithOperations(signIn)}, auth: []auth.Option{auth.WithoutRateLimits()}})
		c = g.client(t, "203.0.113.7")
		wantError(t, "a named operation without a captcha", c.signIn("ada", ""), http.StatusForbidden, "captcha_required")
		wantOK(t, "a named operation with a captcha", c.signIn("ada", g.fake.solve("", 0.9)))
		wantOK(t, "a default operation no longer guarded", c.post("/auth/email/code/send", addr, ""))
	})
}

// TestFormPage: a host's page that posts a form passes the widget's
// field on; the captcha is checked as for the header.
func TestFormPage(t *testing.T) {
	eachProvider(t, func(t *testing.T, e *authtest.Engine, k kind) {
		f := newFixture(t, e, k, setup{captcha: []captcha.Option{captcha.WithOperations(signIn)}, auth: []auth.Option{auth.WithoutRateLimits()}})
		c := f.client(t, "203.0.113.7")
		field := map[string]string{"turnstile": "cf-turnstile-response", "hcaptcha": "h-captcha-response", "recaptcha": "g-recaptcha-response"}[k.name]
		post := func(token string) *authtest.Response {
			form := url.Values{"name": {"ada"}, field: {token}}
			return c.Do(http.MethodPost, "/sign-in", form.Encode(), http.Header{"Content-Type": {"application/x-www-form-urlencoded"},
				"X-Forwarded-For": {c.ip}})
		}
		if res := post(""); res.Status != http.StatusForbidden || !strings.Contains(string(res.Body), "captcha_required") {
			t.Errorf("the form without a token = %d %s, want 403 captcha_required", res.Status, res.Body)
		}
		if res := post(f.fake.solve("", 0.9)); res.Status != http.StatusOK {
			t.Errorf("the form with a token = %d %s, want 200", res.Status, res.Body)
		}
		if ip := f.fake.lastForm().Get("remoteip"); ip != "203.0.113.7" {
			t.Errorf("the page's verification sent remoteip %q, want the client's 203.0.113.7", ip)
		}
	})
}
