package test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/phone"
)

// TestBrowserSettings walks the addresses and providers pages in
// headless Chromium, with the page's scripts on and off: add an address
// (a malformed one first) and a number, enter its code; grow stale and
// sign in again from the page's link, back to it; link the test provider
// through the continue page's Refresh, to the provider and back, and
// unlink it. Each page is screenshotted and checked by axe-core.
func TestBrowserSettings(t *testing.T) {
	exe := authtest.Chromium(t)
	axe := axeSource(t)
	for _, scripts := range []bool{true, false} {
		t.Run(map[bool]string{true: "scripts on", false: "scripts off"}[scripts], func(t *testing.T) {
			e := authtest.SQLiteEngine(t)
			sms := &authtest.TextBox{}
			s, op := settingsSite(t, e, e.DB, nil, nil, sms, "ada@example.com")
			op.LogInAs("2002")
			tb := newTab(t, exe, s, scripts, axe)
			walkSettings(t, tb, sms)
		})
	}
}

// signInTab signs in on the sign-in page the tab shows.
func signInTab(tb *tab, then string) {
	tb.fill("email", "ada@example.com", "password", "correct horse battery")
	tb.press(`main form[action="/sign-in"] button`, then)
}

func walkSettings(t *testing.T, tb *tab, sms *authtest.TextBox) {
	s := tb.s
	tb.open("/sign-in", "sign-in")
	signInTab(tb, `main[data-page="account"]`)
	tb.press(`main nav.tabs a[href="/account/addresses"]`, `main[data-page="addresses"]`)
	tb.check("addresses")
	tb.fill("email", "ada@example.com") // already hers: the plugin says so next to the field
	tb.press(`main form[action="/account/addresses/email/add"] button`, "#email-error")
	tb.check("addresses-error")
	if got := tb.focused(); got != "email" {
		t.Errorf("after the error the focus is on %q, want the email field", got)
	}
	tb.fill("email", "ada.king@example.com")
	tb.press(`main form[action="/account/addresses/email/add"] button`, `main[data-page="addresses"] .notice`)
	tb.fill("phone", "+44 7700 900001")
	tb.press(`main form.stack[action="/account/addresses/phone/add"] button`, "#code")
	tb.check("addresses-code")
	tb.fill("code", sms.Code(t, adaPhone, phone.PurposeVerify))
	tb.do("verify the number", chromedp.Click(chromedp.CSS(`main form[action="/account/addresses/phone/verify"] button`)),
		chromedp.WaitNotPresent(chromedp.CSS("#code")), chromedp.WaitVisible(chromedp.CSS(`main[data-page="addresses"] .notice`)))
	tb.open(s.link(t, "ada.king@example.com", email.PurposeVerify), "verify")
	tb.press(`main button[type="submit"]`, `main[data-page="account"] .notice`)
	tb.open("/account/addresses", "addresses")
	tb.check("addresses-verified")

	s.clock.Advance(s.a.Sessions().FreshAge * 2)
	tb.open("/account/addresses", "addresses")
	tb.do("stale notice", chromedp.WaitVisible(chromedp.CSS(".attention")))
	tb.check("addresses-stale")
	tb.press(`.attention a`, `main[data-page="sign-in"]`)
	signInTab(tb, `main[data-page="addresses"]`)
	var stale int
	tb.eval(`document.querySelectorAll(".attention").length`, &stale)
	if stale != 0 {
		t.Error("signed in again, the addresses page still asks for it")
	}

	tb.press(`main nav.tabs a[href="/account/providers"]`, `main[data-page="providers"]`)
	tb.check("providers")
	tb.press(`main form[action="/account/providers/link"] button`, `main[data-page="providers"] .notice`)
	tb.check("providers-linked")
	tb.do("unlink", chromedp.Click(chromedp.CSS(`main form[action="/account/providers/unlink"] button`)),
		chromedp.WaitNotPresent(chromedp.CSS(`main form[action="/account/providers/unlink"]`)))
	tb.open("/account/providers?error=oauth_account_taken", "providers")
	tb.check("providers-error")

	// The continue page, held there: its "provider" answers 204 No
	// Content, which leaves the browser on the page.
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) }))
	t.Cleanup(slow.Close)
	onward, _ := json.Marshal(map[string]string{"Provider": "test", "URL": slow.URL + "/authorize"})
	if _, err := chromedp.Call(tb.ctx, network.SetCookie, network.SetCookieParams{Name: "authui_onward",
		Value: encodeB64(string(onward)), URL: s.base + "/"}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(tb.ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/account/providers/continue"),
		chromedp.WaitVisible(chromedp.CSS(`main[data-page="provider-link"]`))); err != nil {
		t.Fatalf("the continue page: %v", err)
	}
	tb.check("provider-continue")
	t.Logf("checked %d pages: %v", len(tb.checked), tb.checked)
}
