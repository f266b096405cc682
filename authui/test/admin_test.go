package test

import (
	"context"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/admin"
	"github.com/sesame-go/sesame/plugin/password"
)

// TestAdminJourney walks the administration pages as an administrator
// with scripts off, on every engine: the link in the navigation, the
// search with its filters and pages, a user's page, a ban (an error
// first) and its lifting, a role, the end of every session, and the
// audit log with its filters and pages.
func TestAdminJourney(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s := newAdminSite(t, e, e.DB, nil, nil, false, nil)
		ada := s.person(t, "Ada Admin", "ada@example.com", "ada's good password", admin.RoleAdmin)
		bob := s.person(t, "Bob Builder", "bob@example.com", "bob's good password", "")
		for i := range 22 {
			s.person(t, fmt.Sprintf("Zed %02d", i), fmt.Sprintf("zed%02d@example.com", i), "zed's good password", "")
		}
		b := s.browser(t)
		acc := b.signIn("ada@example.com", "ada's good password")
		want(t, "admin's navigation", acc, `<a href="/admin/users">Administration</a>`)

		p := b.get("/admin/users")
		next := b.get(found(t, p.Body, `<a href="(/admin/users\?cursor=[^"]+)">Next page</a>`))
		first, second := rowsOf(p.Body), rowsOf(next.Body)
		if len(first) != admin.DefaultPage || len(second) != 24-admin.DefaultPage {
			t.Fatalf("the pages list %d and %d users, want %d and %d", len(first), len(second), admin.DefaultPage, 24-admin.DefaultPage)
		}
		for id := range second {
			if first[id] {
				t.Fatalf("user %s is on both pages", id)
			}
		}
		if strings.Contains(next.Body, ">Next page<") {
			t.Fatal("the last page links to a next one")
		}
		want(t, "by name", b.get("/admin/users?by=name&query=bob"), "Bob Builder", `value="bob"`)
		want(t, "by identifier", b.get("/admin/users?by=identifier&kind=email&query=BOB%40"), "Bob Builder")
		if p := b.get("/admin/users?by=name&query=bob"); strings.Contains(p.Body, "Ada Admin") {
			t.Fatal("a search by name lists who does not match")
		}
		want(t, "by id", b.get("/admin/users?by=id&query="+bob.ID), "Bob Builder")
		if p := b.get("/admin/users?role=admin"); !strings.Contains(p.Body, "Ada Admin") || strings.Contains(p.Body, "Bob Builder") {
			t.Fatalf("the role filter lists:\n%s", p.Body)
		}

		bobs := s.browser(t)
		bobs.signIn("bob@example.com", "bob's good password")
		p = b.get(userPage(bob))
		want(t, "Bob's page", p, "Bob Builder", "email · bob@example.com", "Verified", "Last active", "Act as this user", "Recent activity")
		if strings.Contains(p.Body, `action="/admin/users/`+bob.ID+`/unban"`) {
			t.Fatal("an unbanned user's page offers to lift a ban")
		}

		post, p := b.submit(userPage(bob), userPage(bob)+"/ban", url.Values{"reason": {"spam"}, "until": {"yesterday"}})
		if post.Location != userPage(bob) {
			t.Fatalf("a ban with a bad date went to %q", post.Location)
		}
		want(t, "bad date", p, `id="until-error"`, `value="spam"`)
		_, p = b.submit(userPage(bob), userPage(bob)+"/ban", url.Values{"reason": {"spam"}, "until": {"2026-11-20"}})
		want(t, "past date", p, `id="until-error"`)
		_, p = b.submit(userPage(bob), userPage(bob)+"/ban", url.Values{"reason": {"spam <b>links</b>"}, "until": {"2026-12-31"}})
		want(t, "banned", p, "The user is banned and signed out everywhere.", "spam &lt;b&gt;links&lt;/b&gt;", "2026-12-31 00:00 UTC", "Lift the ban")
		if !s.banned(t, bob.ID) {
			t.Fatal("Bob is not banned")
		}
		if bobs.signedIn() {
			t.Fatal("Bob's browser is still signed in after the ban")
		}
		if p := b.get("/admin/users?banned=yes"); !strings.Contains(p.Body, "Bob Builder") || strings.Contains(p.Body, "Ada Admin") {
			t.Fatalf("the ban filter lists:\n%s", p.Body)
		}
		_, p = b.submit(userPage(bob), userPage(bob)+"/unban", nil)
		want(t, "unbanned", p, "The ban is lifted.")
		if s.banned(t, bob.ID) {
			t.Fatal("Bob is still banned")
		}

		_, p = b.submit(userPage(bob), userPage(bob)+"/role", url.Values{"role": {"support"}})
		want(t, "role", p, "The role is set.", `<option value="support" translate="no" selected>`)
		if got := admin.RoleOf(s.user(t, bob.ID)); got != "support" {
			t.Fatalf("Bob's role = %q, want support", got)
		}
		_, p = b.submit(userPage(bob), userPage(bob)+"/role", url.Values{"role": {"emperor"}})
		want(t, "unknown role", p, "There is no such role.")

		bobs.signIn("bob@example.com", "bob's good password")
		_, p = b.submit(userPage(bob), userPage(bob)+"/revoke-sessions", nil)
		want(t, "revoked", p, "The user is signed out everywhere.", "No session.")
		if bobs.signedIn() {
			t.Fatal("Bob's browser is still signed in")
		}

		// Ada's own page: nothing to ban, give a role or act as.
		p = b.get(userPage(ada))
		want(t, "own page", p, "This is your own account")
		for _, f := range []string{"/ban", "/role", "/impersonate"} {
			if strings.Contains(p.Body, `action="`+userPage(ada)+f+`"`) {
				t.Errorf("Ada's own page has the form %s", f)
			}
		}

		// A session too old for a ban: the page says to sign in again.
		s.clock.Advance(auth.DefaultFreshAge + time.Minute)
		_, p = b.submit(userPage(bob), userPage(bob)+"/ban", nil)
		want(t, "stale session", p, "Sign in again to do this.", `href="/sign-in?next=%2fadmin%2fusers%2f`+bob.ID+`"`)

		// The audit log: Bob's ban and its lifting, filtered and paged.
		p = b.get("/admin/audit?user=" + bob.ID)
		want(t, "Bob's records", p, ">banned<", ">sessions_revoked<")
		p = b.get("/admin/audit?type=banned")
		want(t, "by type", p, ">banned<")
		if strings.Contains(p.Body, ">sessions_revoked<") {
			t.Fatal("the type filter lists records of another type")
		}
		want(t, "before the day", b.get("/admin/audit?until=2026-11-23"), "No record.")
		want(t, "from the day", b.get("/admin/audit?since=2026-11-24&until=2026-11-24"), ">banned<")
		want(t, "bad day", b.get("/admin/audit?since=24.11.2026"), `id="since-error"`)
		want(t, "reversed days", b.get("/admin/audit?since=2026-11-25&until=2026-11-24"), `id="until-error"`)
		want(t, "bad user", b.get("/admin/audit?user=bob"), "Check this field.")
		for range 51 {
			_, _ = s.pw.SignIn(context.Background(), password.SignInRequest{Email: "bob@example.com", Password: auth.NewSecret("wrong")})
		}
		p = b.get("/admin/audit?type=" + auth.EventCredentialRefused)
		if n := strings.Count(p.Body, ">"+auth.EventCredentialRefused+"<"); n != 50 {
			t.Fatalf("the first page of the log shows %d records, want 50", n)
		}
		p = b.get(found(t, p.Body, `<a href="(/admin/audit\?[^"]+)">Next page</a>`))
		if n := strings.Count(p.Body, ">"+auth.EventCredentialRefused+"<"); n != 1 {
			t.Fatalf("the second page of the log shows %d records, want 1", n)
		}
	})
}

var rowRE = regexp.MustCompile(`<tr><td><a href="/admin/users/([^"]+)"`)

// rowsOf returns the IDs of the users a search page lists.
func rowsOf(body string) map[string]bool {
	out := map[string]bool{}
	for _, m := range rowRE.FindAllStringSubmatch(body, -1) {
		out[m[1]] = true
	}
	return out
}

// found returns the first group of re in a page's body, unescaped, failing
// the test when there is none.
func found(t *testing.T, body, re string) string {
	t.Helper()
	m := regexp.MustCompile(re).FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("the page lacks %s:\n%s", re, body)
	}
	return strings.ReplaceAll(m[1], "&amp;", "&")
}

// TestAdminImpersonation has an administrator act as a user: every page
// shows the banner, the impersonated session reaches no administration
// page (not even of a user whose role would), and Stop ends it, signs
// the browser out and comes back to the user's page after signing in.
func TestAdminImpersonation(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s := newAdminSite(t, e, e.DB, nil, nil, false, nil)
		s.person(t, "Ada Admin", "ada@example.com", "ada's good password", "super")
		sue := s.person(t, "Sue Support", "sue@example.com", "sue's good password", "support")
		b := s.browser(t)
		b.signIn("ada@example.com", "ada's good password")
		post, p := b.submit(userPage(sue), userPage(sue)+"/impersonate", nil)
		if post.Location != "/account?done=admin_impersonating" {
			t.Fatalf("impersonating went to %q", post.Location)
		}
		want(t, "acting", p, "You are acting as Sue Support.", `action="/admin/stop-impersonating"`, "sue@example.com")
		if strings.Contains(p.Body, `href="/admin/users"`) {
			t.Fatal("the impersonation's navigation links to the administration")
		}
		for _, path := range []string{"/admin/users", userPage(sue), "/admin/audit"} {
			hidden(t, "impersonation GET "+path, b.get(path))
		}
		// Sue's own role lets her view users; her impersonated session may not.
		hidden(t, "impersonation posting a ban", b.postRaw(s.base, userPage(sue)+"/revoke-sessions",
			url.Values{"csrf": {token(t, p.Body)}}))
		want(t, "banner on every page", b.get("/sign-out"), "You are acting as Sue Support.")

		post, p = b.submit("/account", "/admin/stop-impersonating", nil)
		if want := "/sign-in?done=admin_stopped&next=" + url.QueryEscape(userPage(sue)); post.Location != want {
			t.Fatalf("stopping went to %q, want %q", post.Location, want)
		}
		want(t, "stopped", p, "You stopped acting as the user", `name="next" value="`+userPage(sue)+`"`)
		if b.signedIn() {
			t.Fatal("the browser is still signed in after stopping")
		}
		if n := s.sessions(t, sue.ID); n != 0 {
			t.Fatalf("Sue has %d sessions after the impersonation stopped, want 0", n)
		}
		_, p = b.submit("/sign-in?next="+url.QueryEscape(userPage(sue)), "/sign-in",
			url.Values{"email": {"ada@example.com"}, "password": {"ada's good password"}})
		want(t, "back on Sue's page", p, "Sue Support", `data-page="admin-user"`)
	})
}
