package test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
)

// TestFormTokenBindsTheBrowser posts the sign-in form without the form
// token, with another browser's token, and with the right one from
// another site: none signs in. A login CSRF would sign the victim's
// browser in to the attacker's account.
func TestFormTokenBindsTheBrowser(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s := newSite(t, e, nil, nil)
		s.signedUp(t, s.browser(t), "eve@example.com", "eve's own password")
		victim, attacker := s.browser(t), s.browser(t)
		victim.open("/sign-in") // the victim has a form token of its own
		attackerToken := token(t, attacker.open("/sign-in").Body)
		creds := url.Values{"email": {"eve@example.com"}, "password": {"eve's own password"}}
		for _, tt := range []struct {
			name   string
			origin string
			csrf   string
			status int
		}{
			{"no token", s.base, "", http.StatusSeeOther},
			{"another browser's token", s.base, attackerToken, http.StatusSeeOther},
			{"no origin and no token", "", "", http.StatusSeeOther},
			{"another site", "https://evil.example", token(t, victim.get("/sign-in").Body), http.StatusForbidden},
		} {
			t.Run(tt.name, func(t *testing.T) {
				form := url.Values{"csrf": {tt.csrf}}
				for k, v := range creds {
					form[k] = v
				}
				p := victim.postRaw(tt.origin, "/sign-in", form)
				if p.Status != tt.status {
					t.Fatalf("POST /sign-in = %d %q, want %d", p.Status, p.Location, tt.status)
				}
				if p.Status == http.StatusSeeOther && p.Location != "/sign-in" {
					t.Fatalf("POST /sign-in went on to %q, want back to the form", p.Location)
				}
				if acc := victim.get("/account"); acc.Status != http.StatusSeeOther {
					t.Fatalf("the victim's browser is signed in (%d)", acc.Status)
				}
				if tt.status == http.StatusSeeOther {
					want(t, "refused form", victim.open("/sign-in"), "The form expired")
				}
			})
		}
	})
}

// TestRevokeOnlyOwnSessions has Bob post the id of Alice's session to his
// revoke form: the core operation finds it among Bob's sessions only, so
// Alice stays signed in.
func TestRevokeOnlyOwnSessions(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s := newSite(t, e, nil, nil)
		alice, bob := s.browser(t), s.browser(t)
		s.signedUp(t, alice, "alice@example.com", "alice's password")
		s.signedUp(t, bob, "bob@example.com", "bob's password here")
		alice.signIn("alice@example.com", "alice's password")
		bob.signIn("bob@example.com", "bob's password here")
		aliceSessions, err := s.a.ListSessions(auth.WithRequest(t.Context(), sessionRequest(t, alice)))
		if err != nil || len(aliceSessions) != 1 {
			t.Fatalf("Alice's sessions = %v, %v", aliceSessions, err)
		}
		_, next := bob.submit("/account", "/account/sessions/revoke", url.Values{"id": {aliceSessions[0].ID}})
		want(t, "revoking another's session", next, "That session is already signed out.")
		if p := alice.get("/account"); p.Status != http.StatusOK {
			t.Fatalf("Alice was signed out by Bob's form (%d)", p.Status)
		}
		// Her own other browser, she can sign out.
		other := s.browser(t)
		other.signIn("alice@example.com", "alice's password")
		_, next = alice.submit("/account", "/account/sessions/revoke-others", nil)
		want(t, "revoke others", next, "Every other session is signed out.")
		if p := other.get("/account"); p.Status != http.StatusSeeOther {
			t.Fatalf("Alice's other browser is still signed in (%d)", p.Status)
		}
	})
}

// sessionRequest returns the auth.Request of a browser's session, for a Go
// call made as that browser.
func sessionRequest(t *testing.T, b *browser) *auth.Request {
	t.Helper()
	u, _ := url.Parse(b.s.base)
	for _, c := range b.client.Jar.Cookies(u) {
		if c.Name == authhttp.CookieName(b.s.a) {
			return &auth.Request{Transport: auth.TransportHTTP, Token: auth.NewSecret(c.Value), CookieAuth: true}
		}
	}
	t.Fatal("the browser has no session cookie")
	return nil
}

// TestNextStaysOnTheSite signs in with next parameters that leave the
// site: each lands on the account page instead.
func TestNextStaysOnTheSite(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s := newSite(t, e, nil, nil)
		s.signedUp(t, s.browser(t), "ada@example.com", "a good password")
		for _, next := range []string{"https://evil.example/", "//evil.example/x", "javascript:alert(1)", "/\\evil.example"} {
			b := s.browser(t)
			post, _ := b.submit("/sign-in?next="+url.QueryEscape(next), "/sign-in",
				url.Values{"email": {"ada@example.com"}, "password": {"a good password"}, "next": {next}})
			if post.Status != http.StatusSeeOther || post.Location != "/account" {
				t.Errorf("sign-in with next=%q went to %q, want /account", next, post.Location)
			}
		}
		b := s.browser(t)
		post, _ := b.submit("/sign-in", "/sign-in", url.Values{"email": {"ada@example.com"}, "password": {"a good password"}, "next": {"/account?x=1"}})
		if !strings.HasSuffix(post.Location, "/account?x=1") {
			t.Errorf("sign-in with a next of this site went to %q", post.Location)
		}
	})
}

// TestSignUpAnswersAlike signs up with a taken address: the browser sees
// exactly what a new address gets, and the holder gets a notice.
func TestSignUpAnswersAlike(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s := newSite(t, e, nil, nil)
		s.signedUp(t, s.browser(t), "ada@example.com", "a good password")
		taken, _ := s.browser(t).submit("/sign-up", "/sign-up", url.Values{"name": {"X"}, "email": {"ada@example.com"}, "password": {"another password"}})
		fresh, _ := s.browser(t).submit("/sign-up", "/sign-up", url.Values{"name": {"X"}, "email": {"new@example.com"}, "password": {"another password"}})
		if taken.Status != fresh.Status || taken.Location != fresh.Location {
			t.Fatalf("taken address = %d %q, new one = %d %q", taken.Status, taken.Location, fresh.Status, fresh.Location)
		}
		forgotKnown, _ := s.browser(t).submit("/forgot-password", "/forgot-password", url.Values{"email": {"ada@example.com"}})
		forgotUnknown, _ := s.browser(t).submit("/forgot-password", "/forgot-password", url.Values{"email": {"nobody@example.com"}})
		if forgotKnown.Location != forgotUnknown.Location {
			t.Fatalf("forgot-password: known = %q, unknown = %q", forgotKnown.Location, forgotUnknown.Location)
		}
	})
}

// TestHeaders checks every page and redirect: no caching, the strict
// policy (no script, no inline style), no framing.
func TestHeaders(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s := newSite(t, e, nil, nil)
		b := s.browser(t)
		s.signedUp(t, b, "ada@example.com", "a good password")
		post, _ := b.submit("/sign-in", "/sign-in", url.Values{"email": {"ada@example.com"}, "password": {"a good password"}})
		pages := map[string]page{"POST /sign-in": post}
		for _, p := range []string{"/sign-in", "/sign-up", "/forgot-password", "/reset-password?token=x", "/verify-email?token=x", "/sign-out", "/account"} {
			pages[p] = b.get(p)
		}
		for name, p := range pages {
			h := p.Header
			if h.Get("Cache-Control") != "no-store" || h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") != "same-origin" {
				t.Errorf("%s: headers %v", name, h)
			}
			csp := h.Get("Content-Security-Policy")
			for _, d := range []string{"default-src 'none'", "style-src 'self'", "form-action 'self'", "frame-ancestors 'none'"} {
				if !strings.Contains(csp, d) {
					t.Errorf("%s: Content-Security-Policy %q lacks %q", name, csp, d)
				}
			}
			if strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "script-src") {
				t.Errorf("%s: Content-Security-Policy %q allows scripts or inline style", name, csp)
			}
			if strings.Contains(p.Body, "<script") || strings.Contains(p.Body, "style=") || strings.Contains(p.Body, "<style") {
				t.Errorf("%s: the page has a script or inline style", name)
			}
		}
	})
}

// TestOnlyPassedPlugins serves an instance without the password plugin:
// its pages are not there, the email plugin's are.
func TestOnlyPassedPlugins(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s := newSite(t, e, func(mail *authtest.Mailbox, base string) []auth.Plugin {
			return []auth.Plugin{emailOnly(mail), authtest.NewLogin()}
		}, nil)
		b := s.browser(t)
		for _, p := range []string{"/sign-in", "/sign-up", "/forgot-password", "/reset-password"} {
			if got := b.get(p); got.Status != http.StatusNotFound {
				t.Errorf("GET %s without the password plugin = %d, want 404", p, got.Status)
			}
		}
		if got := b.get("/verify-email"); got.Status != http.StatusOK {
			t.Errorf("GET /verify-email = %d", got.Status)
		}
		if got := b.get("/sign-out"); strings.Contains(got.Body, `href="/sign-in"`) {
			t.Error("the sign-out page links to a sign-in page that is not there")
		}
	})
}
