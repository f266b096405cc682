package test

import (
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/admin"
)

// adminForms are the forms of a user's page, with values to post.
var adminForms = []struct {
	path string
	form url.Values
}{
	{"/ban", url.Values{"reason": {"x"}}}, {"/unban", nil}, {"/revoke-sessions", nil},
	{"/role", url.Values{"role": {"admin"}}}, {"/impersonate", nil},
}

// TestAdminHiddenFromOthers has people the admin plugin refuses open the
// administration pages and post every form directly, with their own
// valid form token: each answers the site's plain 404, as for a path it
// does not have, and nothing changes. The operations refuse them, not
// the pages alone: Bob's own Go call is refused, and a support user, who
// may see the pages, has each action refused by the operation, shown on
// the page.
func TestAdminHiddenFromOthers(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s := newAdminSite(t, e, e.DB, nil, nil, false, nil)
		ada := s.person(t, "Ada Admin", "ada@example.com", "ada's good password", admin.RoleAdmin)
		s.person(t, "Bob Builder", "bob@example.com", "bob's good password", "")
		sue := s.person(t, "Sue Support", "sue@example.com", "sue's good password", "support")
		adas := s.browser(t)
		adas.signIn("ada@example.com", "ada's good password")

		nobody, bob := s.browser(t), s.browser(t)
		acc := bob.signIn("bob@example.com", "bob's good password")
		if strings.Contains(acc.Body, "/admin/") {
			t.Fatalf("Bob's account page links to the administration:\n%s", acc.Body)
		}
		for _, path := range []string{"/admin/users", userPage(ada), "/admin/users/not-an-id", "/admin/audit?user=" + ada.ID} {
			hidden(t, "signed out GET "+path, nobody.get(path))
			hidden(t, "Bob GET "+path, bob.get(path))
		}
		csrf := token(t, acc.Body)
		for _, f := range append(adminForms, struct {
			path string
			form url.Values
		}{"/../stop-impersonating", nil}) {
			form := url.Values{"csrf": {csrf}}
			for k, v := range f.form {
				form[k] = v
			}
			path := userPage(ada) + f.path
			if f.path == "/../stop-impersonating" {
				path = "/admin/stop-impersonating"
				if p := bob.postRaw(s.base, path, form); p.Location != "/account" {
					t.Errorf("Bob's POST %s = %d %q, want back to his account", path, p.Status, p.Location)
				}
				continue
			}
			hidden(t, "Bob's POST "+f.path, bob.postRaw(s.base, path, form))
		}
		// Whatever the operation answers first, Bob sees nothing of the area.
		hidden(t, "Bob's ban with a bad date", bob.postRaw(s.base, userPage(ada)+"/ban", url.Values{"csrf": {csrf}, "until": {"x"}}))
		if s.banned(t, ada.ID) || admin.RoleOf(s.user(t, ada.ID)) != admin.RoleAdmin || !adas.signedIn() {
			t.Fatal("Bob's forms changed Ada's account")
		}
		req := sessionRequest(t, bob)
		req.Origin = s.base
		if _, err := s.adm.Ban(auth.WithRequest(t.Context(), req), admin.BanRequest{UserID: ada.ID}); !errors.Is(err, admin.ErrPermissionDenied) {
			t.Fatalf("Bob's Ban = %v, want permission_denied", err)
		}
		s.clock.Advance(auth.DefaultFreshAge + time.Minute)
		hidden(t, "Bob's ban from a stale session", bob.postRaw(s.base, userPage(ada)+"/ban", url.Values{"csrf": {csrf}}))

		// Support staff see the pages; the operations refuse their actions.
		sup := s.browser(t)
		want(t, "support's navigation", sup.signIn("sue@example.com", "sue's good password"), `href="/admin/users"`)
		stok := token(t, sup.get(userPage(ada)).Body)
		for _, f := range adminForms {
			form := url.Values{"csrf": {stok}}
			for k, v := range f.form {
				form[k] = v
			}
			post := sup.postRaw(s.base, userPage(ada)+f.path, form)
			if post.Location != userPage(ada) {
				t.Fatalf("support's POST %s = %d %q", f.path, post.Status, post.Location)
			}
			want(t, "support's "+f.path, sup.get(post.Location), "You are not allowed to do this to this account.")
		}
		if s.banned(t, ada.ID) || !adas.signedIn() || s.sessions(t, ada.ID) != 1 {
			t.Fatal("Sue's forms changed Ada's account")
		}
		_ = sue
	})
}

// TestAdminCrossOrigin posts an administrator's ban form from another
// site, with and without her form token: refused, nothing banned.
func TestAdminCrossOrigin(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s := newAdminSite(t, e, e.DB, nil, nil, true, nil)
		s.person(t, "Ada Admin", "ada@example.com", "ada's good password", admin.RoleAdmin)
		bob := s.person(t, "Bob Builder", "bob@example.com", "bob's good password", "")
		b := s.browser(t)
		acc := b.signIn("ada@example.com", "ada's good password")
		for _, tt := range []struct {
			name, origin, csrf string
			status             int
		}{
			{"another site with her token", "https://evil.example", token(t, acc.Body), http.StatusForbidden},
			{"another site without a token", "https://evil.example", "", http.StatusForbidden},
			{"no origin, no token", "", "", http.StatusSeeOther},
		} {
			p := b.postRaw(tt.origin, userPage(bob)+"/ban", url.Values{"csrf": {tt.csrf}, "reason": {"csrf"}})
			if p.Status != tt.status {
				t.Fatalf("%s: POST ban = %d, want %d", tt.name, p.Status, tt.status)
			}
			if s.banned(t, bob.ID) {
				t.Fatalf("%s: Bob is banned", tt.name)
			}
		}
		want(t, "form expired", b.get(userPage(bob)), "The form expired.")
	})
}

// TestAdminImpersonationRefused has an administrator try to act as
// another administrator (the default roles give no one that) and as
// herself, and ban herself: each refusal shows on the user's page, and
// no session starts.
func TestAdminImpersonationRefused(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s := newAdminSite(t, e, e.DB, nil, nil, true, nil)
		ada := s.person(t, "Ada Admin", "ada@example.com", "ada's good password", admin.RoleAdmin)
		max := s.person(t, "Max Admin", "max@example.com", "max's good password", admin.RoleAdmin)
		b := s.browser(t)
		b.signIn("ada@example.com", "ada's good password")
		post, p := b.submit(userPage(max), userPage(max)+"/impersonate", nil)
		if post.Location != userPage(max) {
			t.Fatalf("impersonating an administrator went to %q", post.Location)
		}
		want(t, "impersonating an admin", p, "You are not allowed to do this to this account.", "Max Admin")
		if n := s.sessions(t, max.ID); n != 0 {
			t.Fatalf("Max has %d sessions, want 0", n)
		}
		// Her own page has no such forms; posted anyway, they are refused.
		tok := token(t, b.get(userPage(ada)).Body)
		for _, f := range []string{"/impersonate", "/ban", "/role"} {
			p := b.postRaw(s.base, userPage(ada)+f, url.Values{"csrf": {tok}, "role": {""}})
			if p.Location != userPage(ada) {
				t.Fatalf("POST own %s went to %q", f, p.Location)
			}
			want(t, "own "+f, b.get(p.Location), "You cannot do this to your own account.")
		}
		if s.banned(t, ada.ID) || admin.RoleOf(s.user(t, ada.ID)) != admin.RoleAdmin || s.sessions(t, ada.ID) != 1 {
			t.Fatal("Ada's own account changed")
		}
		if !b.signedIn() {
			t.Fatal("Ada's browser was signed out")
		}
	})
}

// TestAdminBanned bans an administrator: her browser is signed out at
// once, cannot sign in, and her old session reaches no administration
// page or form.
func TestAdminBanned(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s := newAdminSite(t, e, e.DB, nil, nil, true, nil)
		s.person(t, "Ada Admin", "ada@example.com", "ada's good password", "super")
		max := s.person(t, "Max Admin", "max@example.com", "max's good password", admin.RoleAdmin)
		bob := s.person(t, "Bob Builder", "bob@example.com", "bob's good password", "")
		ada, maxs := s.browser(t), s.browser(t)
		ada.signIn("ada@example.com", "ada's good password")
		acc := maxs.signIn("max@example.com", "max's good password")
		tok := token(t, acc.Body)
		_, p := ada.submit(userPage(max), userPage(max)+"/ban", url.Values{"reason": {"rogue"}})
		want(t, "Max banned", p, "The user is banned")
		hidden(t, "banned admin's GET", maxs.get("/admin/users"))
		hidden(t, "banned admin's POST", maxs.postRaw(s.base, userPage(bob)+"/revoke-sessions", url.Values{"csrf": {tok}}))
		p = maxs.signIn("max@example.com", "max's good password")
		want(t, "banned sign-in", p, "This account is banned.")
		if maxs.signedIn() {
			t.Fatal("a banned administrator signed in")
		}
		// A ban by the clock: over at its end, and then Max is back.
		_, p = ada.submit(userPage(max), userPage(max)+"/unban", nil)
		want(t, "Max unbanned", p, "The ban is lifted.")
		_, p = ada.submit(userPage(max), userPage(max)+"/ban", url.Values{"until": {"2026-11-25"}})
		want(t, "timed ban", p, "2026-11-25 00:00 UTC")
		s.clock.Advance(24 * time.Hour)
		want(t, "after the ban", maxs.signIn("max@example.com", "max's good password"), `href="/admin/users"`)
	})
}

// TestAdminSearchEscapes searches with SQL and HTML metacharacters and
// lists a user whose name is made of them: the query matches by prefix
// only (no SQL wildcard, no injection), and every value shows escaped.
func TestAdminSearchEscapes(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s := newAdminSite(t, e, e.DB, nil, nil, true, nil)
		s.person(t, "Ada Admin", "ada@example.com", "ada's good password", admin.RoleAdmin)
		evil := s.person(t, `<script>alert(1)</script>' OR '1'='1`, "evil@example.com", "evil's good password", "")
		b := s.browser(t)
		b.signIn("ada@example.com", "ada's good password")
		for _, q := range []string{`' OR 1=1 --`, `%`, `_`, `"><img src=x>`, `\`, `ada'; DROP TABLE auth_user; --`} {
			p := b.get("/admin/users?query=" + url.QueryEscape(q))
			if p.Status != http.StatusOK || len(rowsOf(p.Body)) != 0 {
				t.Fatalf("search %q = %d with %d users, want 200 and none", q, p.Status, len(rowsOf(p.Body)))
			}
			if strings.Contains(p.Body, `<img src=x>`) || strings.Contains(p.Body, `value="`+q+`"`) && strings.ContainsAny(q, `"'<>`) {
				t.Fatalf("search %q shows unescaped:\n%s", q, p.Body)
			}
		}
		p := b.get("/admin/users?query=" + url.QueryEscape("<script>"))
		want(t, "evil name", p, `&lt;script&gt;alert(1)&lt;/script&gt;&#39; OR &#39;1&#39;=&#39;1`)
		if strings.Contains(p.Body, "<script>") || len(rowsOf(p.Body)) != 1 {
			t.Fatalf("the evil name is not escaped, or not found:\n%s", p.Body)
		}
		want(t, "evil page", b.get(userPage(evil)), `&lt;script&gt;alert(1)&lt;/script&gt;`)
		long := strings.Repeat("a", 300)
		want(t, "too long a query", b.get("/admin/users?query="+long), `id="query-error"`)
		want(t, "the table survived", b.get("/admin/users"), "Ada Admin")
	})
}

// TestAdminImpersonationEnds lets an impersonation run past its hour:
// the session is over, the browser signed out, and no banner shows.
func TestAdminImpersonationEnds(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s := newAdminSite(t, e, e.DB, nil, nil, true, nil)
		s.person(t, "Ada Admin", "ada@example.com", "ada's good password", admin.RoleAdmin)
		bob := s.person(t, "Bob Builder", "bob@example.com", "bob's good password", "")
		b := s.browser(t)
		b.signIn("ada@example.com", "ada's good password")
		b.submit(userPage(bob), userPage(bob)+"/impersonate", nil)
		s.clock.Advance(auth.MaxImpersonation / 2)
		want(t, "acting", b.get("/account"), "You are acting as Bob Builder.")
		s.clock.Advance(auth.MaxImpersonation/2 + time.Minute)
		if p := b.get("/sign-out"); b.signedIn() || strings.Contains(p.Body, "You are acting as") {
			t.Fatalf("an impersonation past its end still shows:\n%s", p.Body)
		}
		if p := b.get(userPage(bob)); p.Status != http.StatusNotFound {
			t.Fatalf("an impersonation past its end reaches the administration (%d)", p.Status)
		}
	})
}
