package test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/phone"
)

// TestSettingsMounts walks the addresses page (an address added, a
// number added and proved, then removed) and the providers page (the
// link form as far as the continue page) on each framework's mount, on
// every engine: the pages see the adapter's session, and their forms,
// redirects, cookies and headers pass through the framework untouched.
func TestSettingsMounts(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		for i, fw := range frameworks {
			t.Run(fw.name, func(t *testing.T) {
				sms := &authtest.TextBox{}
				name := strings.ReplaceAll(fw.name, "/", "-") // one database for the four
				s, op := settingsSite(t, e, e.DB, fw.mount, fw.serve, sms, name+"@example.com")
				b := s.signedInAs(t, name+"@example.com", "correct horse battery")
				_, next := b.submit(addresses, addresses+"/email/add", url.Values{"email": {name + "-2@example.com"}})
				want(t, fw.name+" address added", next, "Check your inbox", name+"-2@example.com")
				number := "+4477009002" + itoa(10+i)
				_, next = b.submit(addresses, addresses+"/phone/add", url.Values{"phone": {number}})
				want(t, fw.name+" number added", next, "Enter the code we texted to")
				_, next = b.submit(addresses, addresses+"/phone/verify", url.Values{"code": {sms.Code(t, number, phone.PurposeVerify)}})
				want(t, fw.name+" number verified", next, "Your phone number is verified.")
				_, next = b.submit(addresses, addresses+"/phone/remove", url.Values{"phone": {number}})
				want(t, fw.name+" number removed", next, "The number is removed")
				if next.Header.Get("Cache-Control") != "no-store" || next.Header.Get("Content-Security-Policy") == "" {
					t.Fatalf("%s: the page's headers = %v", fw.name, next.Header)
				}
				post, onward := b.submit(providers, providers+"/link", url.Values{"provider": {"test"}})
				if post.Location != providers+"/continue" || !strings.HasPrefix(onward.Header.Get("Refresh"), "0; url="+op.Issuer()) {
					t.Fatalf("%s: the link form = %d to %q, then Refresh %q", fw.name, post.Status, post.Location, onward.Header.Get("Refresh"))
				}
			})
		}
	})
}

// TestBrowserSettingsMounts shows the addresses page, an address added,
// and the providers page in headless Chromium, scripts off, on the gin,
// echo and fiber mounts, each screenshotted and checked by axe-core.
func TestBrowserSettingsMounts(t *testing.T) {
	exe := authtest.Chromium(t)
	axe := axeSource(t)
	for _, fw := range frameworks[1:] {
		t.Run(fw.name, func(t *testing.T) {
			e := authtest.SQLiteEngine(t)
			s, _ := settingsSite(t, e, e.DB, fw.mount, fw.serve, &authtest.TextBox{}, "ada@example.com")
			tb := newTab(t, exe, s, false, axe)
			tb.open("/sign-in", "sign-in")
			signInTab(tb, `main[data-page="account"]`)
			tb.press(`main nav.tabs a[href="/account/addresses"]`, `main[data-page="addresses"]`)
			tb.check(fw.name + "-addresses")
			tb.fill("email", "second@example.com")
			tb.press(`main form[action="/account/addresses/email/add"] button`, `main[data-page="addresses"] .notice`)
			tb.check(fw.name + "-addresses-added")
			tb.press(`main nav.tabs a[href="/account/providers"]`, `main[data-page="providers"]`)
			tb.check(fw.name + "-providers")
		})
	}
}
