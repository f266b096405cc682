package test

import (
	"testing"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/emailchallenge"
	"github.com/sesame-go/sesame/plugin/magiclink"
)

// TestBrowserSecondSteps walks the magic-link and second-step pages in
// headless Chromium, scripts on and off, for a person with an
// authenticator app: ask for a link, open it, confirm, pass the second
// step after a wrong code, sign out; then the password and a recovery
// code. Each page is screenshotted and checked by axe-core.
func TestBrowserSecondSteps(t *testing.T) {
	exe := authtest.Chromium(t)
	axe := axeSource(t)
	for _, scripts := range []bool{true, false} {
		t.Run(map[bool]string{true: "scripts on", false: "scripts off"}[scripts], func(t *testing.T) {
			e := authtest.SQLiteEngine(t)
			s, _, key, recovery := twoFactorSite(t, e, e.DB)

			tb := newTab(t, exe, s, scripts, axe)
			tb.open("/sign-in", "sign-in")
			tb.press(`main a[href="/magic-link"]`, `main[data-page="magic-link"]`)
			tb.check("magic-link")
			tb.fill("email", "ada@example.com")
			tb.press(`main button[type="submit"]`, `main[data-page="magic-link"] .notice`)
			tb.check("magic-link-sent")
			tb.open(s.link(t, "ada@example.com", magiclink.PurposeSignIn), "magic-link")
			tb.check("magic-link-landing")
			tb.press(`main button[type="submit"]`, `main[data-page="second-factor"]`)
			tb.check("second-factor")
			tb.fill("code", "000000")
			tb.press(`main form:first-of-type button`, "#code-error")
			tb.check("second-factor-error")
			if got := tb.focused(); got != "code" {
				t.Errorf("after the error the focus is on %q, want the code field", got)
			}
			tb.fill("code", key.Code(s.clock.Now()))
			tb.press(`main form:first-of-type button`, `main[data-page="account"]`)
			tb.press(`header form button`, `main[data-page="sign-out"] .notice`)

			tb.open("/sign-in", "sign-in")
			tb.fill("email", "ada@example.com", "password", "correct horse battery")
			tb.press(`main form[action="/sign-in"] button`, `main[data-page="second-factor"]`)
			tb.fill("recovery", recovery[0])
			tb.press(`main button.secondary`, `main[data-page="account"]`)
			t.Logf("checked %d pages: %v", len(tb.checked), tb.checked)
		})
	}
}

// TestBrowserEmailCode signs in by a mailed code in headless Chromium,
// scripts off: the request, the code entry (a wrong code first) and the
// link's page, each screenshotted and checked by axe-core.
func TestBrowserEmailCode(t *testing.T) {
	exe := authtest.Chromium(t)
	axe := axeSource(t)
	s := newSite(t, authtest.SQLiteEngine(t), emailCodePlugins(t), nil)
	s.signedUp(t, s.browser(t), "ada@example.com", "correct horse battery")
	tb := newTab(t, exe, s, false, axe)
	tb.open("/sign-in", "sign-in")
	tb.press(`main a[href="/email-code"]`, `main[data-page="email-code"]`)
	tb.check("email-code")
	tb.fill("email", "ada@example.com")
	tb.press(`main form[action="/email-code/start"] button`, "#code")
	tb.check("email-code-sent")
	tb.fill("code", "000000")
	tb.press(`main form[action="/email-code"] button`, "#code-error")
	tb.check("email-code-error")
	tb.fill("code", s.mail.Code(t, "ada@example.com", emailchallenge.PurposeChallenge))
	tb.press(`main form[action="/email-code"] button`, `main[data-page="account"]`)
	tb.press(`header form button`, `main[data-page="sign-out"] .notice`)
	tb.open("/email-challenge?token=x", "email-code")
	tb.check("email-code-landing")
}
