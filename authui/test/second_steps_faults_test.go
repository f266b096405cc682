package test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/emailchallenge"
	"github.com/sesame-go/sesame/plugin/magiclink"
)

// TestSecondStepFaultsReachTheBrowser fails each statement, then the
// commit, of the second step's form and of the magic link's: each
// answers 500 with the page's message for an internal error and signs no
// one in; the database error is never taken for a wrong code or a dead
// link.
func TestSecondStepFaultsReachTheBrowser(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		s, _, key, _ := twoFactorSite(t, e, pool)

		check := func(what string, b *browser, p page) {
			t.Helper()
			if !faults.Fired() {
				t.Fatalf("%s: no fault fired", what)
			}
			faults.Reset()
			if p.Status != http.StatusInternalServerError {
				t.Fatalf("%s = %d %q, want 500", what, p.Status, p.Location)
			}
			// The session's own lookup fails in the Middleware, which
			// answers before the page (as in TestFaultsReachTheBrowser).
			if strings.Contains(p.Body, "<html") && !strings.Contains(p.Body, "Something went wrong on our side") {
				t.Fatalf("%s: the page does not say so:\n%s", what, p.Body)
			}
			if b.signedIn() {
				t.Fatalf("%s: the browser is signed in", what)
			}
		}

		// verify opens the second step of a new pending session and posts
		// the right code; run sets the fault.
		verify := func(run func()) (*browser, page) {
			b := s.browser(t)
			b.signIn("ada@example.com", "correct horse battery")
			form := hiddenFields(t, b.get("/two-factor").Body, "/two-factor")
			form.Set("code", key.Code(s.clock.Now()))
			run()
			return b, b.postRaw(s.base, "/two-factor", form)
		}
		b, p := verify(faults.Reset)
		n := faults.Statements()
		if p.Status != http.StatusSeeOther || p.Location != "/account" || n == 0 {
			t.Fatalf("the second step without a fault = %d %q after %d statements", p.Status, p.Location, n)
		}
		s.clock.Advance(30e9) // the code is used: the next one is due
		for i := 1; i <= n; i++ {
			b, p = verify(func() { faults.FailAt(i) })
			check("second step, statement "+itoa(i), b, p)
		}
		b, p = verify(faults.FailCommit)
		check("second step, commit", b, p)

		// The magic link, for a person without a second factor.
		s.signedUp(t, s.browser(t), "bob@example.com", "bob's good password")
		open := func(run func()) (*browser, page) {
			b := s.browser(t)
			b.submit("/magic-link", "/magic-link/send", url.Values{"email": {"bob@example.com"}})
			link := s.link(t, "bob@example.com", magiclink.PurposeSignIn)
			form := hiddenFields(t, b.get(link).Body, "/magic-link")
			run()
			return b, b.postRaw(s.base, "/magic-link", form)
		}
		b, p = open(faults.Reset)
		n = faults.Statements()
		if p.Status != http.StatusSeeOther || p.Location != "/account" || n == 0 {
			t.Fatalf("the magic link without a fault = %d %q after %d statements", p.Status, p.Location, n)
		}
		for i := 1; i <= n; i++ {
			b, p = open(func() { faults.FailAt(i) })
			check("magic link, statement "+itoa(i), b, p)
		}
		b, p = open(faults.FailCommit)
		check("magic link, commit", b, p)
	})
}

// TestEmailCodeFaultsReachTheBrowser fails each statement, then the
// commit, of the code's form: each answers 500 and signs no one in; the
// database error is never taken for a wrong code.
func TestEmailCodeFaultsReachTheBrowser(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		s := newSiteOn(t, e, pool, emailCodePlugins(t), nil)
		s.signedUp(t, s.browser(t), "ada@example.com", "correct horse battery")
		enter := func(run func()) (*browser, page) {
			b := s.browser(t)
			b.askCode("ada@example.com")
			form := hiddenFields(t, b.get("/email-code").Body, "/email-code")
			form.Set("code", s.mail.Code(t, "ada@example.com", emailchallenge.PurposeChallenge))
			run()
			return b, b.postRaw(s.base, "/email-code", form)
		}
		_, p := enter(faults.Reset)
		n := faults.Statements()
		if p.Status != http.StatusSeeOther || p.Location != "/account" || n == 0 {
			t.Fatalf("the code without a fault = %d %q after %d statements", p.Status, p.Location, n)
		}
		for i := 0; i <= n; i++ {
			what := "code, statement " + itoa(i)
			run := func() { faults.FailAt(i) }
			if i == 0 {
				what, run = "code, commit", faults.FailCommit
			}
			b, p := enter(run)
			if !faults.Fired() {
				t.Fatalf("%s: no fault fired", what)
			}
			faults.Reset()
			if p.Status != http.StatusInternalServerError || b.signedIn() {
				t.Fatalf("%s = %d %q (signed in %v), want 500 and no one signed in", what, p.Status, p.Location, b.signedIn())
			}
		}
	})
}
