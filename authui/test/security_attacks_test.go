package test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/authtest"
)

// TestSecurityAttacks tries the security page's forms as an attacker on
// every engine: another person's factor in the remove form, an
// enrolment confirmed from another session of the same person, the
// one-time cookie of recovery codes carried to another session, posts
// from another site, and a session still waiting for its second factor.
func TestSecurityAttacks(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s, tf, ada := securitySite(t, e, e.DB)
		bob := s.browser(t)
		s.signedUp(t, bob, "bob@example.com", "bob's good password")
		bob.signIn("bob@example.com", "bob's good password")
		s.enrolTOTP(t, bob, tf)
		bobFactor := hiddenFields(t, bob.get(securityPage).Body, securityPage+"/factors/remove").Get("id")

		t.Run("another person's factor", func(t *testing.T) {
			vals := url.Values{"csrf": {token(t, ada.get(securityPage).Body)}, "id": {bobFactor}}
			p := ada.open(ada.postRaw(s.base, securityPage+"/factors/remove", vals).Location)
			want(t, "foreign factor", p, "That second factor is not set up")
			if !strings.Contains(bob.get(securityPage).Body, `value="`+bobFactor+`"`) {
				t.Fatal("Ada removed Bob's factor")
			}
		})

		t.Run("enrolment confirmed from another session", func(t *testing.T) {
			key, p := ada.setUpApp("Phone")
			vals := hiddenFields(t, p.Body, securityPage+"/totp/confirm")
			other := s.browser(t)
			other.signIn("ada@example.com", "correct horse battery")
			theirs := hiddenFields(t, other.get(securityPage).Body, securityPage+"/totp")
			vals.Set("csrf", theirs.Get("csrf"))
			vals.Set("code", key.Code(s.clock.Now()))
			p = other.open(other.postRaw(s.base, securityPage+"/totp/confirm", vals).Location)
			want(t, "other session", p, "That second factor is not set up", "Two-step verification is off")
			vals.Set("csrf", token(t, ada.get(securityPage).Body))
			p = ada.open(ada.postRaw(s.base, securityPage+"/totp/confirm", vals).Location)
			want(t, "own session", p, "Two-step verification is on.", "Your recovery codes")
		})

		t.Run("one-time cookie in another session", func(t *testing.T) {
			other := s.browser(t)
			other.signIn("bob@example.com", "bob's good password")
			vals := hiddenFields(t, bob.get(securityPage).Body, securityPage+"/recovery-codes")
			post := bob.postRaw(s.base, securityPage+"/recovery-codes", vals)
			u, _ := url.Parse(s.base)
			var carried int
			for _, c := range bob.client.Jar.Cookies(u) {
				if c.Name == "authui_shown" {
					other.client.Jar.SetCookies(u, []*http.Cookie{c})
					carried++
				}
			}
			if carried != 1 {
				t.Fatalf("the answer to new recovery codes set %d one-time cookies, want 1", carried)
			}
			if p := other.open(post.Location); len(shownCodes(p)) != 0 {
				t.Fatal("another session of the person was shown the recovery codes")
			}
			if p := bob.open(post.Location); len(shownCodes(p)) != 10 {
				t.Fatalf("the session that made the codes was shown %d", len(shownCodes(p)))
			}
		})

		t.Run("another site", func(t *testing.T) {
			page := ada.get(securityPage).Body
			csrf := token(t, page)
			for _, action := range []string{"/totp", "/totp/confirm", "/recovery-codes", "/factors/remove"} {
				p := ada.postRaw("https://evil.example", securityPage+action, url.Values{"csrf": {csrf}, "id": {bobFactor}})
				if p.Status != http.StatusForbidden {
					t.Errorf("POST %s from another site = %d, want 403", action, p.Status)
				}
				if p = ada.postRaw(s.base, securityPage+action, url.Values{"id": {bobFactor}}); p.Status != http.StatusSeeOther {
					t.Errorf("POST %s without the form token = %d, want 303 back", action, p.Status)
				}
				want(t, "no token", ada.open(securityPage), "The form expired")
			}
		})

		t.Run("pending session", func(t *testing.T) {
			pending := s.browser(t)
			if next := pending.signIn("bob@example.com", "bob's good password"); !strings.Contains(next.Body, "Two-step verification") {
				t.Fatalf("Bob's password sign-in is not pending:\n%s", next.Body)
			}
			if p := pending.get(securityPage); p.Status != http.StatusSeeOther || p.Location != "/two-factor?next=%2Faccount%2Fsecurity" {
				t.Fatalf("a pending session's security page = %d to %q, want the second step", p.Status, p.Location)
			}
			csrf := token(t, pending.get("/two-factor").Body)
			for _, action := range []string{"/recovery-codes", "/totp", "/factors/remove"} {
				p := pending.postRaw(s.base, securityPage+action, url.Values{"csrf": {csrf}, "id": {bobFactor}})
				if p.Status != http.StatusSeeOther || !strings.HasPrefix(p.Location, "/two-factor?next=") {
					t.Errorf("POST %s from a pending session = %d to %q, want the second step", action, p.Status, p.Location)
				}
			}
			if !strings.Contains(bob.get(securityPage).Body, `value="`+bobFactor+`"`) {
				t.Fatal("a pending session removed the factor")
			}
		})
	})
}
