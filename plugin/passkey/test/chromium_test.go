package test

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdpwebauthn "github.com/chromedp/cdproto/webauthn"
	"github.com/chromedp/chromedp"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/passkey"
)

// TestChromium registers a passkey, signs out and signs in with it in
// headless Chromium, whose virtual authenticator (DevTools WebAuthn
// domain) makes and uses the passkey, from a page on http://localhost,
// a secure context.
func TestChromium(t *testing.T) {
	exe := authtest.Chromium(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	site := "http://localhost:" + strconv.Itoa(port)
	e := authtest.SQLiteEngine(t)
	a, err := auth.New(auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(site+"/auth"),
		auth.WithPlugins(email.New(email.WithSender(&authtest.Mailbox{})), authtest.NewLogin(), passkey.New()))
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile("testdata/page.html")
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/auth/", authhttp.Handler(a))
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(page)
	})
	srv := &http.Server{Handler: mux}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })

	opts := append([]chromedp.ExecAllocatorOption{},
		chromedp.ExecPath(exe), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck, chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.Flag("disable-dev-shm-usage", true))
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	ctx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	defer cancelAlloc()
	ctx, cancelBrowser := chromedp.NewContext(ctx)
	defer cancelBrowser()

	do := func(what string, steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, steps...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	// eval runs a function of the page and awaits its promise.
	eval := func(what, js string, out any) {
		t.Helper()
		raw, err := chromedp.Run(ctx, chromedp.Evaluate[[]byte](js, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if out != nil {
			if err := json.Unmarshal(raw, out); err != nil {
				t.Fatalf("%s answered %s: %v", what, raw, err)
			}
		}
	}
	do("open the page", chromedp.Navigate(site+"/"))
	do("add a virtual authenticator", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, cdpwebauthn.Enable, cdpwebauthn.EnableParams{}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, cdpwebauthn.AddVirtualAuthenticator, cdpwebauthn.AddVirtualAuthenticatorParams{
			Options: &cdpwebauthn.VirtualAuthenticatorOptions{
				Protocol: cdpwebauthn.AuthenticatorProtocolCtap2, Ctap2version: cdpwebauthn.Ctap2versionCtap21,
				Transport: cdpwebauthn.AuthenticatorTransportInternal, HasResidentKey: true, HasUserVerification: true,
				IsUserVerified: true, AutomaticPresenceSimulation: true}})
		return err
	}))

	var userID, again string
	eval("sign in by name", `signInByName("ada")`, &userID)
	var registered passkey.Passkey
	eval("register a passkey", `registerPasskey("Chromium")`, &registered)
	if registered.Name != "Chromium" || registered.ID == "" {
		t.Fatalf("registered %+v", registered)
	}
	eval("sign out", `signOut().then(() => "")`, nil)
	eval("ask who is signed in", `whoAmI()`, &again)
	if again != "" {
		t.Fatalf("signed in as %q after signing out", again)
	}
	var signedIn struct {
		User       string `json:"user"`
		Credential string `json:"credential"`
	}
	eval("sign in with the passkey", `signInWithPasskey()`, &signedIn)
	eval("ask who is signed in", `whoAmI()`, &again)
	if signedIn.User != userID || signedIn.Credential != passkey.Credential || again != userID {
		t.Fatalf("passkey sign-in = %+v, session of %q; want %s by passkey", signedIn, again, userID)
	}
	t.Logf("Chromium registered passkey %s for %s and signed in with it", registered.ID, userID)
}
