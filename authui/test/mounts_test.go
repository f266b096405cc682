package test

import (
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/gofiber/fiber/v2"
	"github.com/labstack/echo/v4"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/echoauth"
	"github.com/sesame-go/sesame/fiberauth"
	"github.com/sesame-go/sesame/ginauth"
)

// The pages on each framework, mounted as a host would: the adapter's
// Middleware in front (which the pages then use as it is), the JSON
// routes by the adapter's Mount under /auth, and the pages as the
// framework's fallback for every other path.

func ginMount(a *auth.Auth, pages http.Handler) http.Handler {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(ginauth.Middleware(a))
	ginauth.Mount(r, a, "/auth")
	r.NoRoute(gin.WrapH(pages))
	return r
}

func echoMount(a *auth.Auth, pages http.Handler) http.Handler {
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.Use(echoauth.Middleware(a))
	echoauth.Mount(e, a, "/auth")
	e.Any("/*", echo.WrapHandler(pages))
	return e
}

// fiberServe serves the pages on fiber's own server (fasthttp), not
// through net/http: idle waits for fiber's handlers, the adapter's
// Middleware included, to return.
func fiberServe(t testing.TB, ln net.Listener, a *auth.Auth, pages http.Handler) (idle func()) {
	var running sync.WaitGroup
	app := fiber.New(fiber.Config{DisableStartupMessage: true, ErrorHandler: fiberauth.ErrorHandler(a)})
	app.Use(func(c *fiber.Ctx) error {
		running.Add(1)
		defer running.Done()
		return c.Next()
	})
	app.Use(fiberauth.Middleware(a))
	fiberauth.Mount(app, a, "/auth")
	app.Use(fiberauth.WrapHandler(pages))
	go app.Listener(ln)
	t.Cleanup(func() { _ = app.Shutdown() })
	return running.Wait
}

// frameworks are the mounts the journeys run on.
var frameworks = []struct {
	name  string
	mount mount
	serve serve
}{
	{"net/http", nil, nil},
	{"gin", ginMount, nil},
	{"echo", echoMount, nil},
	{"fiber", nil, fiberServe},
}

// TestMounts walks the journey of signing up, verifying, signing in
// (a wrong password first) and out on each framework's mount, on every
// engine: the pages see the adapter's session, their cookies and
// redirects pass through the framework untouched, and the pages' headers
// stay.
func TestMounts(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		for _, fw := range frameworks {
			t.Run(fw.name, func(t *testing.T) {
				s := newSiteServed(t, e, e.DB, nil, nil, fw.mount, fw.serve)
				b := s.browser(t)
				addr := strings.ReplaceAll(fw.name, "/", "-") + "@example.com" // one database for the four
				s.signedUp(t, b, addr, "correct horse battery")
				wrong := b.signIn(addr, "not the password")
				want(t, fw.name+" wrong password", wrong, `id="password-error"`)
				next := b.signIn(addr, "correct horse battery")
				want(t, fw.name+" signed in", next, "Your account", addr)
				if csp := next.Header.Get("Content-Security-Policy"); csp == "" || next.Header.Get("Cache-Control") != "no-store" {
					t.Fatalf("%s: the account page's headers = %v", fw.name, next.Header)
				}
				if !b.signedIn() {
					t.Fatalf("%s: not signed in after the sign-in", fw.name)
				}
				_, out := b.submit("/account", "/sign-out", nil)
				want(t, fw.name+" signed out", out, "You are signed out.")
				if b.signedIn() {
					t.Fatalf("%s: still signed in after signing out", fw.name)
				}
			})
		}
	})
}

// TestBrowserMounts signs in and out in headless Chromium, scripts off,
// on the gin, echo and fiber mounts (net/http's is TestBrowser's): the
// sign-in page, a wrong password, the account page and the sign-out,
// each screenshotted under artifacts/js-off/<framework>-... and checked
// by axe-core.
func TestBrowserMounts(t *testing.T) {
	exe := authtest.Chromium(t)
	axe := axeSource(t)
	for _, fw := range frameworks[1:] {
		t.Run(fw.name, func(t *testing.T) {
			e := authtest.SQLiteEngine(t)
			s := newSiteServed(t, e, e.DB, nil, nil, fw.mount, fw.serve)
			s.signedUp(t, s.browser(t), "ada@example.com", "correct horse battery")
			tb := newTab(t, exe, s, false, axe)
			tb.open("/sign-in", "sign-in")
			tb.check(fw.name + "-sign-in")
			tb.fill("email", "ada@example.com", "password", "not the password")
			tb.press(`main form[action="/sign-in"] button`, "#password-error")
			tb.check(fw.name + "-sign-in-error")
			tb.fill("password", "correct horse battery")
			tb.press(`main form[action="/sign-in"] button`, `main[data-page="account"]`)
			tb.check(fw.name + "-account")
			tb.press(`header form button`, `main[data-page="sign-out"] .notice`)
			tb.check(fw.name + "-signed-out")
			tb.open("/account", "sign-in") // signed out: the account page sends the browser to sign in
		})
	}
}

// TestSecurityMounts walks the security page on each framework's mount,
// on every engine: an authenticator app set up with its key and
// recovery codes shown once, a passkey added through its options route
// (JSON through the framework) and used to sign in, then removed.
func TestSecurityMounts(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		for _, fw := range frameworks {
			t.Run(fw.name, func(t *testing.T) {
				addr := "security-" + strings.ReplaceAll(fw.name, "/", "-") + "@example.com" // one database for the four
				s, _, b := passkeySiteServed(t, e, addr, fw.mount, fw.serve)
				key, p := b.setUpApp("Phone")
				form := hiddenFields(t, p.Body, securityPage+"/totp/confirm")
				form.Set("code", key.Code(s.clock.Now()))
				p = b.open(b.postRaw(s.base, securityPage+"/totp/confirm", form).Location)
				if len(shownCodes(p)) != 10 || len(shownCodes(b.get(securityPage))) != 0 {
					t.Fatalf("%s: the recovery codes are not shown exactly once:\n%s", fw.name, p.Body)
				}
				a := newAuthenticator(s)
				ids := passkeyIDs(t, b.addPasskey(a, "Laptop").Body)
				if len(ids) != 1 {
					t.Fatalf("%s: passkeys %v after adding one", fw.name, ids)
				}
				b.submit(securityPage, "/sign-out", nil)
				vals := b.ceremony("/sign-in", "/sign-in/passkey", a.get(t, 0))
				if b.postRaw(s.base, "/sign-in/passkey", vals); !b.signedIn() {
					t.Fatalf("%s: the passkey did not sign in", fw.name)
				}
				_, p = b.submit(securityPage, securityPage+"/passkeys/remove", url.Values{"id": {ids[0]}})
				want(t, fw.name+" removed", p, "The passkey is removed")
			})
		}
	})
}
