package test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/authtest"
)

// TestSecurityFaultsReachTheBrowser fails each statement, then the
// commit, of the security page and of its forms (the first code of an
// authenticator app, new recovery codes, removing a factor): each answers
// 500 with the page's message for an internal error and changes nothing;
// no recovery code is shown for codes that were never stored, and a
// database error is never taken for a wrong code.
func TestSecurityFaultsReachTheBrowser(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		s, _, b := securitySite(t, e, pool)

		// each runs send once without a fault, then once with a fault at
		// each of its statements and at its commit; prepare, run without
		// faults, makes the form to send, and after checks what is left.
		factors := func() int {
			return strings.Count(b.get(securityPage).Body, `action="/account/security/factors/remove"`)
		}
		each := func(what string, prepare func() url.Values, send func(url.Values) page, after func(what string)) {
			t.Helper()
			form := prepare()
			faults.Reset()
			if p := send(form); p.Status != http.StatusSeeOther && p.Status != http.StatusOK {
				t.Fatalf("%s without a fault = %d %q", what, p.Status, p.Location)
			}
			// Statement i, until a run ends before it; then the commit.
			for i := 1; ; i++ {
				step := what + ", statement " + itoa(i)
				form := prepare()
				before := factors()
				if i > 200 {
					step = what + ", commit"
					faults.FailCommit()
				} else {
					faults.FailAt(i)
				}
				p := send(form)
				fired := faults.Fired()
				faults.Reset()
				switch {
				case !fired && i == 1:
					t.Fatalf("%s: no fault fired", step)
				case !fired && i > 200:
					return // a read: nothing to commit
				case !fired:
					i = 200 // past the last statement: the commit next
					continue
				}
				if p.Status != http.StatusInternalServerError {
					t.Fatalf("%s = %d %q, want 500", step, p.Status, p.Location)
				}
				if strings.Contains(p.Body, "<html") && !strings.Contains(p.Body, "Something went wrong on our side") {
					t.Fatalf("%s: the page does not say so:\n%s", step, p.Body)
				}
				if got := factors(); got != before {
					t.Fatalf("%s: %d factors after, %d before", step, got, before)
				}
				after(step)
				if i > 200 {
					return
				}
			}
		}
		post := func(action string) func(url.Values) page {
			return func(form url.Values) page { return b.postRaw(s.base, securityPage+action, form) }
		}
		nothingShown := func(what string) {
			if p := b.get(securityPage); len(shownCodes(p)) != 0 {
				t.Fatalf("%s: recovery codes shown:\n%s", what, p.Body)
			}
		}

		each("the page", func() url.Values { return nil }, func(url.Values) page { return b.get(securityPage) }, func(string) {})

		each("first code", func() url.Values {
			key, p := b.setUpApp("Phone")
			form := hiddenFields(t, p.Body, securityPage+"/totp/confirm")
			form.Set("code", key.Code(s.clock.Now()))
			return form
		}, post("/totp/confirm"), nothingShown)

		each("new codes", func() url.Values {
			b.get(securityPage) // the one-time codes of the run without a fault
			return hiddenFields(t, b.get(securityPage).Body, securityPage+"/recovery-codes")
		}, post("/recovery-codes"), nothingShown)

		each("remove", func() url.Values {
			p := b.get(securityPage)
			if !strings.Contains(p.Body, `action="/account/security/factors/remove"`) {
				key, p := b.setUpApp("Phone")
				form := hiddenFields(t, p.Body, securityPage+"/totp/confirm")
				form.Set("code", key.Code(s.clock.Now()))
				b.open(b.postRaw(s.base, securityPage+"/totp/confirm", form).Location)
			}
			return hiddenFields(t, b.get(securityPage).Body, securityPage+"/factors/remove")
		}, post("/factors/remove"), func(string) {})
	})
}
