package test

import (
	"database/sql"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/twofactor"
	"github.com/sesame-go/sesame/plugin/twofactor/totp"
)

var (
	keyRE   = regexp.MustCompile(`<code class="key" translate="no">([A-Z2-7]+)</code>`)
	codesRE = regexp.MustCompile(`<li><code translate="no">([^<]+)</code></li>`)
)

// securitySite is a site with secondStepPlugins on pool where Ada
// (ada@example.com) is signed in on the browser it returns.
func securitySite(t testing.TB, e *authtest.Engine, pool *sql.DB) (*site, *twofactor.Plugin, *browser) {
	t.Helper()
	var tf *twofactor.Plugin
	s := newSiteOn(t, e, pool, secondStepPlugins(t, &tf), nil)
	b := s.browser(t)
	s.signedUp(t, b, "ada@example.com", "correct horse battery")
	b.signIn("ada@example.com", "correct horse battery")
	return s, tf, b
}

// setUpApp starts setting up an authenticator app on the security page
// of b and returns the key it shows and the page.
func (b *browser) setUpApp(name string) (totp.Key, page) {
	b.t.Helper()
	_, p := b.submit(securityPage, securityPage+"/totp", url.Values{"name": {name}})
	m := keyRE.FindStringSubmatch(p.Body)
	if m == nil {
		b.t.Fatalf("setting up an app shows no key:\n%s", p.Body)
	}
	key, err := totp.DecodeKey(m[1])
	if err != nil {
		b.t.Fatal(err)
	}
	return key, p
}

// shownCodes returns the recovery codes a page shows.
func shownCodes(p page) []string {
	var out []string
	for _, m := range codesRE.FindAllStringSubmatch(p.Body, -1) {
		out = append(out, m[1])
	}
	return out
}

const securityPage = "/account/security"

// TestSecurityFactors walks the second factors of the security page on
// every engine: set up an authenticator app (its key as text and as a QR
// code, once), a wrong first code shown next to its field, the right one
// turning two-step verification on with recovery codes shown once, new
// codes that replace them (shown once), removing the app; and a session
// past the fresh age led to sign in again.
func TestSecurityFactors(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s, _, b := securitySite(t, e, e.DB)
		want(t, "account nav", b.get("/account"), `href="/account/security"`)
		p := b.get(securityPage)
		want(t, "no factor", p, "Two-step verification is off", `action="/account/security/totp"`, `value="Authenticator app"`)
		if strings.Contains(p.Body, "<script") {
			t.Fatal("without the passkey plugin the page loads a script")
		}

		key, p := b.setUpApp("Phone")
		want(t, "set-up", p, `<svg class="qr" role="img"`, `<path d="M4 4h7v1h-7z`, "Scan this code", `name="factorId"`, `autocomplete="one-time-code"`)
		if r := b.get(securityPage); strings.Contains(r.Body, "<svg") || keyRE.MatchString(r.Body) {
			t.Fatal("a reload shows the key again")
		}
		key, p = b.setUpApp("Phone") // a new key: the first set-up is dropped
		vals := hiddenFields(t, p.Body, securityPage+"/totp/confirm")
		vals.Set("code", "000000")
		post := b.postRaw(s.base, securityPage+"/totp/confirm", vals)
		if post.Location != securityPage {
			t.Fatalf("a wrong first code goes to %q, want back to the page", post.Location)
		}
		p = b.open(post.Location)
		want(t, "wrong code", p, `<p class="field-error" id="code-error">The code is wrong or has expired.</p>`, `name="factorId" value="`+vals.Get("factorId")+`"`)
		if strings.Contains(p.Body, "<svg") {
			t.Fatal("a wrong code shows the key again")
		}

		vals = hiddenFields(t, p.Body, securityPage+"/totp/confirm") // the form of the page after the wrong code
		vals.Set("code", key.Code(s.clock.Now()))
		p = b.open(b.postRaw(s.base, securityPage+"/totp/confirm", vals).Location)
		want(t, "turned on", p, "Two-step verification is on.", "Your recovery codes", "Phone", "Recovery codes left: 10.")
		codes := shownCodes(p)
		if len(codes) != 10 {
			t.Fatalf("the page shows %d recovery codes, want 10:\n%s", len(codes), p.Body)
		}
		if r := b.get(securityPage); len(shownCodes(r)) != 0 || strings.Contains(r.Body, codes[0]) {
			t.Fatal("a reload shows the recovery codes again")
		}

		_, p = b.submit(securityPage, securityPage+"/recovery-codes", nil)
		fresh := shownCodes(p)
		want(t, "new codes", p, "New recovery codes are made")
		if len(fresh) != 10 || fresh[0] == codes[0] {
			t.Fatalf("new recovery codes %v after %v", fresh, codes)
		}
		if r := b.get(securityPage); len(shownCodes(r)) != 0 {
			t.Fatal("a reload shows the new recovery codes again")
		}

		s.clock.Advance(11 * time.Minute) // past the fresh age
		_, p = b.submit(securityPage, securityPage+"/recovery-codes", nil)
		want(t, "stale session", p, "Sign in again to do this.", `href="/sign-in?next=%2faccount%2fsecurity"`)
		if len(shownCodes(p)) != 0 {
			t.Fatal("a stale session made recovery codes")
		}
		post, _ = b.submit("/sign-in?next=/account/security", "/sign-in", url.Values{"email": {"ada@example.com"}, "password": {"correct horse battery"}})
		s.clock.Advance(30 * time.Second)
		post, p = b.submit(post.Location, "/two-factor", url.Values{"code": {key.Code(s.clock.Now())}})
		if !strings.HasSuffix(post.Location, securityPage) {
			t.Fatalf("signing in again goes to %q, want back to the security page", post.Location)
		}
		id := hiddenFields(t, p.Body, securityPage+"/factors/remove").Get("id")
		_, p = b.submit(securityPage, securityPage+"/factors/remove", url.Values{"id": {id}})
		want(t, "removed", p, "The second factor is removed", "Two-step verification is off")
		b.submit(securityPage, "/sign-out", nil)
		if next := b.signIn("ada@example.com", "correct horse battery"); !strings.Contains(next.Body, "Your account") {
			t.Fatalf("after removing the app the password alone does not sign in:\n%s", next.Body)
		}
	})
}

// TestSecurityRequiredFactor: when a second factor is mandatory
// (twofactor.RequireEnrolment), a person without one reaches only the
// security page, which says why, sets up an app, and then the account.
func TestSecurityRequiredFactor(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s := newSite(t, e, func(mail *authtest.Mailbox, base string) []auth.Plugin {
			return append(passwordPlugins(t)(mail, base), twofactor.New(twofactor.RequireEnrolment()))
		}, nil)
		b := s.browser(t)
		s.signedUp(t, b, "ada@example.com", "correct horse battery")
		p := b.signIn("ada@example.com", "correct horse battery")
		want(t, "held", p, "Your account needs a second step when you sign in", `action="/account/security/totp"`)
		if strings.Contains(p.Body, "Passkeys") || strings.Contains(p.Body, "/recovery-codes") {
			t.Fatalf("a held session is offered more than setting up a factor:\n%s", p.Body)
		}
		key, p := b.setUpApp("Phone")
		form := hiddenFields(t, p.Body, securityPage+"/totp/confirm")
		form.Set("code", key.Code(s.clock.Now()))
		if p = b.open(b.postRaw(s.base, securityPage+"/totp/confirm", form).Location); len(shownCodes(p)) != 10 {
			t.Fatalf("the held session's first factor shows %d recovery codes", len(shownCodes(p)))
		}
		if !b.signedIn() {
			t.Fatal("the account is still held after setting up a factor")
		}
	})
}

// TestSecurityOnlyPassedPlugins: without the twofactor and passkey
// plugins there is no security page, no link to it, no passkey script or
// route, and the sign-in page offers no passkey.
func TestSecurityOnlyPassedPlugins(t *testing.T) {
	e := authtest.SQLiteEngine(t)
	s := newSite(t, e, nil, nil)
	b := s.browser(t)
	s.signedUp(t, b, "ada@example.com", "correct horse battery")
	if next := b.signIn("ada@example.com", "correct horse battery"); strings.Contains(next.Body, securityPage) {
		t.Fatal("the account page links to a security page without its plugins")
	}
	if p := b.get(securityPage); p.Status != http.StatusNotFound {
		t.Fatalf("GET %s without its plugins = %d, want 404", securityPage, p.Status)
	}
	for _, path := range []string{"/authui-passkey.js", "/sign-in/passkey/options"} {
		if p := b.get(path); p.Status != http.StatusNotFound && p.Status != http.StatusMethodNotAllowed {
			t.Fatalf("GET %s without the passkey plugin = %d", path, p.Status)
		}
	}
	if strings.Contains(b.get("/sign-in").Body, "passkey") {
		t.Fatal("the sign-in page offers passkeys without the plugin")
	}
}
