package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdpwebauthn "github.com/chromedp/cdproto/webauthn"
	"github.com/chromedp/chromedp"

	"github.com/sesame-go/sesame/plugin/twofactor/totp"
	"github.com/sesame-go/sesame/starters/site/sitetest"
)

// chromium returns the path of a Chromium to drive, or skips the test
// when there is none, unless SESAME_TEST_REQUIRE_ENGINES names chromium.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	required := slices.ContainsFunc(strings.Split(os.Getenv(sitetest.EnvRequire), ","), func(s string) bool {
		return strings.TrimSpace(s) == "chromium"
	})
	if required {
		t.Fatalf("chromium is required by %s but is not installed (apt-get install chromium)", sitetest.EnvRequire)
	}
	t.Skipf("chromium skipped: not installed (apt-get install chromium, or name it in %s to require it)", sitetest.EnvRequire)
	return ""
}

// page drives one headless Chromium tab through the app.
type page struct {
	t             *testing.T
	ctx           context.Context
	base          string
	authenticator cdpwebauthn.AuthenticatorID
}

// newPage starts headless Chromium with a virtual authenticator (the
// DevTools WebAuthn domain), which makes and uses passkeys as a phone or
// a laptop would, the person's presence and verification simulated.
func newPage(t *testing.T, exe, base string) *page {
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck, chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.Flag("disable-dev-shm-usage", true),
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	ctx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(cancelAlloc)
	ctx, cancelBrowser := chromedp.NewContext(ctx)
	t.Cleanup(cancelBrowser)
	p := &page{t: t, ctx: ctx, base: base}
	p.open("/")
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, cdpwebauthn.Enable, cdpwebauthn.EnableParams{}); err != nil {
			return err
		}
		res, err := cdp.Call(ctx, tg, cdpwebauthn.AddVirtualAuthenticator, cdpwebauthn.AddVirtualAuthenticatorParams{
			Options: &cdpwebauthn.VirtualAuthenticatorOptions{
				Protocol: cdpwebauthn.AuthenticatorProtocolCtap2, Ctap2version: cdpwebauthn.Ctap2versionCtap21,
				Transport: cdpwebauthn.AuthenticatorTransportInternal, HasResidentKey: true, HasUserVerification: true,
				IsUserVerified: true, AutomaticPresenceSimulation: true}})
		p.authenticator = res.AuthenticatorID
		return err
	}))
	if err != nil {
		t.Fatalf("adding a virtual authenticator: %v", err)
	}
	return p
}

// present sets whether the person is there to touch the authenticator:
// when not, a passkey request waits, as the autofill's does for a pick.
func (p *page) present(on bool) {
	p.t.Helper()
	err := chromedp.Do(p.ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, cdpwebauthn.SetAutomaticPresenceSimulation,
			cdpwebauthn.SetAutomaticPresenceSimulationParams{AuthenticatorID: p.authenticator, Enabled: on})
		return err
	}))
	if err != nil {
		p.t.Fatalf("presence %v: %v", on, err)
	}
}

// open navigates to a page of the app.
func (p *page) open(path string) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, chromedp.Navigate(p.base+path)); err != nil {
		p.t.Fatalf("open %s: %v", path, err)
	}
}

// eval runs JavaScript in the page and decodes its value into out.
func (p *page) eval(js string, out any) {
	p.t.Helper()
	raw, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]byte](js, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("%s: %v", js, err)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			p.t.Fatalf("%s answered %s: %v", js, raw, err)
		}
	}
}

// submit fills the form that selector names with values and submits it
// as a person would (requestSubmit runs the page's own handlers).
func (p *page) submit(selector string, values map[string]string) {
	p.t.Helper()
	if values == nil {
		values = map[string]string{}
	}
	v, _ := json.Marshal(values)
	s, _ := json.Marshal(selector)
	p.eval(fmt.Sprintf(`(() => {
		const f = document.querySelector(%s);
		for (const [k, v] of Object.entries(%s)) f.elements[k].value = v;
		f.requestSubmit();
		return true;
	})()`, s, v), nil)
}

// click clicks the element selector names.
func (p *page) click(selector string) {
	p.t.Helper()
	s, _ := json.Marshal(selector)
	p.eval(fmt.Sprintf(`(() => { document.querySelector(%s).click(); return true; })()`, s), nil)
}

// waitFor waits until the page at path shows text; navigations in
// between are retried.
func (p *page) waitFor(path, text string) {
	p.t.Helper()
	js := fmt.Sprintf(`document.readyState === 'complete' && location.pathname === %q && document.body.innerText.includes(%q)`, path, text)
	var last string
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		ok, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool](js))
		if err == nil && ok {
			return
		}
		last, _ = chromedp.Run(p.ctx, chromedp.Evaluate[string](`location.href + "\n" + document.body.innerText`))
	}
	p.t.Fatalf("the browser never showed %q at %s; it is at:\n%s", text, path, last)
}

// session returns the browser's session as GET /auth/session answers it.
func (p *page) session() string {
	p.t.Helper()
	var s string
	p.eval(`fetch('/auth/session').then(r => r.text())`, &s)
	return s
}

// TestPasskeysInChromium walks the passkey pages in headless Chromium,
// whose virtual authenticator makes and uses the passkey: sign up and in
// with a password, add a passkey from the account page (the site's script
// calling navigator.credentials.create), rename it, sign out, sign in with
// it from the autofill of the sign-in page's email field (conditional
// mediation), set up an authenticator app, sign in with the password and
// pass the second step with the passkey, sign in with the sign-in page's
// passkey button, and remove the passkey. The app runs at
// http://localhost, a secure context, where passkeys work.
func TestPasskeysInChromium(t *testing.T) {
	exe := chromium(t)
	srv := sitetest.Start(t, run, "-db", filepath.Join(t.TempDir(), "app.db"), "-addr", "localhost:0")
	if !strings.Contains(srv.Console.String(), "passkeys: on") {
		t.Fatalf("passkeys are not on at %s:\n%s", srv.URL, srv.Console)
	}
	p := newPage(t, exe, srv.URL)
	email := fmt.Sprintf("lin.%d@example.com", time.Now().UnixNano())
	const password = "correct horse battery"

	p.open("/sign-up")
	p.submit(`form[action="/sign-up"]`, map[string]string{"name": "Lin", "email": email, "password": password})
	p.waitFor("/sign-up", "Check your email")
	verify := regexp.MustCompile(`To: ` + regexp.QuoteMeta(email) + `\n(?s:.*?)` + regexp.QuoteMeta(srv.URL) + `(/verify-email\?token=[A-Za-z0-9_%=-]+)`)
	m := verify.FindStringSubmatch(srv.Console.String())
	if m == nil {
		t.Fatalf("no verification link for %s:\n%s", email, srv.Console)
	}
	p.open(m[1])
	p.submit(`form[action="/verify-email"]`, nil)
	p.waitFor("/sign-in", "Your email address is verified.")
	p.submit(`form[action="/sign-in"]`, map[string]string{"email": email, "password": password})
	p.waitFor("/account", "You are signed in.")

	// Add a passkey, then rename it.
	p.waitFor("/account", "Add a passkey")
	p.submit(`form[data-passkey="register"]`, map[string]string{"name": "Chromium"})
	p.waitFor("/account", "Your passkey is added")
	p.submit(`li.passkey form[action="/account/passkeys/rename"]`, map[string]string{"name": "Headless laptop"})
	p.waitFor("/account", "The passkey is renamed.")
	p.waitFor("/account", "Headless laptop")

	// Signed out, the sign-in page's email field offers the passkey
	// (conditional mediation): the virtual authenticator picks it at once.
	p.click(`header form[action="/sign-out"] button`)
	p.waitFor("/", "You are signed out.")
	p.open("/sign-in")
	var autofill string
	p.eval(`document.querySelector('form[action="/sign-in"] input[name=email]').autocomplete`, &autofill)
	if autofill != "username webauthn" {
		t.Errorf("the email field's autocomplete is %q, want username webauthn", autofill)
	}
	p.waitFor("/account", "You are signed in.")
	if s := p.session(); !strings.Contains(s, `"credential":"passkey"`) {
		t.Fatalf("after the passkey sign-in from the autofill, GET /auth/session = %s", s)
	}

	// Set up an authenticator app: the password now needs a second step,
	// which the passkey passes. The person is away while the password is
	// typed, so that the autofill waits.
	p.submit(`form[action="/account/two-factor/enrol"]`, map[string]string{"name": "Phone"})
	p.waitFor("/account/two-factor/enrol", "Set up your authenticator app")
	var uri string
	p.eval(`document.querySelector('main code').textContent`, &uri)
	key, _, _, err := totp.ParseURI(uri)
	if err != nil {
		t.Fatalf("the setup page's URI %q: %v", uri, err)
	}
	p.submit(`form[action="/account/two-factor/confirm"]`, map[string]string{"code": key.Code(time.Now())})
	p.waitFor("/account/two-factor/confirm", "Save your recovery codes")
	p.click(`header form[action="/sign-out"] button`)
	p.waitFor("/", "You are signed out.")
	p.present(false)
	p.open("/sign-in")
	p.waitFor("/sign-in", "Sign in with a passkey")
	p.submit(`form[action="/sign-in"]`, map[string]string{"email": email, "password": password})
	p.waitFor("/two-factor", "Use a passkey instead")
	p.present(true)
	p.click(`section[data-passkey="second-factor"] button`)
	p.waitFor("/account", "You are signed in.")
	if s := p.session(); !strings.Contains(s, `"credential":"password"`) || !strings.Contains(s, `"method":"passkey"`) {
		t.Fatalf("after the second step with the passkey, GET /auth/session = %s", s)
	}

	// The sign-in page's button signs in with the passkey too.
	p.click(`header form[action="/sign-out"] button`)
	p.waitFor("/", "You are signed out.")
	p.present(false)
	p.open("/sign-in")
	p.waitFor("/sign-in", "Sign in with a passkey")
	p.present(true)
	p.click(`section[data-passkey="sign-in"] button`)
	p.waitFor("/account", "You are signed in.")
	if s := p.session(); !strings.Contains(s, `"credential":"passkey"`) {
		t.Fatalf("after the passkey sign-in from the button, GET /auth/session = %s", s)
	}

	// Remove the passkey from this fresh session.
	p.submit(`li.passkey form[action="/account/passkeys/remove"]`, nil)
	p.waitFor("/account", "The passkey is removed")
	p.waitFor("/account", "No passkey yet.")
	t.Logf("Chromium added a passkey, signed in with it, passed the second step with it and removed it")
}
