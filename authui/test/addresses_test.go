package test

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/phone"
)

const addresses = "/account/addresses"

// TestAddressesJourney walks the addresses page on every engine, as a
// browser with scripts off: add an address (a malformed one first),
// mail its link again, verify it, make it primary, remove the old one;
// add a number (a malformed one first), enter a wrong code then the
// texted one, remove it. Every POST ends in a redirect, every error
// shows next to its field or in the summary.
func TestAddressesJourney(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s, sms := addressSite(t, e)
		b := s.signedInAs(t, "ada@example.com", "correct horse battery")
		want(t, "account nav", b.get("/account"), `<a href="/account/addresses">Email and phone</a>`)
		p := b.get(addresses)
		want(t, "addresses page", p, "Email addresses", "Phone numbers", `aria-current="page"`,
			`<span class="device" translate="no">ada@example.com</span>`, `<span class="badge">Primary</span>`,
			"You have no phone number yet.")
		if strings.Contains(p.Body, "For your security") {
			t.Fatal("a fresh session is told to sign in again")
		}

		post, next := b.submit(addresses, addresses+"/email/add", url.Values{"email": {"not an address"}})
		if post.Location != addresses {
			t.Fatalf("a malformed address went to %q, want back to the page", post.Location)
		}
		want(t, "malformed address", next, `id="email-error"`, `aria-invalid="true"`, `value="not an address"`)

		post, next = b.submit(addresses, addresses+"/email/add", url.Values{"email": {"Ada.King@Example.com"}})
		if post.Location != addresses+"?done=addresses.email_added" {
			t.Fatalf("adding an address went to %q", post.Location)
		}
		want(t, "address added", next, "Check your inbox", "ada.king@example.com", "Not verified yet", `action="/account/addresses/email/resend"`)
		first := s.link(t, "ada.king@example.com", email.PurposeVerify)
		_, next = b.submit(addresses, addresses+"/email/resend", url.Values{"email": {"ada.king@example.com"}})
		want(t, "link sent again", next, "A new verification link is on its way.")
		second := s.link(t, "ada.king@example.com", email.PurposeVerify)
		if first == second {
			t.Fatal("resend sent no new link")
		}

		_, next = b.send(addresses, addresses+"/email/primary", url.Values{"email": {"ada.king@example.com"}})
		want(t, "unverified made primary", next, "Verify your email first")
		if got := s.identities(t, "ada@example.com", email.Kind); !slices.Equal(got, []string{"ada.king@example.com?", "ada@example.com"}) {
			t.Fatalf("addresses after the refusals = %v", got)
		}

		b.submit(second, "/verify-email", nil)
		want(t, "verified", b.get(addresses), `aria-label="Make ada.king@example.com your primary address"`)
		_, next = b.send(addresses, addresses+"/email/remove", url.Values{"email": {"ada@example.com"}})
		want(t, "remove the primary", next, "This is your primary address")
		_, next = b.submit(addresses, addresses+"/email/primary", url.Values{"email": {"ada.king@example.com"}})
		want(t, "primary changed", next, "Your primary address is changed.")
		_, next = b.submit(addresses, addresses+"/email/remove", url.Values{"email": {"ada@example.com"}})
		want(t, "old address removed", next, "The address is removed")
		if got := s.identities(t, "ada.king@example.com", email.Kind); !slices.Equal(got, []string{"ada.king@example.com"}) {
			t.Fatalf("addresses at the end = %v", got)
		}
		if !b.signedIn() {
			t.Fatal("removing an address signed out the browser that did it")
		}

		post, next = b.submit(addresses, addresses+"/phone/add", url.Values{"phone": {"12"}})
		if post.Location != addresses {
			t.Fatalf("a malformed number went to %q", post.Location)
		}
		want(t, "malformed number", next, `id="phone-error"`, `value="12"`)
		_, next = b.submit(addresses, addresses+"/phone/add", url.Values{"phone": {"+44 7700 900001"}})
		shown := strings.ReplaceAll(adaPhone, "+", "&#43;") // as html/template writes it
		want(t, "number added", next, "we texted it a code", "Enter the code we texted to "+shown,
			`<input type="hidden" name="phone" value="`+shown+`">`, `autocomplete="one-time-code"`)
		code := sms.Code(t, adaPhone, phone.PurposeVerify)
		wrong := "000000"
		if code == wrong {
			wrong = "111111"
		}
		_, next = b.submit(addresses, addresses+"/phone/verify", url.Values{"code": {wrong}})
		want(t, "wrong code", next, `<p class="field-error" id="code-error">The code is wrong or has expired.</p>`)
		_, next = b.submit(addresses, addresses+"/phone/verify", url.Values{"code": {code}})
		want(t, "number verified", next, "Your phone number is verified.")
		if got := s.identities(t, "ada.king@example.com", phone.Kind); !slices.Equal(got, []string{adaPhone}) {
			t.Fatalf("numbers = %v", got)
		}
		_, next = b.submit(addresses, addresses+"/phone/remove", url.Values{"phone": {adaPhone}})
		want(t, "number removed", next, "The number is removed", "You have no phone number yet.")
	})
}

// TestAddressesNeedAFreshSession: a session older than the fresh age
// is told before it tries, every change it sends is refused with the
// way to sign in again, and nothing changes; signing in again comes back
// to the page, where the change works.
func TestAddressesNeedAFreshSession(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s, _ := addressSite(t, e)
		b := s.signedInAs(t, "ada@example.com", "correct horse battery")
		b.submit(addresses, addresses+"/email/add", url.Values{"email": {"second@example.com"}})
		s.clock.Advance(s.a.Sessions().FreshAge + 1e9)
		again := `<a href="/sign-in?next=%2Faccount%2Faddresses">Sign in again, then come back here</a>`
		want(t, "stale page", b.get(addresses), "For your security, changes here need a recent sign-in.", again)
		for _, tt := range []struct{ action, field, value string }{
			{"/email/add", "email", "third@example.com"},
			{"/email/remove", "email", "second@example.com"},
			{"/email/primary", "email", "second@example.com"},
			{"/phone/add", "phone", adaPhone},
		} {
			_, next := b.send(addresses, addresses+tt.action, url.Values{tt.field: {tt.value}})
			want(t, "stale "+tt.action, next, "Sign in again to do this.", again)
		}
		if got := s.identities(t, "ada@example.com", email.Kind); !slices.Equal(got, []string{"ada@example.com", "second@example.com?"}) {
			t.Fatalf("a stale session changed the addresses: %v", got)
		}
		if got := s.identities(t, "ada@example.com", phone.Kind); len(got) != 0 {
			t.Fatalf("a stale session added a number: %v", got)
		}
		post, back := b.submit("/sign-in?next=%2Faccount%2Faddresses", "/sign-in",
			url.Values{"email": {"ada@example.com"}, "password": {"correct horse battery"}})
		if !strings.HasSuffix(post.Location, addresses) {
			t.Fatalf("signing in again went to %q, want back to the addresses", post.Location)
		}
		if strings.Contains(back.Body, "For your security") {
			t.Fatal("signed in again, the page still asks for it")
		}
		_, next := b.submit(addresses, addresses+"/email/remove", url.Values{"email": {"second@example.com"}})
		want(t, "fresh again", next, "The address is removed")
	})
}

// TestAddressesSignedOut: the page and its forms send a browser with no
// session to sign in, which comes back to the page.
func TestAddressesSignedOut(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s, _ := addressSite(t, e)
		b := s.browser(t)
		if p := b.get(addresses); p.Status != http.StatusSeeOther || p.Location != "/sign-in?next=%2Faccount%2Faddresses" {
			t.Fatalf("GET %s signed out = %d to %q", addresses, p.Status, p.Location)
		}
		form := url.Values{"csrf": {token(t, b.get("/sign-in").Body)}, "email": {"x@example.com"}}
		if p := b.postRaw(s.base, addresses+"/email/add", form); p.Location != "/sign-in?next=%2Faccount%2Faddresses" {
			t.Fatalf("POST email/add signed out = %d to %q", p.Status, p.Location)
		}
	})
}
