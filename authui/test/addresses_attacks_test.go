package test

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/phone"
)

// TestAddressFormsOfAnotherSite posts each address form from another
// site, and from this site without the browser's form token: the first
// is refused (403), the second goes back to the page ("the form
// expired"), and neither changes anything.
func TestAddressFormsOfAnotherSite(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s, _ := addressSite(t, e)
		b := s.signedInAs(t, "ada@example.com", "correct horse battery")
		b.submit(addresses, addresses+"/email/add", url.Values{"email": {"second@example.com"}})
		before := s.identities(t, "ada@example.com", email.Kind)
		tok := token(t, b.get(addresses).Body)
		for _, tt := range []struct{ action, field, value string }{
			{"/email/add", "email", "evil@example.com"},
			{"/email/remove", "email", "second@example.com"},
			{"/email/primary", "email", "second@example.com"},
			{"/email/resend", "email", "second@example.com"},
			{"/phone/add", "phone", adaPhone},
			{"/phone/verify", "phone", adaPhone},
			{"/phone/remove", "phone", adaPhone},
		} {
			t.Run(tt.action, func(t *testing.T) {
				form := url.Values{tt.field: {tt.value}, "code": {"123456"}}
				form.Set("csrf", tok)
				if p := b.postRaw("https://evil.example", addresses+tt.action, form); p.Status != http.StatusForbidden {
					t.Fatalf("POST %s from another site = %d %q, want 403", tt.action, p.Status, p.Location)
				}
				form.Del("csrf")
				p := b.postRaw(s.base, addresses+tt.action, form)
				if p.Status != http.StatusSeeOther || p.Location != addresses {
					t.Fatalf("POST %s without the form token = %d %q, want 303 back", tt.action, p.Status, p.Location)
				}
				want(t, "no token", b.open(addresses), "The form expired")
			})
		}
		if got := s.identities(t, "ada@example.com", email.Kind); !slices.Equal(got, before) {
			t.Fatalf("refused forms changed the addresses: %v, want %v", got, before)
		}
		if got := s.identities(t, "ada@example.com", phone.Kind); len(got) != 0 {
			t.Fatalf("refused forms added a number: %v", got)
		}
	})
}

// TestAddressFormsOfAnotherPerson has Bob post Ada's address and number
// to his own forms: the plugins look them up among Bob's only, so each
// is refused as not his, and Ada's stay as they were.
func TestAddressFormsOfAnotherPerson(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s, sms := addressSite(t, e)
		ada := s.signedInAs(t, "ada@example.com", "correct horse battery")
		ada.submit(addresses, addresses+"/email/add", url.Values{"email": {"ada2@example.com"}})
		ada.submit(addresses, addresses+"/phone/add", url.Values{"phone": {adaPhone}})
		adaCode := sms.Code(t, adaPhone, phone.PurposeVerify)
		sent := len(s.mail.Messages("ada2@example.com"))

		bob := s.signedInAs(t, "bob@example.com", "bob's good password")
		for _, tt := range []struct {
			action, field, value, says string
		}{
			{"/email/remove", "email", "ada@example.com", "This address is not one of yours."},
			{"/email/remove", "email", "ada2@example.com", "This address is not one of yours."},
			{"/email/primary", "email", "ada@example.com", "This address is not one of yours."},
			{"/phone/remove", "phone", adaPhone, "This number is not one of yours."},
		} {
			_, next := bob.send(addresses, addresses+tt.action, url.Values{tt.field: {tt.value}})
			want(t, "Bob "+tt.action+" "+tt.value, next, tt.says)
		}
		// Ada's code, typed by Bob for her number: no number of his waits
		// for it, and her code is not spent.
		_, next := bob.send(addresses, addresses+"/phone/verify", url.Values{"phone": {adaPhone}, "code": {adaCode}})
		want(t, "Bob enters Ada's code", next, "The code is wrong or has expired.")
		// Resending to Ada's unverified address sends her nothing.
		_, next = bob.send(addresses, addresses+"/email/resend", url.Values{"email": {"ada2@example.com"}})
		want(t, "Bob resends Ada's link", next, "A new verification link is on its way.")
		s.idle()
		if n := len(s.mail.Messages("ada2@example.com")); n != sent {
			t.Fatalf("Bob's resend mailed Ada's address (%d messages, had %d)", n, sent)
		}
		if got := s.identities(t, "ada@example.com", email.Kind); !slices.Equal(got, []string{"ada2@example.com?", "ada@example.com"}) {
			t.Fatalf("Ada's addresses after Bob's forms = %v", got)
		}
		if got := s.identities(t, "bob@example.com", phone.Kind); len(got) != 0 {
			t.Fatalf("Bob has numbers %v", got)
		}
		_, next = ada.submit(addresses, addresses+"/phone/verify", url.Values{"code": {adaCode}})
		want(t, "Ada's own code", next, "Your phone number is verified.")
	})
}

// TestAddressLastWayIn: a person who signed up with a texted code has
// their number as the only way in, and cannot remove it: the plugin's
// refusal shows on the page, and the number stays.
func TestAddressLastWayIn(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		sms := &authtest.TextBox{}
		s := newSiteMounted(t, e, e.DB, func(mail *authtest.Mailbox, base string) []auth.Plugin {
			return []auth.Plugin{phone.New(phone.WithSender(sms)), authtest.NewLogin()}
		}, nil, func(a *auth.Auth, pages http.Handler) http.Handler {
			mux := http.NewServeMux()
			mux.Handle("/phone/", authhttp.Handler(a)) // the JSON routes sign up by a texted code
			mux.Handle("/", pages)
			return mux
		})
		b := s.browser(t)
		b.json("/phone/code/send", `{"phone":"`+adaPhone+`"}`)
		b.json("/phone/code/sign-in", `{"phone":"`+adaPhone+`","code":"`+sms.Code(t, adaPhone, phone.PurposeSignUp)+`","name":"Ada"}`)
		want(t, "phone only", b.get(addresses), "Phone numbers", `aria-label="Remove &#43;447700900001"`)
		_, next := b.submit(addresses, addresses+"/phone/remove", url.Values{"phone": {adaPhone}})
		want(t, "last way in", next, "This number is your only way to sign in")
		s.idle()
		var n int
		if err := s.a.SQL().QueryRowContext(t.Context(), "SELECT COUNT(*) FROM auth_identity WHERE kind = 'phone'").Scan(&n); err != nil || n != 1 {
			t.Fatalf("numbers after the refused removal = %d, %v", n, err)
		}
	})
}

// json posts a JSON body to a route of the site, as the site's own
// script would, and fails the test unless it answers 2xx.
func (b *browser) json(path, body string) {
	b.t.Helper()
	req, err := http.NewRequest(http.MethodPost, b.s.base+path, strings.NewReader(body))
	if err != nil {
		b.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", b.s.base)
	if p := b.do(req); p.Status/100 != 2 {
		b.t.Fatalf("POST %s = %d %s", path, p.Status, p.Body)
	}
}
