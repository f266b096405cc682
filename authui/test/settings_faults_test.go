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

// faulted runs a form (or a page, for a nil form) once without a fault,
// which must answer want, then again with a failure at each of the
// statements that run counted and at the commit: each must answer 500
// with the page's message for an internal error. again gives the form
// of the runs that fail.
type faulted struct {
	t      *testing.T
	s      *site
	faults *authtest.Faults
	b      *browser
	// after, if set, runs after the run without a fault.
	after func()
}

func (f faulted) check(what, pagePath, action string, ok, again url.Values, want string) {
	f.t.Helper()
	run := func(fields url.Values, set func()) page {
		f.t.Helper()
		if action == "" {
			set()
			return f.b.get(pagePath)
		}
		form := url.Values{"csrf": {token(f.t, f.b.get(pagePath).Body)}}
		for k, v := range fields {
			form[k] = v
		}
		set()
		return f.b.postRaw(f.s.base, action, form)
	}
	p := run(ok, f.faults.Reset)
	if got := p.Location; action != "" && got != want || action == "" && p.Status != http.StatusOK {
		f.t.Fatalf("%s without a fault = %d %q, want %q", what, p.Status, got, want)
	}
	n := f.faults.Statements()
	if f.after != nil {
		f.after()
	}
	if n == 0 {
		f.t.Fatalf("%s ran no statement", what)
	}
	for i := 0; i <= n; i++ {
		set := func() { f.faults.FailAt(i) }
		if i == 0 {
			set = f.faults.FailCommit
		}
		p := run(again, set)
		fired := f.faults.Fired()
		f.faults.Reset()
		if action == "" && i == 0 {
			continue // a page commits nothing
		}
		if !fired {
			f.t.Fatalf("%s, statement %d: no fault fired", what, i)
		}
		// The session's own load fails in the Middleware, which answers
		// its JSON error before any page runs.
		if p.Status != http.StatusInternalServerError || strings.Contains(p.Body, "<html") && !strings.Contains(p.Body, "Something went wrong on our side") {
			f.t.Fatalf("%s, statement %d (0: the commit) = %d %q, want 500 with the page:\n%s", what, i, p.Status, p.Location, p.Body)
		}
	}
}

// TestSettingsFaultsReachTheBrowser fails each statement of every form of
// the addresses and providers pages, and of the pages themselves, on
// every engine: each answers 500 with the page saying so, and changes
// nothing.
func TestSettingsFaultsReachTheBrowser(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		sms := &authtest.TextBox{}
		s := newSiteOn(t, e, pool, addressPlugins(t, sms), nil)
		s.signedUp(t, s.browser(t), "ada@example.com", "correct horse battery")
		b := s.signedInAs(t, "ada@example.com", "correct horse battery")
		f := faulted{t: t, s: s, faults: faults, b: b}
		done := func(d string) string { return addresses + "?done=addresses." + d }
		mail := func(a string) url.Values { return url.Values{"email": {a}} }
		num := func(n string) url.Values { return url.Values{"phone": {n}} }

		f.check("the page", addresses, "", nil, nil, "")
		f.check("add", addresses, addresses+"/email/add", mail("one@example.com"), mail("two@example.com"), done("email_added"))
		f.check("resend", addresses, addresses+"/email/resend", mail("one@example.com"), mail("one@example.com"), done("link_sent"))
		b.submit(s.link(t, "one@example.com", email.PurposeVerify), "/verify-email", nil)
		f.check("primary", addresses, addresses+"/email/primary", mail("one@example.com"), mail("ada@example.com"), done("primary_changed"))
		b.submit(addresses, addresses+"/email/add", mail("three@example.com"))
		f.check("remove", addresses, addresses+"/email/remove", mail("ada@example.com"), mail("three@example.com"), done("email_removed"))
		if got := s.identities(t, "one@example.com", email.Kind); !slices.Equal(got, []string{"one@example.com", "three@example.com?"}) {
			t.Fatalf("addresses after the failures = %v", got)
		}

		first, second := "+447700900001", "+447700900002"
		f.check("phone add", addresses, addresses+"/phone/add", num(first), num(second), done("code_sent"))
		b.submit(addresses, addresses+"/phone/add", num(second))
		codes := func(n string) url.Values {
			return url.Values{"phone": {n}, "code": {sms.Code(t, n, phone.PurposeVerify)}}
		}
		f.check("phone verify", addresses, addresses+"/phone/verify", codes(first), codes(second), done("phone_verified"))
		b.submit(addresses, addresses+"/phone/verify", codes(second))
		f.check("phone remove", addresses, addresses+"/phone/remove", num(first), num(second), done("phone_removed"))
		if got := s.identities(t, "one@example.com", phone.Kind); !slices.Equal(got, []string{second}) {
			t.Fatalf("numbers after the failures = %v", got)
		}
	})
}

// TestProviderFaultsReachTheBrowser does the same for the providers
// page, its link form and its unlink form.
func TestProviderFaultsReachTheBrowser(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		s, op := providerSiteOn(t, e, pool, nil, nil)
		b := s.signedInAs(t, "ada@example.com", "correct horse battery")
		f := faulted{t: t, s: s, faults: faults, b: b}
		prov := func(p string) url.Values { return url.Values{"provider": {p}} }
		f.check("the page", providers, "", nil, nil, "")
		f.check("link", providers, providers+"/link", prov("test"), prov("github"), providers+"/continue")
		op.LogInAs("2002")
		b.linkTo("test")
		f.after = func() { b.linkTo("test") } // linked again, for the runs that fail
		f.check("unlink", providers, providers+"/unlink", prov("test"), prov("test"), providers+"?done=providers.unlinked")
		want(t, "still linked", b.get(providers), `aria-label="Unlink your test account"`)
	})
}
