package test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/admin"
)

// TestAdminFaults fails each statement of a user's page, of the search,
// of the audit log and of a ban, then their commits, on every engine:
// each says that something went wrong (500 for the page's own data and
// for the ban; the middleware's own 500 when the session's lookup
// fails), never shows a 404 or a refusal for a database's failure,
// and the ban changes nothing.
func TestAdminFaults(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		s := newAdminSite(t, e, pool, nil, nil, false, nil)
		s.person(t, "Ada Admin", "ada@example.com", "ada's good password", admin.RoleAdmin)
		bob := s.person(t, "Bob Builder", "bob@example.com", "bob's good password", "")
		b := s.browser(t)
		b.signIn("ada@example.com", "ada's good password")

		says := func(what string, p page) {
			t.Helper()
			if !faults.Fired() {
				t.Fatalf("%s: no fault fired", what)
			}
			page := strings.Contains(p.Body, "<html")
			if p.Status == http.StatusNotFound || page && !strings.Contains(p.Body, "Something went wrong on our side") ||
				!page && p.Status != http.StatusInternalServerError {
				t.Fatalf("%s = %d, want the page to say something went wrong:\n%s", what, p.Status, p.Body)
			}
		}
		for _, path := range []string{userPage(bob), "/admin/users?query=bob", "/admin/audit?user=" + bob.ID} {
			faults.Reset()
			if p := b.get(path); p.Status != http.StatusOK {
				t.Fatalf("GET %s without a fault = %d", path, p.Status)
			}
			n := faults.Statements()
			for i := 1; i <= n; i++ {
				faults.FailAt(i)
				says("GET "+path+", statement "+itoa(i), b.get(path))
			}
			faults.Reset()
		}

		ban := func(run func()) page {
			form := hiddenFields(t, b.get(userPage(bob)).Body, userPage(bob)+"/ban")
			form.Set("reason", "spam")
			run()
			return b.postRaw(s.base, userPage(bob)+"/ban", form)
		}
		faults.Reset()
		form := hiddenFields(t, b.get(userPage(bob)).Body, userPage(bob)+"/ban")
		faults.Reset()
		if p := b.postRaw(s.base, userPage(bob)+"/ban", url.Values{"csrf": form["csrf"]}); p.Location != userPage(bob)+"?done=admin_banned" {
			t.Fatalf("a ban without a fault = %d %q", p.Status, p.Location)
		}
		n := faults.Statements()
		faults.Reset()
		b.submit(userPage(bob), userPage(bob)+"/unban", nil)
		for i := 1; i <= n; i++ {
			p := ban(func() { faults.FailAt(i) })
			if p.Status != http.StatusInternalServerError {
				t.Fatalf("a ban failing at statement %d = %d %q, want 500", i, p.Status, p.Location)
			}
			says("ban, statement "+itoa(i), p)
			faults.Reset()
			if s.banned(t, bob.ID) {
				t.Fatalf("a ban failing at statement %d banned Bob", i)
			}
		}
		p := ban(func() { faults.FailCommit() })
		says("ban, commit", p)
		faults.Reset()
		if s.banned(t, bob.ID) {
			t.Fatal("a ban failing at its commit banned Bob")
		}
	})
}
