package test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/chromedp/cdproto/emulation"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/authui"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
)

var npm struct {
	once sync.Once
	axe  string
	err  error
}

// axeSource installs npm/'s locked packages once per test process, unless
// they are installed, and returns axe-core's script.
func axeSource(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("npm"); err != nil {
		t.Fatalf("npm is required to install axe-core (Node.js 20 or later): %v", err)
	}
	npm.once.Do(func() {
		lock, err1 := os.Stat("npm/package-lock.json")
		installed, err2 := os.Stat("npm/node_modules/.package-lock.json")
		if err1 != nil || err2 != nil || installed.ModTime().Before(lock.ModTime()) {
			cmd := exec.Command("npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund")
			cmd.Dir = "npm"
			if out, err := cmd.CombinedOutput(); err != nil {
				npm.err = fmt.Errorf("npm ci in npm/: %v\n%s", err, out)
				return
			}
		}
		b, err := os.ReadFile("npm/node_modules/axe-core/axe.min.js")
		npm.axe, npm.err = string(b), err
	})
	if npm.err != nil {
		t.Fatal(npm.err)
	}
	return npm.axe
}

// tab drives one headless Chromium tab through the pages.
type tab struct {
	t       *testing.T
	ctx     context.Context
	s       *site
	scripts bool
	axe     string
	shots   string
	checked []string
}

func newTab(t *testing.T, exe string, s *site, scripts bool, axe string) *tab {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck, chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1280, 900),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.Flag("disable-dev-shm-usage", true),
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	t.Cleanup(cancel)
	ctx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(cancelAlloc)
	ctx, cancelBrowser := chromedp.NewContext(ctx)
	t.Cleanup(cancelBrowser)
	mode := map[bool]string{true: "js-on", false: "js-off"}[scripts]
	shots := filepath.Join("artifacts", mode)
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	tb := &tab{t: t, ctx: ctx, s: s, scripts: scripts, axe: axe, shots: shots}
	tb.do("start", chromedp.Navigate("about:blank"))
	if _, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: !scripts}); err != nil {
		t.Fatal(err)
	}
	// Prove the switch: a page's own script runs only with scripts on.
	var title string
	tb.do("a page with a script", chromedp.Navigate(`data:text/html,<title>off</title><script>document.title="on"</script>`))
	tb.eval(`document.title`, &title)
	if want := map[bool]string{true: "on", false: "off"}[scripts]; title != want {
		t.Fatalf("with scripts %s a page's script left the title %q", want, title)
	}
	// axe-core goes in through DevTools, past the pages' policy, which
	// allows no script.
	if _, err := chromedp.Call(ctx, cdppage.SetBypassCSP, cdppage.SetBypassCSPParams{Enabled: true}); err != nil {
		t.Fatal(err)
	}
	return tb
}

func (tb *tab) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	if err := chromedp.Do(tb.ctx, steps...); err != nil {
		tb.t.Fatalf("%s: %v", what, err)
	}
}

// open navigates to a page of the site and waits for it.
func (tb *tab) open(path, page string) {
	tb.t.Helper()
	tb.do("open "+path, chromedp.Navigate(tb.s.base+path), chromedp.WaitVisible(chromedp.CSS(`main[data-page="`+page+`"]`)))
}

// fill types into the fields of the page, by id.
func (tb *tab) fill(fields ...string) {
	tb.t.Helper()
	for i := 0; i+1 < len(fields); i += 2 {
		tb.do("fill "+fields[i], chromedp.Clear(chromedp.ID(fields[i])), chromedp.SendKeys(chromedp.ID(fields[i]), fields[i+1]))
	}
}

// press clicks a button and waits for what the next page shows.
func (tb *tab) press(button, then string) {
	tb.t.Helper()
	tb.do("press "+button, chromedp.Click(chromedp.CSS(button)), chromedp.WaitVisible(chromedp.CSS(then)))
	tb.s.idle()
}

// eval evaluates an expression as DevTools does, which works with the
// page's scripts off too.
func (tb *tab) eval(js string, out any) {
	tb.t.Helper()
	raw, err := chromedp.Run(tb.ctx, chromedp.EvaluateAsDevTools[[]byte](js, chromedp.EvalAwaitPromise))
	if err != nil {
		tb.t.Fatalf("%s: %v", js, err)
	}
	if err := json.Unmarshal(raw, out); err != nil {
		tb.t.Fatalf("%s answered %s: %v", js, raw, err)
	}
}

// shot saves a screenshot of the whole page under artifacts/.
func (tb *tab) shot(name string) {
	tb.t.Helper()
	png, err := chromedp.Run(tb.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		tb.t.Fatalf("screenshot %s: %v", name, err)
	}
	if err := os.WriteFile(filepath.Join(tb.shots, name+".png"), png, 0o644); err != nil {
		tb.t.Fatal(err)
	}
}

// violation is one of axe-core's findings.
type violation struct {
	ID     string   `json:"id"`
	Impact string   `json:"impact"`
	Help   string   `json:"help"`
	Nodes  []string `json:"nodes"`
}

// check screenshots the page and has axe-core check it: no serious or
// critical violation. axe runs with the page's scripts on; with them off
// the pages are the same, having none.
func (tb *tab) check(name string) {
	tb.t.Helper()
	tb.shot(name)
	tb.checked = append(tb.checked, name)
	if !tb.scripts {
		return
	}
	for _, v := range tb.violations() {
		tb.t.Errorf("%s: axe: %s (%s): %s at %v", name, v.ID, v.Impact, v.Help, v.Nodes)
	}
}

// violations loads axe-core into the page and returns its serious and
// critical findings.
func (tb *tab) violations() []violation {
	tb.t.Helper()
	var loaded bool
	tb.eval(`(function(){ if (typeof axe === "undefined") { `+tb.axe+`
 } return typeof axe !== "undefined" })()`, &loaded)
	if !loaded {
		tb.t.Fatal("axe-core did not load")
	}
	var found []violation
	tb.eval(`axe.run(document, {resultTypes: ["violations"]}).then(r => r.violations
		.filter(v => v.impact === "serious" || v.impact === "critical")
		.map(v => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map(n => n.target.join(" "))})))`, &found)
	return found
}

// focused returns the id of the element that has the focus.
func (tb *tab) focused() string {
	tb.t.Helper()
	var id string
	tb.eval(`document.activeElement ? document.activeElement.id : ""`, &id)
	return id
}

// TestBrowser walks every page of the slice in headless Chromium, with
// the page's scripts on and off: sign up (an error first), verify from
// the emailed link, sign in, change the name and the password (an error first), in
// dark mode and on a phone's screen, sign out, forget and reset the
// password, sign in again. Each page is screenshotted into
// artifacts/js-on and artifacts/js-off and checked by axe-core.
func TestBrowser(t *testing.T) {
	exe := authtest.Chromium(t)
	axe := axeSource(t)
	for _, scripts := range []bool{true, false} {
		t.Run(map[bool]string{true: "scripts on", false: "scripts off"}[scripts], func(t *testing.T) {
			s := newSite(t, authtest.SQLiteEngine(t), nil, nil)
			tb := newTab(t, exe, s, scripts, axe)
			walk(t, tb)
		})
	}
}

func walk(t *testing.T, tb *tab) {
	s := tb.s
	tb.open("/sign-up", "sign-up")
	tb.check("sign-up")
	tb.fill("name", "Ada Lovelace", "email", "ada@example.com", "password", "short")
	tb.press(`main button[type="submit"]`, "#password-error")
	tb.check("sign-up-error")
	if got := tb.focused(); got != "password" {
		t.Errorf("after the error the focus is on %q, want the password field", got)
	}
	tb.fill("password", "correct horse battery")
	tb.press(`main button[type="submit"]`, `main[data-page="sign-in"] .notice`)
	tb.check("sign-in-after-sign-up")

	link := s.link(t, "ada@example.com", email.PurposeVerify)
	tb.open(link, "verify")
	tb.check("verify")
	tb.press(`main button[type="submit"]`, `main[data-page="sign-in"] .notice`)

	tb.fill("email", "ada@example.com", "password", "wrong password here")
	tb.press(`main form[action="/sign-in"] button`, "#password-error")
	tb.check("sign-in-error")
	tb.fill("password", "correct horse battery")
	tb.press(`main form[action="/sign-in"] button`, `main[data-page="account"]`)
	tb.check("account")
	tb.fill("name", "Ada King")
	tb.press(`main form[action="/account/profile"] button`, `main[data-page="account"] .notice`)
	var name string
	tb.eval(`document.getElementById("name").value`, &name)
	if name != "Ada King" {
		t.Errorf("the saved name shows as %q", name)
	}

	tb.fill("currentPassword", "not the password", "newPassword", "another good password")
	tb.press(`main form[action="/account/password"] button`, "#currentPassword-error")
	tb.check("account-error")
	if got := tb.focused(); got != "currentPassword" {
		t.Errorf("after the error the focus is on %q, want the current password field", got)
	}
	tb.fill("currentPassword", "correct horse battery", "newPassword", "another good password")
	tb.press(`main form[action="/account/password"] button`, `main[data-page="account"] .notice`)

	if _, err := chromedp.Call(tb.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}}); err != nil {
		t.Fatal(err)
	}
	tb.check("account-dark")
	tb.open("/sign-in", "sign-in")
	tb.check("sign-in-dark")
	if _, err := chromedp.Call(tb.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{}); err != nil {
		t.Fatal(err)
	}
	tb.do("phone screen", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
	tb.open("/account", "account")
	tb.check("account-phone")
	tb.do("desktop screen", chromedp.ResetViewport())

	tb.press(`header form button`, `main[data-page="sign-out"] .notice`)
	tb.check("signed-out")

	tb.open("/forgot-password", "forgot")
	tb.check("forgot")
	tb.fill("email", "ada@example.com")
	tb.press(`main button[type="submit"]`, `main[data-page="forgot"] .notice`)
	tb.open(s.link(t, "ada@example.com", password.PurposeReset), "reset")
	tb.check("reset")
	tb.fill("password", "a third good password")
	tb.press(`main button[type="submit"]`, `main[data-page="sign-in"] .notice`)
	tb.fill("email", "ada@example.com", "password", "a third good password")
	tb.press(`main form[action="/sign-in"] button`, `main[data-page="account"]`)
	var sessions int
	tb.eval(`document.querySelectorAll(".sessions li").length`, &sessions)
	if sessions != 1 {
		t.Errorf("the account page lists %d sessions after the reset, want this one", sessions)
	}
	t.Logf("checked %d pages: %v", len(tb.checked), tb.checked)
}

// TestAxeFindsViolations proves the accessibility check can fail: a
// replaced page with an unlabelled field and a button without text gives
// axe-core serious or critical violations.
func TestAxeFindsViolations(t *testing.T) {
	exe := authtest.Chromium(t)
	axe := axeSource(t)
	s := newSite(t, authtest.SQLiteEngine(t), nil, nil, authui.Templates(fstest.MapFS{
		"templates/forgot.html": {Data: []byte(`{{define "content"}}<form><input id="x" type="text"><button type="submit"></button></form>{{end}}`)}}))
	tb := newTab(t, exe, s, true, axe)
	tb.open("/forgot-password", "forgot")
	found := tb.violations()
	ids := []string{}
	for _, v := range found {
		ids = append(ids, v.ID)
	}
	if !slices.Contains(ids, "label") || !slices.Contains(ids, "button-name") {
		t.Fatalf("axe found %v on a page with an unlabelled field and an empty button, want label and button-name", ids)
	}
}
