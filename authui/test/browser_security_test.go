package test

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	cdpwebauthn "github.com/chromedp/cdproto/webauthn"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/twofactor/totp"
)

// TestBrowserSecurity walks the security page in headless Chromium,
// scripts on and off: sign in, set up an authenticator app from its key
// (a wrong first code, then the right one), see the recovery codes once.
// With scripts on, Chromium's virtual authenticator (DevTools WebAuthn
// domain: CTAP2, internal, resident keys, user verification) adds a
// passkey through the page's script (Enter in its name field), passes the second step with it,
// signs in with it from the sign-in page and removes it; with scripts
// off, the pages say that passkeys need JavaScript and hide their
// buttons. Each page is screenshotted and checked by axe-core.
func TestBrowserSecurity(t *testing.T) {
	exe := authtest.Chromium(t)
	axe := axeSource(t)
	for _, scripts := range []bool{true, false} {
		t.Run(map[bool]string{true: "scripts on", false: "scripts off"}[scripts], func(t *testing.T) {
			s, _, _ := passkeySite(t, authtest.SQLiteEngine(t))
			tb := newTab(t, exe, s, scripts, axe)
			tb.open("/sign-in", "sign-in")
			tb.check("sign-in-passkey")
			tb.wantShown(`form[data-passkey] [data-passkey-start]`, scripts)
			tb.wantShown(`form[data-passkey] [data-passkey-nojs]`, !scripts)
			tb.fill("email", "ada@example.com", "password", "correct horse battery")
			tb.press(`main form[action="/sign-in"] button`, `main[data-page="account"]`)
			tb.press(`header a[href="/account/security"]`, `main[data-page="security"]`)
			tb.check("security")

			tb.press(`main form[action="/account/security/totp"] button`, `svg.qr`)
			tb.check("security-set-up")
			var text string
			tb.eval(`document.querySelector("code.key").textContent`, &text)
			key, err := totp.DecodeKey(text)
			if err != nil {
				t.Fatalf("the page's key %q: %v", text, err)
			}
			tb.fill("code", "000000")
			tb.press(`main form[action="/account/security/totp/confirm"] button`, "#code-error")
			tb.check("security-code-error")
			if got := tb.focused(); got != "code" {
				t.Errorf("after the error the focus is on %q, want the code field", got)
			}
			tb.fill("code", key.Code(s.clock.Now()))
			tb.press(`main form[action="/account/security/totp/confirm"] button`, `section.shown`)
			tb.check("security-recovery-codes")
			tb.open("/account/security", "security")
			var shown bool
			tb.eval(`document.querySelector("section.shown") !== null`, &shown)
			if shown {
				t.Fatal("a reload shows the recovery codes again")
			}
			if !scripts {
				tb.wantShown(`form[data-passkey] [data-passkey-start]`, false)
				tb.wantShown(`form[data-passkey] [data-passkey-nojs]`, true)
				return
			}

			tb.virtualAuthenticator()
			// Enter in the name field starts the ceremony, as the button does.
			tb.do("name the passkey and press Enter", chromedp.SendKeys(chromedp.ID("passkey-name"), "Chromium"+kb.Enter),
				chromedp.WaitVisible(chromedp.CSS(`main[data-page="security"] .notice`)))
			tb.s.idle()
			tb.check("security-passkey-added")
			var names string
			tb.eval(`Array.from(document.querySelectorAll("form.rename input[name=name]")).map(i => i.value).join(",")`, &names)
			if names != "Chromium" {
				t.Fatalf("the page lists passkeys %q after adding one", names)
			}

			tb.press(`header form button`, `main[data-page="sign-out"] .notice`)
			tb.open("/sign-in", "sign-in")
			tb.fill("email", "ada@example.com", "password", "correct horse battery")
			tb.press(`main form[action="/sign-in"] button`, `main[data-page="second-factor"]`)
			tb.check("second-factor-passkey")
			tb.press(`form[data-passkey="get"] [data-passkey-start]`, `main[data-page="account"]`)

			tb.press(`header form button`, `main[data-page="sign-out"] .notice`)
			tb.open("/sign-in", "sign-in")
			tb.press(`form[data-passkey="get"] [data-passkey-start]`, `main[data-page="account"]`)
			tb.press(`header a[href="/account/security"]`, `main[data-page="security"]`)
			tb.press(`main form[action="/account/security/passkeys/remove"] button`, `main[data-page="security"] .notice`)
			tb.check("security-passkey-removed")
			if p := tb.text(`main .notice`); !strings.Contains(p, "The passkey is removed") {
				t.Fatalf("after removing the passkey the page says %q", p)
			}
			t.Logf("checked %d pages: %v", len(tb.checked), tb.checked)
		})
	}
}

// virtualAuthenticator gives the tab a platform authenticator that holds
// passkeys and verifies its user, as a phone or laptop does.
func (tb *tab) virtualAuthenticator() {
	tb.t.Helper()
	tb.do("add a virtual authenticator", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, cdpwebauthn.Enable, cdpwebauthn.EnableParams{}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, cdpwebauthn.AddVirtualAuthenticator, cdpwebauthn.AddVirtualAuthenticatorParams{
			Options: &cdpwebauthn.VirtualAuthenticatorOptions{Protocol: cdpwebauthn.AuthenticatorProtocolCtap2,
				Ctap2version: cdpwebauthn.Ctap2versionCtap21, Transport: cdpwebauthn.AuthenticatorTransportInternal,
				HasResidentKey: true, HasUserVerification: true, IsUserVerified: true, AutomaticPresenceSimulation: true}})
		return err
	}))
}

// wantShown checks whether the element the selector finds is rendered.
func (tb *tab) wantShown(sel string, shown bool) {
	tb.t.Helper()
	var got bool
	tb.eval(`(function(){ const e = document.querySelector(`+"`"+sel+"`"+`); return e !== null && e.checkVisibility() })()`, &got)
	if got != shown {
		tb.t.Errorf("%s shown %v, want %v", sel, got, shown)
	}
}

// text returns the text of the element the selector finds.
func (tb *tab) text(sel string) string {
	tb.t.Helper()
	var s string
	tb.eval(`(document.querySelector(`+"`"+sel+"`"+`) || {}).textContent || ""`, &s)
	return s
}
