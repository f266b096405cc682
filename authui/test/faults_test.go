package test

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/authtest"
)

// TestFaultsReachTheBrowser fails each statement of the sign-in form's
// request, then of the password change's and the rename's, then their
// commits: each
// answers 500 with the page's message for an internal error, signs no
// one in and changes nothing; the database error is never taken for a
// wrong password.
func TestFaultsReachTheBrowser(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		s := newSiteOn(t, e, pool, nil, nil)
		s.signedUp(t, s.browser(t), "ada@example.com", "first good password")
		creds := url.Values{"email": {"ada@example.com"}, "password": {"first good password"}}

		// signIn posts the form once the page is open; run sets the fault.
		signIn := func(b *browser, run func()) page {
			form := hiddenFields(t, b.get("/sign-in").Body, "/sign-in")
			for k, v := range creds {
				form[k] = v
			}
			run()
			return b.postRaw(s.base, "/sign-in", form)
		}
		n := 0
		if p := signIn(s.browser(t), func() { faults.Reset() }); p.Status != http.StatusSeeOther || p.Location != "/account" {
			t.Fatalf("sign-in without a fault = %d %q", p.Status, p.Location)
		}
		n = faults.Statements()
		if n == 0 {
			t.Fatal("the sign-in ran no statement")
		}
		check := func(what string, b *browser, p page) {
			t.Helper()
			if !faults.Fired() {
				t.Fatalf("%s: no fault fired", what)
			}
			if p.Status != http.StatusInternalServerError {
				t.Fatalf("%s = %d %q, want 500", what, p.Status, p.Location)
			}
			if strings.Contains(p.Body, "<html") && !strings.Contains(p.Body, "Something went wrong on our side") {
				t.Fatalf("%s: the page does not say so:\n%s", what, p.Body)
			}
		}
		for i := 1; i <= n; i++ {
			b := s.browser(t)
			p := signIn(b, func() { faults.FailAt(i) })
			check("sign-in, statement "+itoa(i), b, p)
			faults.Reset()
			if acc := b.get("/account"); acc.Status != http.StatusSeeOther {
				t.Fatalf("sign-in failing at statement %d left the browser signed in", i)
			}
		}
		b := s.browser(t)
		p := signIn(b, func() { faults.FailCommit() })
		check("sign-in, commit", b, p)

		// The password change, signed in: each failure leaves the old
		// password.
		b = s.browser(t)
		b.signIn("ada@example.com", "first good password")
		change := func(cur, next string, run func()) page {
			form := hiddenFields(t, b.get("/account").Body, "/account/password")
			form.Set("currentPassword", cur)
			form.Set("newPassword", next)
			run()
			return b.postRaw(s.base, "/account/password", form)
		}
		if p := change("first good password", "second good password", func() { faults.Reset() }); p.Location != "/account?done=password_changed" {
			t.Fatalf("change without a fault = %d %q", p.Status, p.Location)
		}
		n = faults.Statements()
		for i := 1; i <= n; i++ {
			check("change, statement "+itoa(i), b, change("second good password", "third good password", func() { faults.FailAt(i) }))
		}
		check("change, commit", b, change("second good password", "third good password", func() { faults.FailCommit() }))
		faults.Reset()
		if p := s.browser(t).signIn("ada@example.com", "second good password"); !strings.Contains(p.Body, "This browser") {
			t.Fatalf("the password changed although every change failed:\n%s", p.Body)
		}

		// The profile's name (the core's UpdateUser).
		rename := func(name string, run func()) page {
			form := hiddenFields(t, b.get("/account").Body, "/account/profile")
			form.Set("name", name)
			run()
			return b.postRaw(s.base, "/account/profile", form)
		}
		if p := rename("Ada King", func() { faults.Reset() }); p.Location != "/account?done=profile_saved" {
			t.Fatalf("rename without a fault = %d %q", p.Status, p.Location)
		}
		n = faults.Statements()
		for i := 1; i <= n; i++ {
			check("rename, statement "+itoa(i), b, rename("Someone Else", func() { faults.FailAt(i) }))
		}
		check("rename, commit", b, rename("Someone Else", func() { faults.FailCommit() }))
		faults.Reset()
		want(t, "name after failed renames", b.get("/account"), `value="Ada King"`)
	})
}

func itoa(i int) string { return strconv.Itoa(i) }
