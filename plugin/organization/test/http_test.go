package test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/organization"
)

// TestJourneyOverHTTP is a host's journey over real HTTP with browser
// clients (cookies, Origin): Alice creates an organization, invites Bob,
// who accepts with the mailed token and makes it his session's active
// organization, which the host's own page reads; Mallory, of no
// organization, learns nothing of it; Alice removes Bob, and his
// session's active organization is gone with the membership.
func TestJourneyOverHTTP(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		first := authtest.NewClient(t, f.h)
		browser := func(p *person) *authtest.Client {
			c := authtest.ClientOf(t, first.BaseURL())
			authtest.SignIn(t, c, "/auth", p.Name)
			return c
		}
		alice, bob, mallory := f.person(t, "alice", true), f.person(t, "bob", true), f.person(t, "mallory", true)
		ac, bc, mc := browser(alice), browser(bob), browser(mallory)

		authtest.WantError(t, "create without a session", authtest.ClientOf(t, first.BaseURL()).Post("/auth/organization/create",
			map[string]string{"slug": "acme", "name": "Acme"}), http.StatusUnauthorized, "no_session")
		res := ac.Post("/auth/organization/create", map[string]any{"slug": "Acme", "name": "Acme", "metadata": map[string]string{"plan": "pro"}})
		if res.Status != http.StatusOK {
			t.Fatalf("create = %d %s", res.Status, res.Body)
		}
		var o organization.Organization
		res.Decode(t, &o)
		if o.Slug != "acme" || string(o.Metadata) != `{"plan":"pro"}` {
			t.Fatalf("create answered %s", res.Body)
		}
		authtest.WantError(t, "create of a taken slug", bc.Post("/auth/organization/create", map[string]string{"slug": "ACME", "name": "x"}),
			http.StatusConflict, "slug_taken")

		res = ac.Post("/auth/organization/invite", map[string]string{"organizationId": o.ID, "email": bob.Email, "role": "admin"})
		if res.Status != http.StatusOK || strings.Contains(string(res.Body), "token") {
			t.Fatalf("invite = %d %s, want 200 without the token", res.Status, res.Body)
		}
		token := f.mailedToken(t, bob.Email)
		authtest.WantError(t, "accept by another", mc.Post("/auth/organization/accept-invitation", map[string]string{"token": token.Reveal()}),
			http.StatusForbidden, "invitation_address_mismatch")
		if res := bc.Post("/auth/organization/accept-invitation", map[string]string{"token": token.Reveal()}); res.Status != http.StatusOK {
			t.Fatalf("accept = %d %s", res.Status, res.Body)
		}
		authtest.WantError(t, "accept again", bc.Post("/auth/organization/accept-invitation", map[string]string{"token": token.Reveal()}),
			http.StatusBadRequest, "invalid_token_or_expired")

		res = bc.Get("/auth/organization/members?organizationId=" + o.ID)
		var members organization.MemberList
		res.Decode(t, &members)
		roles := map[string]string{}
		for _, m := range members.Members {
			roles[m.UserID] = strings.Join(m.Roles, ",")
		}
		if res.Status != http.StatusOK || len(roles) != 2 || roles[alice.ID] != "owner" || roles[bob.ID] != "admin" {
			t.Fatalf("members = %d %s", res.Status, res.Body)
		}
		authtest.WantError(t, "get by an outsider", mc.Get("/auth/organization/get?organizationId="+o.ID), http.StatusNotFound, "organization_not_found")
		authtest.WantError(t, "members by an outsider", mc.Get("/auth/organization/members?organizationId="+o.ID), http.StatusNotFound, "organization_not_found")
		authtest.WantError(t, "set active by an outsider", mc.Post("/auth/organization/set-active", map[string]string{"organizationId": o.ID}),
			http.StatusNotFound, "organization_not_found")
		authtest.WantError(t, "delete by the admin", bc.Post("/auth/organization/delete", map[string]string{"organizationId": o.ID}),
			http.StatusForbidden, "permission_denied")

		if res := bc.Get("/api/active"); string(res.Body) != "none" {
			t.Fatalf("active before set-active = %s", res.Body)
		}
		if res := bc.Post("/auth/organization/set-active", map[string]string{"organizationId": o.ID}); res.Status != http.StatusOK {
			t.Fatalf("set-active = %d %s", res.Status, res.Body)
		}
		if res := bc.Get("/api/active"); string(res.Body) != o.ID {
			t.Fatalf("active = %s, want %s", res.Body, o.ID)
		}
		if res := ac.Get("/api/active"); string(res.Body) != "none" {
			t.Fatalf("another session's active = %s, want none", res.Body)
		}
		if res := ac.Post("/auth/organization/remove-member", map[string]string{"organizationId": o.ID, "userId": bob.ID}); res.Status != http.StatusOK {
			t.Fatalf("remove-member = %d %s", res.Status, res.Body)
		}
		if res := bc.Get("/api/active"); string(res.Body) != "none" {
			t.Fatalf("active after removal = %s, want none", res.Body)
		}
		res = bc.Get("/auth/organization/list")
		if res.Status != http.StatusOK || strings.TrimSpace(string(res.Body)) != `{"organizations":[]}` {
			t.Fatalf("list after removal = %d %s", res.Status, res.Body)
		}
	})
}
