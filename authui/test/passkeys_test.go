package test

import (
	"encoding/json"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/descope/virtualwebauthn"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/authui"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/passkey"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/twofactor"
)

// passkeySite is a site with the email, password, twofactor and passkey
// plugins at http://localhost (a secure context, which WebAuthn needs),
// where Ada (ada@example.com) is signed in on the browser it returns.
func passkeySite(t testing.TB, e *authtest.Engine) (*site, *twofactor.Plugin, *browser) {
	t.Helper()
	return passkeySiteServed(t, e, "ada@example.com", nil, nil)
}

// passkeySiteWith is passkeySite with options of the pages.
func passkeySiteWith(t testing.TB, e *authtest.Engine, opts ...authui.Option) (*site, *twofactor.Plugin, *browser) {
	t.Helper()
	return passkeySiteServed(t, e, "ada@example.com", nil, nil, opts...)
}

// passkeySiteServed is passkeySite with the pages mounted by m or served
// by sv, and the person signed in named by addr.
func passkeySiteServed(t testing.TB, e *authtest.Engine, addr string, m mount, sv serve, opts ...authui.Option) (*site, *twofactor.Plugin, *browser) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var tf *twofactor.Plugin
	plugins := func(mail *authtest.Mailbox, base string) []auth.Plugin {
		tf = twofactor.New(twofactor.WithIssuer("Acme"))
		return []auth.Plugin{email.New(email.WithSender(mail), email.WithAppName("Acme")), password.New(fastHasher(t)), tf, passkey.New()}
	}
	base := "http://localhost:" + strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	s := serveSite(t, e, e.DB, plugins, nil, m, sv, ln, base, opts...)
	b := s.browser(t)
	s.signedUp(t, b, addr, "correct horse battery")
	b.signIn(addr, "correct horse battery")
	return s, tf, b
}

// authenticator is a software authenticator that holds passkeys for the
// site, as a browser's would.
type authenticator struct {
	rp    virtualwebauthn.RelyingParty
	authr virtualwebauthn.Authenticator
	keys  []virtualwebauthn.Credential
}

func newAuthenticator(s *site) *authenticator {
	return &authenticator{rp: virtualwebauthn.RelyingParty{ID: "localhost", Name: "localhost", Origin: s.base},
		authr: virtualwebauthn.NewAuthenticator()}
}

// ceremony does what the passkey script does on a page: it posts the
// form token to the form's options route, answers the options with
// answer, and returns the form's fields with the answer in them, to post.
func (b *browser) ceremony(pagePath, action string, answer func(options string) string) url.Values {
	b.t.Helper()
	vals := hiddenFields(b.t, b.get(pagePath).Body, action)
	p := b.postRaw(b.s.base, action+"/options", url.Values{"csrf": {vals.Get("csrf")}})
	if p.Status != http.StatusOK || p.Header.Get("Content-Type") != "application/json" {
		b.t.Fatalf("POST %s/options = %d %s", action, p.Status, p.Body)
	}
	vals.Set("credential", answer(p.Body))
	return vals
}

// create answers registration options with a new passkey.
func (a *authenticator) create(t testing.TB) func(string) string {
	return func(options string) string {
		opts, err := virtualwebauthn.ParseAttestationOptions(options)
		if err != nil {
			t.Fatalf("parse %s: %v", options, err)
		}
		a.authr.Options.UserHandle = []byte(opts.UserID)
		// RSA (RS256), whose key encodes whole, unlike this
		// authenticator's P-256 keys, which lose a leading zero byte of a
		// coordinate about once in 128 (RFC 9053 §7.1.1 wants 32).
		cred := virtualwebauthn.NewCredential(virtualwebauthn.KeyTypeRSA)
		a.keys = append(a.keys, cred)
		return virtualwebauthn.CreateAttestationResponse(a.rp, a.authr, cred, *opts)
	}
}

// get answers sign-in options with the i-th passkey.
func (a *authenticator) get(t testing.TB, i int) func(string) string {
	return func(options string) string {
		opts, err := virtualwebauthn.ParseAssertionOptions(options)
		if err != nil {
			t.Fatalf("parse %s: %v", options, err)
		}
		return virtualwebauthn.CreateAssertionResponse(a.rp, a.authr, a.keys[i], *opts)
	}
}

// addPasskey adds a passkey named name on the security page of b.
func (b *browser) addPasskey(a *authenticator, name string) page {
	b.t.Helper()
	vals := b.ceremony(securityPage, securityPage+"/passkeys/add", a.create(b.t))
	vals.Set("name", name)
	post := b.postRaw(b.s.base, securityPage+"/passkeys/add", vals)
	return b.open(post.Location)
}

// passkeyIDs returns the IDs of the passkeys a security page lists.
func passkeyIDs(t testing.TB, body string) []string {
	t.Helper()
	var out []string
	for _, f := range formRE.FindAllStringSubmatch(body, -1) {
		if f[1] == securityPage+"/passkeys/rename" {
			out = append(out, hiddenFields(t, f[0], securityPage+"/passkeys/rename").Get("id"))
		}
	}
	return out
}

// TestSecurityPasskeys walks the passkeys of the security page on every
// engine, as the script drives them: add one, rename it (a bad name shown
// next to its field), sign in with it from the sign-in page, pass a
// second factor with it, remove it; the pages load the one script and
// say what needs it.
func TestSecurityPasskeys(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s, tf, b := passkeySite(t, e)
		a := newAuthenticator(s)
		p := b.get(securityPage)
		want(t, "no passkey", p, "You have no passkey yet", "Adding a passkey needs JavaScript", `<script src="/authui-passkey.js" defer></script>`,
			`data-passkey="create"`, `data-passkey-start hidden`)
		if csp := p.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe") {
			t.Fatalf("the security page's policy %q", csp)
		}
		if js := b.get("/authui-passkey.js"); js.Status != http.StatusOK || !strings.Contains(js.Body, "navigator.credentials.create") ||
			!strings.HasPrefix(js.Header.Get("Content-Type"), "text/javascript") {
			t.Fatalf("GET /authui-passkey.js = %d %s", js.Status, js.Header.Get("Content-Type"))
		}

		p = b.addPasskey(a, "Laptop")
		want(t, "added", p, "The passkey is added.", `value="Laptop"`)
		ids := passkeyIDs(t, p.Body)
		if len(ids) != 1 {
			t.Fatalf("the page lists passkeys %v after adding one", ids)
		}
		_, p = b.submit(securityPage, securityPage+"/passkeys/rename", url.Values{"name": {"Work laptop"}})
		want(t, "renamed", p, "The passkey is renamed.", `value="Work laptop"`)
		_, p = b.submit(securityPage, securityPage+"/passkeys/rename", url.Values{"name": {"bad\x01name"}})
		want(t, "bad name", p, `id="passkey-`+ids[0]+`-error">Check this field.</p>`, `aria-invalid="true"`)

		b.submit(securityPage, "/sign-out", nil)
		want(t, "sign-in page", b.get("/sign-in"), "Sign in with a passkey", "Signing in with a passkey needs JavaScript", `data-passkey="get"`)
		vals := b.ceremony("/sign-in?next=/account/security", "/sign-in/passkey", a.get(t, 0))
		post := b.postRaw(s.base, "/sign-in/passkey", vals)
		if !strings.HasSuffix(post.Location, securityPage) || !b.signedIn() {
			t.Fatalf("a passkey sign-in goes to %q (signed in %v), want the page next asked for", post.Location, b.signedIn())
		}

		s.enrolTOTP(t, b, tf)
		b.submit(securityPage, "/sign-out", nil)
		_, p = b.submit("/sign-in", "/sign-in", url.Values{"email": {"ada@example.com"}, "password": {"correct horse battery"}})
		want(t, "second step", p, "Use a passkey", "Using a passkey needs JavaScript", `action="/two-factor/passkey"`)
		vals = b.ceremony("/two-factor", "/two-factor/passkey", a.get(t, 0))
		if post = b.postRaw(s.base, "/two-factor/passkey", vals); post.Location != "/account" || !b.signedIn() {
			t.Fatalf("a passkey's second step goes to %q (signed in %v)", post.Location, b.signedIn())
		}

		_, p = b.submit(securityPage, securityPage+"/passkeys/remove", url.Values{"id": {ids[0]}})
		want(t, "removed", p, "The passkey is removed", "You have no passkey yet")
	})
}

// TestPasskeyAttacks tries the passkey forms as an attacker on every
// engine: another person's passkey in the rename and remove forms, the
// options asked from another site or without the form token, a
// registration from a session past the fresh age, and an answer made for
// one browser's sign-in posted from another.
func TestPasskeyAttacks(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s, _, ada := passkeySite(t, e)
		mallory := s.browser(t)
		s.signedUp(t, mallory, "mallory@example.com", "mallory's password")
		mallory.signIn("mallory@example.com", "mallory's password")
		a := newAuthenticator(s)
		adaKey := passkeyIDs(t, ada.addPasskey(a, "Laptop").Body)[0]

		csrf := token(t, mallory.get(securityPage).Body)
		for _, action := range []string{"/passkeys/rename", "/passkeys/remove"} {
			p := mallory.open(mallory.postRaw(s.base, securityPage+action, url.Values{"csrf": {csrf}, "id": {adaKey}, "name": {"mine"}}).Location)
			want(t, "foreign passkey "+action, p, "That passkey is not on your account.")
		}
		if p := ada.get(securityPage); !strings.Contains(p.Body, `value="Laptop"`) {
			t.Fatal("Mallory renamed or removed Ada's passkey")
		}

		for _, path := range []string{securityPage + "/passkeys/add/options", "/sign-in/passkey/options"} {
			if p := ada.postRaw("https://evil.example", path, url.Values{"csrf": {token(t, ada.get(securityPage).Body)}}); p.Status != http.StatusForbidden {
				t.Errorf("POST %s from another site = %d, want 403", path, p.Status)
			}
			p := ada.postRaw(s.base, path, url.Values{})
			var back struct{ Redirect string }
			if p.Status != http.StatusForbidden || json.Unmarshal([]byte(p.Body), &back) != nil || back.Redirect == "" {
				t.Errorf("POST %s without the form token = %d %s, want 403 and where to go", path, p.Status, p.Body)
			}
		}

		s.clock.Advance(11 * 60e9) // past the fresh age
		vals := hiddenFields(t, ada.get(securityPage).Body, securityPage+"/passkeys/add")
		p := ada.postRaw(s.base, securityPage+"/passkeys/add/options", url.Values{"csrf": {vals.Get("csrf")}})
		var back struct{ Redirect string }
		if p.Status != http.StatusForbidden || json.Unmarshal([]byte(p.Body), &back) != nil || back.Redirect != securityPage {
			t.Fatalf("registration options of a stale session = %d %s", p.Status, p.Body)
		}
		want(t, "stale session", ada.open(back.Redirect), "Sign in again to do this.")

		// A sign-in answer is bound to the browser that asked for its
		// options: Mallory's page cannot use it.
		victim := s.browser(t)
		answer := victim.ceremony("/sign-in", "/sign-in/passkey", a.get(t, 0))
		answer.Set("csrf", token(t, mallory.get("/sign-in").Body))
		mallory.submit(securityPage, "/sign-out", nil)
		mallory.postRaw(s.base, "/sign-in/passkey", answer)
		if mallory.signedIn() {
			t.Fatal("a sign-in answer made for another browser signed Mallory's in")
		}
	})
}
