package test

import (
	"net/url"
	"strconv"
	"testing"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/authui"
	"github.com/sesame-go/sesame/plugin/admin"
)

// TestAdminTexts renders every administration page, with notices and
// errors, and the impersonation's banner, in the pseudo-locale: every
// text is a message of the catalog. And in German.
func TestAdminTexts(t *testing.T) {
	e := authtest.SQLiteEngine(t)
	s := newAdminSite(t, e, e.DB, nil, nil, false, nil, authui.Languages("en", "de", "x-pseudo"), authui.Messages("x-pseudo", pseudo()))
	s.person(t, "Ada Admin", "ada@example.com", "ada's good password", "super")
	bob := s.person(t, "Bob Builder", "bob@example.com", "bob's good password", "support")
	b := s.browser(t)
	b.lang = "x-pseudo, en;q=0.5"
	check := func(what string, p page) { t.Helper(); inPseudo(t, what, p) }
	check("account with the link", b.signIn("ada@example.com", "ada's good password"))
	check("users", b.get("/admin/users"))
	check("no users", b.get("/admin/users?query=nobody"))
	check("bad search", b.get("/admin/users?by=x"))
	check("user", b.get(userPage(bob)))
	_, p := b.submit(userPage(bob), userPage(bob)+"/ban", url.Values{"until": {"x"}})
	check("ban error", p)
	_, p = b.submit(userPage(bob), userPage(bob)+"/ban", url.Values{"reason": {"spam"}, "until": {"2026-12-01"}})
	check("banned", p)
	check("audit", b.get("/admin/audit"))
	check("audit error", b.get("/admin/audit?since=x"))
	check("no such user", b.get("/admin/users/00000000-0000-0000-0000-000000000000"))
	_, p = b.submit(userPage(bob), userPage(bob)+"/unban", nil)
	_, p = b.submit(userPage(bob), userPage(bob)+"/impersonate", nil)
	check("acting", p)
	_, p = b.submit("/account", "/admin/stop-impersonating", nil)
	check("stopped", p)

	de := s.browser(t)
	de.lang = "de"
	want(t, "German", de.signIn("ada@example.com", "ada's good password"), "Verwaltung")
	want(t, "German users", de.get("/admin/users"), "Gefundene Benutzer", "Alle")
}

// TestBrowserAdmin walks the administration pages in headless Chromium,
// scripts on and off: the search, a user's page, a ban with an error
// first (the focus on its field), the audit log, and an impersonation
// with its banner, stopped. Each page is screenshotted and checked by
// axe-core.
func TestBrowserAdmin(t *testing.T) {
	exe := authtest.Chromium(t)
	axe := axeSource(t)
	for _, scripts := range []bool{true, false} {
		t.Run(map[bool]string{true: "scripts on", false: "scripts off"}[scripts], func(t *testing.T) {
			e := authtest.SQLiteEngine(t)
			s := newAdminSite(t, e, e.DB, nil, nil, false, nil)
			s.person(t, "Ada Admin", "ada@example.com", "ada's good password", admin.RoleAdmin)
			bob := s.person(t, "Bob Builder", "bob@example.com", "bob's good password", "")
			s.person(t, "Carol Clerk", "carol@example.com", "carol's good password", "support")
			tb := newTab(t, exe, s.site, scripts, axe)
			tb.open("/sign-in", "sign-in")
			tb.fill("email", "ada@example.com", "password", "ada's good password")
			tb.press(`main form[action="/sign-in"] button`, `header a[href="/admin/users"]`)
			tb.press(`header a[href="/admin/users"]`, `main[data-page="admin-users"]`)
			tb.check("admin-users")
			tb.fill("query", "bob")
			// The list showed Bob already: wait for the answer's own field,
			// whose value attribute only the searched page has.
			tb.press(`main form[role="search"] button`, `main input[name="query"][value="bob"]`)
			tb.check("admin-users-search")
			tb.press(`main a[href="`+userPage(bob)+`"]`, `main[data-page="admin-user"]`)
			tb.check("admin-user")
			tb.fill("reason", "Spam in every comment")
			tb.setValue("until", "2026-11-20") // a day past
			tb.press(`main form[action$="/ban"] button`, "#until-error")
			tb.check("admin-user-error")
			if got := tb.focused(); got != "until" {
				t.Errorf("after the error the focus is on %q, want the until field", got)
			}
			tb.setValue("until", "")
			tb.press(`main form[action$="/ban"] button`, `main[data-page="admin-user"] .notice`)
			tb.check("admin-user-banned")
			tb.open("/admin/audit", "admin-audit")
			tb.check("admin-audit")
			tb.open(userPage(bob), "admin-user")
			tb.press(`main form[action$="/unban"] button`, `main form[action$="/ban"] button`) // the banned page had a notice too
			tb.press(`main form[action$="/impersonate"] button`, `aside.acting`)
			tb.check("admin-acting")
			tb.press(`aside.acting button`, `main[data-page="sign-in"] .notice`)
			tb.check("admin-stopped")
			t.Logf("checked %d pages: %v", len(tb.checked), tb.checked)
		})
	}
}

// setValue sets the value of a field by id, as a date picker does.
func (tb *tab) setValue(id, value string) {
	tb.t.Helper()
	var got string
	tb.eval(`(document.getElementById(`+strconv.Quote(id)+`).value = `+strconv.Quote(value)+`)`, &got)
}
