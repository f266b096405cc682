package test

import (
	"net/http"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/captcha"
)

// TestFailClosed: every fault of a provider's verify API refuses the
// call, with captcha_unavailable when no verdict could be had and
// captcha_failed when the verdict, or a check of it, says no. Nothing
// lets the call through.
func TestFailClosed(t *testing.T) {
	eachProvider(t, func(t *testing.T, e *authtest.Engine, k kind) {
		f := newFixture(t, e, k, setup{captcha: []captcha.Option{captcha.WithOperations(signIn)},
			auth: []auth.Option{auth.WithoutRateLimits()}})
		c := f.client(t, "203.0.113.7")
		for _, tt := range []struct {
			fault  string
			status int
			code   string
		}{
			{"500", http.StatusServiceUnavailable, "captcha_unavailable"},
			{"503", http.StatusServiceUnavailable, "captcha_unavailable"},
			{"timeout", http.StatusServiceUnavailable, "captcha_unavailable"},
			{"malformed", http.StatusServiceUnavailable, "captcha_unavailable"},
			{"html", http.StatusServiceUnavailable, "captcha_unavailable"},
			{"empty", http.StatusServiceUnavailable, "captcha_unavailable"},
			{"no-success", http.StatusServiceUnavailable, "captcha_unavailable"},
			{"oversize", http.StatusServiceUnavailable, "captcha_unavailable"},
			{"no-ts", http.StatusServiceUnavailable, "captcha_unavailable"},
			{"bad-ts", http.StatusServiceUnavailable, "captcha_unavailable"},
			// Codes that blame the site or the provider.
			{"code:internal-error", http.StatusServiceUnavailable, "captcha_unavailable"},
			{"code:bad-request", http.StatusServiceUnavailable, "captcha_unavailable"},
			{"code:missing-input-secret", http.StatusServiceUnavailable, "captcha_unavailable"},
			{"code:invalid-input-secret", http.StatusServiceUnavailable, "captcha_unavailable"},
			{"code:sitekey-secret-mismatch", http.StatusServiceUnavailable, "captcha_unavailable"},
			// Codes that blame the token.
			{"code:invalid-input-response", http.StatusForbidden, "captcha_failed"},
			{"code:missing-input-response", http.StatusForbidden, "captcha_failed"},
			{"code:timeout-or-duplicate", http.StatusForbidden, "captcha_failed"},
			{"code:expired-input-response", http.StatusForbidden, "captcha_failed"},
			{"code:already-seen-response", http.StatusForbidden, "captcha_failed"},
			{"code:invalid-or-already-seen-response", http.StatusForbidden, "captcha_failed"},
			{"code:", http.StatusForbidden, "captcha_failed"},
			{"hostname", http.StatusForbidden, "captcha_failed"},
			{"stale", http.StatusForbidden, "captcha_failed"},
			{"future", http.StatusForbidden, "captcha_failed"},
		} {
			f.fake.setFault(tt.fault)
			start := time.Now()
			wantError(t, "a verification with fault "+tt.fault, c.signIn("ada", f.fake.solve("", 0.9)), tt.status, tt.code)
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("fault %s: the answer took %v, more than the timeout allows", tt.fault, d)
			}
		}
		f.fake.setFault("")
		wantError(t, "an unknown token", c.signIn("ada", "0.never-issued"), http.StatusForbidden, "captcha_failed")
		wantOK(t, "a good token once the provider recovered", c.signIn("ada", f.fake.solve("", 0.9)))
	})
}

// TestUnreachable: a provider that does not answer at all refuses.
func TestUnreachable(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, kinds[0], setup{captcha: []captcha.Option{captcha.WithOperations(signIn)},
			auth: []auth.Option{auth.WithoutRateLimits()}})
		token := f.fake.solve("", 0.9)
		f.fake.srv.Close()
		wantError(t, "a provider that is down", f.client(t, "203.0.113.7").signIn("ada", token),
			http.StatusServiceUnavailable, "captcha_unavailable")
	})
}

// TestWrongSecret: a provider that refuses the site's own secret is a
// configuration failure, not the client's: captcha_unavailable.
func TestWrongSecret(t *testing.T) {
	eachProvider(t, func(t *testing.T, e *authtest.Engine, k kind) {
		f := newFixture(t, e, k, setup{captcha: []captcha.Option{captcha.WithOperations(signIn)},
			auth: []auth.Option{auth.WithoutRateLimits()}})
		wrong := captcha.New(k.verifier(auth.NewSecret("wrong"), captcha.WithEndpoint(f.fake.srv.URL)), captcha.WithOperations(signIn))
		a := authtest.NewAuth(t, e, auth.WithPlugins(wrong), auth.WithoutRateLimits(), auth.WithClock(f.clock.Now))
		login, _ := a.Operation(signIn)
		_, _, err := login.Invoke(captchaCtx(f.fake.solve("", 0.9)), func(in any) error {
			in.(*authtest.LoginRequest).Name = "ada"
			return nil
		})
		wantCode(t, "a sign-in verified with a wrong secret", err, captcha.ErrUnavailable)
	})
}

// TestVerdictChecks: the action, score and site key checks.
func TestVerdictChecks(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		noLimits := auth.WithoutRateLimits()
		// Turnstile and reCAPTCHA bind a token to its action.
		for _, k := range []kind{kinds[0], kinds[2]} {
			f := newFixture(t, e, k, setup{captcha: []captcha.Option{captcha.WithOperations(signIn), captcha.WithAction(signIn, "login")},
				auth: []auth.Option{noLimits}})
			c := f.client(t, "203.0.113.7")
			wantError(t, k.name+": a token of another action", c.signIn("ada", f.fake.solve("signup", 0.9)), http.StatusForbidden, "captcha_failed")
			wantError(t, k.name+": a token without an action", c.signIn("ada", f.fake.solve("", 0.9)), http.StatusForbidden, "captcha_failed")
			wantOK(t, k.name+": a token of the action", c.signIn("ada", f.fake.solve("login", 0.9)))
		}
		// reCAPTCHA v3's score.
		f := newFixture(t, e, kinds[2], setup{captcha: []captcha.Option{captcha.WithOperations(signIn), captcha.WithMinScore(0.5)},
			auth: []auth.Option{noLimits}})
		c := f.client(t, "203.0.113.7")
		wantError(t, "a low score", c.signIn("ada", f.fake.solve("", 0.3)), http.StatusForbidden, "captcha_failed")
		wantOK(t, "the threshold score", c.signIn("ada", f.fake.solve("", 0.5)))
		// A provider without scores cannot meet a score threshold.
		h := newFixture(t, e, kinds[1], setup{captcha: []captcha.Option{captcha.WithOperations(signIn), captcha.WithMinScore(0.5)},
			auth: []auth.Option{noLimits}})
		wantError(t, "a verdict without a score", h.client(t, "203.0.113.7").signIn("ada", h.fake.solve("", 0.9)),
			http.StatusForbidden, "captcha_failed")
		// hCaptcha's sitekey: a token of another site key.
		s := newFixture(t, e, kinds[1], setup{captcha: []captcha.Option{captcha.WithOperations(signIn)},
			provider: []captcha.ProviderOption{captcha.WithSiteKey("10000000-ffff-ffff-ffff-000000000001")}, auth: []auth.Option{noLimits}})
		s.fake.siteKey = "10000000-ffff-ffff-ffff-000000000002"
		wantError(t, "a secret of another site key", s.client(t, "203.0.113.7").signIn("ada", s.fake.solve("", 0.9)),
			http.StatusServiceUnavailable, "captcha_unavailable")
		// Other hostnames, when configured.
		o := newFixture(t, e, kinds[0], setup{captcha: []captcha.Option{captcha.WithOperations(signIn), captcha.WithHostnames("acme.example")},
			auth: []auth.Option{noLimits}})
		wantError(t, "the base URL's host when others are named", o.client(t, "203.0.113.7").signIn("ada", o.fake.solve("", 0.9)),
			http.StatusForbidden, "captcha_failed")
	})
}
