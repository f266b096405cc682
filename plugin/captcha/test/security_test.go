package test

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/captcha"
)

// TestRequestShape: each verification is the documented form POST of
// secret, response and the client's remoteip (and hCaptcha's sitekey
// when set), with nothing in the URL.
func TestRequestShape(t *testing.T) {
	eachProvider(t, func(t *testing.T, e *authtest.Engine, k kind) {
		f := newFixture(t, e, k, setup{captcha: []captcha.Option{captcha.WithOperations(signIn)},
			provider: []captcha.ProviderOption{captcha.WithSiteKey("site-key-1")}, auth: []auth.Option{auth.WithoutRateLimits()}})
		token := f.fake.solve("", 0.9)
		wantOK(t, "a sign-in with a captcha", f.client(t, "2001:db8::7").signIn("ada", token))
		f.fake.mu.Lock()
		r, form := f.fake.requests[0], f.fake.forms[0]
		f.fake.mu.Unlock()
		if r.Method != http.MethodPost || r.URL.RawQuery != "" || r.URL.Path != "/siteverify" {
			t.Errorf("the verification was %s %s, want POST /siteverify with no query", r.Method, r.URL)
		}
		want := map[string]string{"secret": secret, "response": token, "remoteip": "2001:db8::7", "sitekey": "site-key-1"}
		for name, v := range want {
			if got := form.Get(name); got != v {
				t.Errorf("form field %s = %q, want %q", name, got, v)
			}
		}
		if len(form) != len(want) {
			t.Errorf("the form has fields %v, want exactly %v", form, want)
		}
		// A server call has no client address: no remoteip.
		_, err := f.login.SignIn(captchaCtx(f.fake.solve("", 0.9)), "ada")
		wantCode(t, "a server call's SignIn with a captcha", err, nil)
		if form := f.fake.lastForm(); form.Has("remoteip") {
			t.Errorf("a server call's verification sent remoteip %q", form.Get("remoteip"))
		}
	})
}

// TestSecretRedacted: the provider's secret prints as [redacted] through
// the plugin and its verifier, whatever the verb.
func TestSecretRedacted(t *testing.T) {
	for _, k := range kinds {
		v := k.verifier(auth.NewSecret(secret))
		p := captcha.New(v)
		for _, verb := range []string{"%v", "%+v", "%#v", "%s"} {
			if out := fmt.Sprintf(verb+" "+verb, v, p); strings.Contains(out, secret) {
				t.Errorf("%s: Sprintf(%q) shows the secret: %s", k.name, verb, out)
			}
		}
	}
}

// TestHostileTokens: tokens no provider makes are refused without
// asking the provider; an overlong header is dropped by the transport.
func TestHostileTokens(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, kinds[0], setup{captcha: []captcha.Option{captcha.WithOperations(signIn)},
			auth: []auth.Option{auth.WithoutRateLimits()}})
		c := f.client(t, "203.0.113.7")
		for _, tt := range []struct {
			name, token, code string
			asks              bool
		}{
			{"overlong", strings.Repeat("a", auth.MaxProofLen+1), "captcha_required", false},
			{"the longest", strings.Repeat("a", auth.MaxProofLen), "captcha_failed", true},
			{"invalid UTF-8", "0.\xff\xfe", "captcha_failed", false},
			{"non-ASCII", "0.café", "captcha_failed", false},
			{"a space inside", "0.a b", "captcha_failed", false},
			{"a tab inside", "0.a\tb", "captcha_failed", false},
			{"a form-encoding trick", "x&secret=guess", "captcha_failed", true},
		} {
			before := f.fake.calls()
			wantError(t, tt.name, c.signIn("ada", tt.token), http.StatusForbidden, tt.code)
			if asked := f.fake.calls() > before; asked != tt.asks {
				t.Errorf("%s: the provider was asked: %v, want %v", tt.name, asked, tt.asks)
			}
		}
		// The form-encoding trick reached the provider as one response.
		if form := f.fake.lastForm(); form.Get("response") != "x&secret=guess" || form.Get("secret") != secret {
			t.Errorf("the provider got %v", form)
		}
		// Several headers: only the first counts.
		good := f.fake.solve("", 0.9)
		res := c.Do(http.MethodPost, "/auth/authtest/sign-in", map[string]string{"name": "ada"},
			http.Header{"X-Forwarded-For": {c.ip}, captcha.Header: {"0.bogus", good}})
		wantError(t, "a bad first header before a good one", res, http.StatusForbidden, "captcha_failed")
	})
}

// TestReplayConcurrent: one captcha token sent by 20 concurrent requests
// passes once: the plugin keeps no verdict, and the provider's single use
// decides.
func TestReplayConcurrent(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, kinds[0], setup{captcha: []captcha.Option{captcha.WithOperations(signIn)},
			auth: []auth.Option{auth.WithoutRateLimits()}})
		c := f.client(t, "203.0.113.7")
		token := f.fake.solve("", 0.9)
		const n = 20
		statuses := make([]int, n)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range n {
			wg.Go(func() {
				<-start
				statuses[i] = c.signIn(fmt.Sprint("user", i), token).Status
			})
		}
		close(start)
		wg.Wait()
		won := 0
		for i, s := range statuses {
			switch s {
			case http.StatusOK:
				won++
			case http.StatusForbidden:
			default:
				t.Errorf("replay %d = %d, want 200 once and 403 otherwise", i, s)
			}
		}
		if won != 1 {
			t.Errorf("%d of %d concurrent replays were accepted, want 1", won, n)
		}
	})
}
