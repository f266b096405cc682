package test

import (
	"database/sql"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/authui"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/magiclink"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/twofactor"
	"github.com/sesame-go/sesame/plugin/twofactor/totp"
)

// secondStepPlugins are the email, password, magiclink and twofactor
// plugins; tf receives the twofactor plugin.
func secondStepPlugins(tb testing.TB, tf **twofactor.Plugin) func(mail *authtest.Mailbox, base string) []auth.Plugin {
	return func(mail *authtest.Mailbox, base string) []auth.Plugin {
		*tf = twofactor.New(twofactor.WithIssuer("Acme"))
		return []auth.Plugin{email.New(email.WithSender(mail), email.WithAppName("Acme")), password.New(fastHasher(tb)),
			magiclink.New(), *tf}
	}
}

// enrolTOTP sets up an authenticator app for the person signed in on b,
// as the account's JSON routes would, and returns its key and recovery
// codes.
func (s *site) enrolTOTP(t testing.TB, b *browser, tf *twofactor.Plugin) (totp.Key, []string) {
	t.Helper()
	var key totp.Key
	var codes []string
	h := authhttp.Middleware(s.a)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		en, err := tf.Enrol(r.Context(), twofactor.EnrolRequest{Method: twofactor.MethodTOTP, Name: "phone"})
		if err != nil {
			t.Fatalf("Enrol = %v", err)
		}
		if key, _, _, err = totp.ParseURI(en.URI.Reveal()); err != nil {
			t.Fatal(err)
		}
		c, err := tf.Confirm(r.Context(), twofactor.ConfirmRequest{FactorID: en.FactorID, Code: auth.NewSecret(key.Code(s.clock.Now()))})
		if err != nil {
			t.Fatalf("Confirm = %v", err)
		}
		for _, rc := range c.RecoveryCodes {
			codes = append(codes, rc.Reveal())
		}
	}))
	req := httptest.NewRequest(http.MethodPost, s.base+"/enrol", nil)
	req.Header.Set("Origin", s.base)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	u, _ := url.Parse(s.base)
	for _, c := range b.client.Jar.Cookies(u) {
		req.AddCookie(c)
	}
	h.ServeHTTP(httptest.NewRecorder(), req)
	s.clock.Advance(30e9) // the confirming code is used: the next is due
	return key, codes
}

// twoFactorSite is a site with secondStepPlugins on pool where Ada
// (ada@example.com, "correct horse battery") has an authenticator app,
// signed out: it returns the app's key and her recovery codes.
func twoFactorSite(t testing.TB, e *authtest.Engine, pool *sql.DB, opts ...authui.Option) (*site, *twofactor.Plugin, totp.Key, []string) {
	t.Helper()
	var tf *twofactor.Plugin
	s := newSiteOn(t, e, pool, secondStepPlugins(t, &tf), nil, opts...)
	b := s.browser(t)
	s.signedUp(t, b, "ada@example.com", "correct horse battery")
	b.signIn("ada@example.com", "correct horse battery")
	key, recovery := s.enrolTOTP(t, b, tf)
	if len(recovery) == 0 {
		t.Fatal("no recovery codes")
	}
	b.submit("/account", "/sign-out", nil)
	return s, tf, key, recovery
}

// signedIn reports whether b's session reaches the account page.
func (b *browser) signedIn() bool {
	b.t.Helper()
	p := b.get("/account")
	return p.Status == http.StatusOK && strings.Contains(p.Body, "Your account")
}

// TestSecondFactorStep walks a password sign-in of a person with an
// authenticator app on every engine: the password alone gives a session
// that reaches no page but the second step, a wrong code shows next to
// its field, the right one (or a recovery code, once) ends at the page
// next asked for; the pending session of one browser cannot be finished
// from another.
func TestSecondFactorStep(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s, _, key, recovery := twoFactorSite(t, e, e.DB)
		b := s.browser(t)

		post, next := b.submit("/sign-in?next=/account%3Fx%3D1", "/sign-in", url.Values{"email": {"ada@example.com"}, "password": {"correct horse battery"}})
		if post.Location != "/two-factor?next=%2Faccount%3Fx%3D1" {
			t.Fatalf("password sign-in of a person with a second factor goes to %q, want the second step", post.Location)
		}
		step := post.Location
		want(t, "second step", next, "Two-step verification", `name="code"`, `autocomplete="one-time-code"`, `name="recovery"`,
			`name="next" value="/account?x=1"`)
		if b.signedIn() {
			t.Fatal("the password alone reached the account page")
		}

		post, next = b.submit(step, "/two-factor", url.Values{"code": {"000000"}})
		if post.Location != step {
			t.Fatalf("a wrong code goes to %q, want back to %q", post.Location, step)
		}
		want(t, "wrong code", next, `<p class="field-error" id="code-error">The code is wrong or has expired.</p>`, `aria-invalid="true"`)
		if b.signedIn() {
			t.Fatal("a wrong code signed in")
		}

		other := s.browser(t)
		if p := other.get("/two-factor"); p.Status != http.StatusSeeOther || p.Location != "/sign-in" {
			t.Fatalf("another browser's second step = %d to %q, want 303 to /sign-in", p.Status, p.Location)
		}
		other.open("/sign-in")
		vals := hiddenFields(t, b.get("/two-factor").Body, "/two-factor")
		vals.Set("code", key.Code(s.clock.Now()))
		vals.Set("csrf", token(t, other.get("/sign-in").Body))
		if p := other.postRaw(s.base, "/two-factor", vals); p.Location != "/sign-in" || other.signedIn() {
			t.Fatalf("a browser without the pending session posted a right code: %d to %q", p.Status, p.Location)
		}

		post, next = b.submit(step, "/two-factor", url.Values{"code": {key.Code(s.clock.Now())}})
		if !strings.HasSuffix(post.Location, "/account?x=1") {
			t.Fatalf("the right code goes to %q, want the page next asked for", post.Location)
		}
		want(t, "signed in", next, "Your account", "ada@example.com")
		if p := b.get("/two-factor"); p.Status != http.StatusSeeOther || p.Location != "/account" {
			t.Fatalf("the second step of a full session = %d to %q, want the account", p.Status, p.Location)
		}

		b.submit("/account", "/sign-out", nil)
		b.signIn("ada@example.com", "correct horse battery")
		post, next = b.submit("/two-factor?next="+url.QueryEscape("https://evil.example/"), "/two-factor",
			url.Values{"method": {"recovery"}, "recovery": {recovery[0]}})
		if post.Location != "/account" {
			t.Fatalf("a second step whose next leaves the site goes to %q, want /account", post.Location)
		}
		want(t, "recovery code", next, "Your account")
		b.submit("/account", "/sign-out", nil)
		b.signIn("ada@example.com", "correct horse battery")
		_, next = b.submit("/two-factor", "/two-factor", url.Values{"method": {"recovery"}, "recovery": {recovery[0]}})
		want(t, "used recovery code", next, `id="recovery-error"`)
		if b.signedIn() {
			t.Fatal("a used recovery code signed in again")
		}

		b.submit("/two-factor", "/sign-out", nil)
		if b.signedIn() || b.get("/two-factor").Status != http.StatusSeeOther {
			t.Fatal("cancelling the second step left a session")
		}
	})
}

// TestSecondFactorAttemptsEndThePendingSession: after the plugin's limit
// of wrong codes the pending session is over, the browser is back at the
// password, and the right code no longer helps.
func TestSecondFactorAttemptsEndThePendingSession(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s, _, key, _ := twoFactorSite(t, e, e.DB)
		b := s.browser(t)
		b.signIn("ada@example.com", "correct horse battery")
		var last page
		for i := 0; i < 20; i++ {
			post, next := b.submit("/two-factor", "/two-factor", url.Values{"code": {"000000"}})
			if post.Location == "/sign-in" {
				last = next
				break
			}
		}
		want(t, "attempts exceeded", last, "Too many wrong codes. Sign in again.")
		if p := b.get("/two-factor"); p.Status != http.StatusSeeOther || p.Location != "/sign-in" {
			t.Fatalf("the second step after too many codes = %d to %q, want the sign-in page", p.Status, p.Location)
		}
		vals := url.Values{"code": {key.Code(s.clock.Now())}, "csrf": {token(t, b.get("/sign-in").Body)}}
		if b.postRaw(s.base, "/two-factor", vals); b.signedIn() {
			t.Fatal("the right code signed in after the pending session ended")
		}
	})
}

// TestMagicLink walks sign-in by a mailed link on every engine: the
// request answers alike for known and unknown addresses, opening the
// link changes nothing, its form signs in once, a person with a second
// factor goes on to the second step, and the link of another purpose
// (the verification link's token) does not sign in.
func TestMagicLink(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		var tf *twofactor.Plugin
		s := newSite(t, e, secondStepPlugins(t, &tf), nil)
		b := s.browser(t)
		s.signedUp(t, b, "ada@example.com", "correct horse battery")
		verifyLink := s.link(t, "ada@example.com", email.PurposeVerify)

		want(t, "sign-in page", b.get("/sign-in"), `href="/magic-link"`, "Email me a sign-in link")
		known, next := b.submit("/magic-link", "/magic-link/send", url.Values{"email": {"ada@example.com"}, "next": {"/account?from=link"}})
		want(t, "link sent", next, "a link is on its way")
		unknown, _ := b.submit("/magic-link", "/magic-link/send", url.Values{"email": {"nobody@example.com"}})
		if known.Status != unknown.Status || known.Location != unknown.Location {
			t.Fatalf("send answers %d %q for a known address, %d %q for an unknown one", known.Status, known.Location, unknown.Status, unknown.Location)
		}
		_, next = b.submit("/magic-link", "/magic-link/send", url.Values{"email": {"not an address"}})
		want(t, "malformed address", next, `id="email-error"`)

		link := s.link(t, "ada@example.com", magiclink.PurposeSignIn)
		if !strings.HasPrefix(link, "/magic-link?token=") {
			t.Fatalf("magic link %s", link)
		}
		want(t, "landing", b.get(link), "Sign in to your account with this link?", `name="token"`)
		if b.signedIn() {
			t.Fatal("opening the link signed in")
		}
		post, next := b.submit(link, "/magic-link", nil)
		if !strings.HasSuffix(post.Location, "/account?from=link") {
			t.Fatalf("the link's form goes to %q, want the page asked for", post.Location)
		}
		want(t, "signed in by link", next, "Your account", "ada@example.com")
		b.submit("/account", "/sign-out", nil)

		_, next = b.submit(link, "/magic-link", nil)
		want(t, "used link", next, "The link is invalid or has expired.", `action="/magic-link/send"`)
		if b.signedIn() {
			t.Fatal("a used link signed in again")
		}

		vals := hiddenFields(t, b.get(link).Body, "/magic-link")
		vals.Set("token", strings.TrimPrefix(verifyLink, "/verify-email?token="))
		b.postRaw(s.base, "/magic-link", vals)
		if b.signedIn() {
			t.Fatal("a verification link's token signed in as a magic link")
		}

		b.signIn("ada@example.com", "correct horse battery")
		s.enrolTOTP(t, b, tf)
		b.submit("/account", "/sign-out", nil)
		b.submit("/magic-link", "/magic-link/send", url.Values{"email": {"ada@example.com"}})
		post, _ = b.submit(s.link(t, "ada@example.com", magiclink.PurposeSignIn), "/magic-link", nil)
		if post.Location != "/two-factor" || b.signedIn() {
			t.Fatalf("a magic link of a person with a second factor goes to %q, want the second step", post.Location)
		}
	})
}

// TestSecondStepTextsInTheCatalog renders the magic-link and second-step
// pages, with notices and errors, in the pseudo-locale: every text is a
// message of the catalog.
func TestSecondStepTextsInTheCatalog(t *testing.T) {
	e := authtest.SQLiteEngine(t)
	s, _, _, _ := twoFactorSite(t, e, e.DB, authui.Languages("en", "de", "x-pseudo"), authui.Messages("x-pseudo", pseudo()))
	b := s.browser(t)
	check := func(what string, p page) { t.Helper(); inPseudo(t, what, p) }
	b.lang = "x-pseudo, en;q=0.5"
	check("sign-in", b.get("/sign-in"))
	check("magic link request", b.get("/magic-link"))
	check("magic link landing", b.get("/magic-link?token=x"))
	_, p := b.submit("/magic-link", "/magic-link/send", url.Values{"email": {"ada@example.com"}})
	check("magic link sent", p)
	_, p = b.submit("/magic-link?token=x", "/magic-link", nil)
	check("magic link error", p)
	_, p = b.submit("/sign-in", "/sign-in", url.Values{"email": {"ada@example.com"}, "password": {"correct horse battery"}})
	check("second step", p)
	want(t, "second step", p, "⟦Two-step verification⟧")
	_, p = b.submit("/two-factor", "/two-factor", url.Values{"code": {"000000"}})
	check("second step error", p)
	_, p = b.submit("/two-factor", "/two-factor", url.Values{"method": {"recovery"}, "recovery": {"nope"}})
	check("recovery error", p)
}

// TestSecondStepsInGerman: the new pages have their German texts.
func TestSecondStepsInGerman(t *testing.T) {
	e := authtest.SQLiteEngine(t)
	s, _, _, _ := twoFactorSite(t, e, e.DB)
	b := s.browser(t)
	b.lang = "de"
	want(t, "magic link", b.get("/magic-link"), "Link senden", `<html lang="de">`)
	_, p := b.submit("/sign-in", "/sign-in", url.Values{"email": {"ada@example.com"}, "password": {"correct horse battery"}})
	want(t, "second step", p, "Bestätigung in zwei Schritten", "Wiederherstellungscode")
}
