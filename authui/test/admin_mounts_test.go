package test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/authtest"
)

// TestAdminMounts walks the administration pages on each framework's
// mount, on every engine: a user's 404, the administrator's search, a
// user's page, a ban and its lifting, an impersonation with its banner,
// and its stop.
func TestAdminMounts(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		for _, fw := range frameworks {
			t.Run(fw.name, func(t *testing.T) {
				s := newAdminSite(t, e, e.DB, fw.mount, fw.serve, false, nil)
				tag := strings.ReplaceAll(fw.name, "/", "-") // one database for the four
				s.person(t, "Ada "+tag, "ada-"+tag+"@example.com", "ada's good password", "super")
				bob := s.person(t, "Bob "+tag, "bob-"+tag+"@example.com", "bob's good password", "")
				bobs := s.browser(t)
				bobs.signIn("bob-"+tag+"@example.com", "bob's good password")
				hidden(t, fw.name+" Bob's GET", bobs.get("/admin/users"))

				b := s.browser(t)
				want(t, fw.name+" nav", b.signIn("ada-"+tag+"@example.com", "ada's good password"), `href="/admin/users"`)
				want(t, fw.name+" search", b.get("/admin/users?query="+url.QueryEscape("Bob "+tag)), "Bob "+tag)
				_, p := b.submit(userPage(bob), userPage(bob)+"/ban", url.Values{"reason": {"x"}})
				want(t, fw.name+" ban", p, "The user is banned")
				_, p = b.submit(userPage(bob), userPage(bob)+"/unban", nil)
				want(t, fw.name+" unban", p, "The ban is lifted.")
				_, p = b.submit(userPage(bob), userPage(bob)+"/impersonate", nil)
				want(t, fw.name+" acting", p, fmt.Sprintf("You are acting as Bob %s.", tag))
				hidden(t, fw.name+" impersonation's GET", b.get("/admin/users"))
				_, p = b.submit("/account", "/admin/stop-impersonating", nil)
				want(t, fw.name+" stopped", p, "You stopped acting as the user")
				if b.signedIn() {
					t.Fatalf("%s: signed in after stopping", fw.name)
				}
			})
		}
	})
}
