package test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/handoff"
)

// TestDesktopToBrowserAndBack: a bearer desktop app hands its session to
// a cookie browser, which hands it back to a new app; each receiver gets
// a session of its own, of credential handoff, as old as the first, and
// the token works once.
func TestDesktopToBrowserAndBack(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		desktop := f.desktop(t)
		f.account(t, desktop, "ada@example.com")
		first := me(t, desktop)
		f.clock.Advance(time.Minute)

		token := start(t, desktop, map[string]string{"returnTo": "/home"})
		browser := f.browser(t)
		res := mustPost(t, browser, "/auth/handoff/redeem", map[string]string{"token": token})
		var got info
		res.Decode(t, &got)
		if res.Header.Get("Auth-Token") != "" || len(res.Header.Values("Set-Cookie")) == 0 {
			t.Errorf("redeem in a browser: Auth-Token %q, Set-Cookie %q, want only the cookie", res.Header.Get("Auth-Token"), res.Header.Values("Set-Cookie"))
		}
		if got.ReturnTo != "http://sesame.test/home" {
			t.Errorf("returnTo = %q, want the resolved /home", got.ReturnTo)
		}
		now := me(t, browser)
		if now.User.ID != first.User.ID || now.Session.ID == first.Session.ID || now.Session.Credential != handoff.Credential ||
			!now.Session.CreatedAt.Equal(first.Session.CreatedAt) || now.Session.ID != got.Session.ID {
			t.Errorf("browser's session = %+v, want a new handoff session of %s created at %v", now, first.User.ID, first.Session.CreatedAt)
		}
		wantError(t, "the token again", f.browser(t).Post("/auth/handoff/redeem", map[string]string{"token": token}),
			http.StatusBadRequest, "invalid_token_or_expired")
		if me(t, desktop).Session.ID != first.Session.ID {
			t.Error("the desktop lost its session")
		}

		// And back: the browser hands to a new app, which asks for a
		// bearer token.
		f.clock.Advance(time.Minute)
		back := start(t, browser, nil)
		app := f.desktop(t)
		res = mustPost(t, app, "/auth/handoff/redeem", map[string]string{"token": back})
		if res.Header.Get("Auth-Token") == "" || len(res.Header.Values("Set-Cookie")) != 0 {
			t.Errorf("redeem in an app: Auth-Token %q, Set-Cookie %q, want only the header", res.Header.Get("Auth-Token"), res.Header.Values("Set-Cookie"))
		}
		if s := me(t, app).Session; !s.CreatedAt.Equal(first.Session.CreatedAt) || s.ID == now.Session.ID {
			t.Errorf("the app's session %+v, want a new one created at %v", s, first.Session.CreatedAt)
		}
		if me(t, browser).Session.ID != now.Session.ID {
			t.Error("the browser lost its session")
		}
	})
}

// TestReceivePage: a browser opening the link an app starts sees a
// button (a GET changes nothing), whose POST signs it in and goes to the
// return address; a cross-site POST is refused.
func TestReceivePage(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		desktop := f.desktop(t)
		f.account(t, desktop, "ada@example.com")
		token := start(t, desktop, map[string]string{"returnTo": "/welcome"})
		srv := httptest.NewServer(f.h)
		t.Cleanup(srv.Close)
		browser := newPageBrowser(t, srv.URL)
		for range 2 {
			if res := browser.do(http.MethodGet, handoff.LinkPath+"?token="+token, ""); res.StatusCode != http.StatusOK || len(res.Cookies()) != 0 {
				t.Fatalf("GET the link = %d %v", res.StatusCode, res.Cookies())
			}
		}
		if browser.me() != "" {
			t.Fatal("opening the link signed the browser in")
		}
		evil := newPageBrowser(t, srv.URL)
		evil.origin = "https://evil.example"
		if res := evil.do(http.MethodPost, handoff.LinkPath, token); res.StatusCode != http.StatusForbidden {
			t.Errorf("cross-site POST = %d, want 403", res.StatusCode)
		}
		res := browser.do(http.MethodPost, handoff.LinkPath, token)
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "http://sesame.test/welcome" {
			t.Errorf("POST the page = %d to %q, want 303 to the return address", res.StatusCode, res.Header.Get("Location"))
		}
		if browser.me() != me(t, desktop).User.ID {
			t.Fatal("the page did not sign the browser in")
		}
		if res := newPageBrowser(t, srv.URL).do(http.MethodPost, handoff.LinkPath, token); res.StatusCode != http.StatusBadRequest {
			t.Errorf("the page's token again = %d, want 400", res.StatusCode)
		}
	})
}

// TestGoCalls: the same journey as Go calls, the handing session named
// by its token, with a code verifier.
func TestGoCalls(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		desktop := f.desktop(t)
		f.account(t, desktop, "ada@example.com")
		ctx := context.Background()
		verifier := handoff.NewVerifier()
		started, err := f.ho.Start(auth.WithSessionToken(ctx, auth.NewSecret(desktop.Token)),
			handoff.StartRequest{CodeChallenge: handoff.Challenge(verifier), CodeChallengeMethod: handoff.MethodS256})
		if err != nil {
			t.Fatal(err)
		}
		if want := f.clock.Now().Add(handoff.DefaultTTL); !started.ExpiresAt.Equal(want) {
			t.Errorf("ExpiresAt = %v, want %v", started.ExpiresAt, want)
		}
		res, err := f.ho.Redeem(ctx, handoff.RedeemRequest{Token: started.Token.Secret(), CodeVerifier: verifier})
		if err != nil {
			t.Fatal(err)
		}
		if res.Token.IsZero() || res.Token.Reveal() == desktop.Token || res.Session.Credential != handoff.Credential {
			t.Errorf("Redeem = %+v, want a new session's token", res)
		}
		info, err := f.a.GetSession(auth.WithSessionToken(ctx, res.Token))
		if err != nil || info.User.ID != res.User.ID || !info.Session.CreatedAt.Equal(me(t, desktop).Session.CreatedAt) {
			t.Errorf("GetSession(new token) = %+v, %v", info, err)
		}
		if _, err := f.ho.Redeem(ctx, handoff.RedeemRequest{Token: started.Token.Secret(), CodeVerifier: verifier}); !errors.Is(err, auth.ErrTokenInvalid) {
			t.Errorf("Redeem again = %v, want %v", err, auth.ErrTokenInvalid)
		}
		if _, err := f.ho.Start(ctx, handoff.StartRequest{}); !errors.Is(err, auth.ErrNoSession) {
			t.Errorf("Start without a session = %v, want %v", err, auth.ErrNoSession)
		}
	})
}

// TestOtherTokensDoNotPass: a token of another purpose (an address's
// verification link) is no handoff token, and a handoff token verifies
// no address.
func TestOtherTokensDoNotPass(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		c := f.browser(t)
		mustPost(t, c, "/auth/password/sign-up", map[string]string{"email": "ada@example.com", "password": pw})
		verify := f.mail.Token(t, "ada@example.com", "verify-email")
		wantError(t, "redeem a verification link", c.Post("/auth/handoff/redeem", map[string]string{"token": verify}),
			http.StatusBadRequest, "invalid_token_or_expired")
		mustPost(t, c, "/auth/email/verify", map[string]string{"token": verify})
		f.signIn(t, c, "ada@example.com")
		token := start(t, c, nil)
		if res := c.Post("/auth/email/verify", map[string]string{"token": token}); res.Status == http.StatusOK {
			t.Error("a handoff token verified an address")
		}
		mustPost(t, f.browser(t), "/auth/handoff/redeem", map[string]string{"token": token})
	})
}

// TestBearerCookieAnswer: the redemption's session goes where the
// receiving request asks: authhttp's cookie for a browser.
func TestBearerCookieAnswer(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		desktop := f.desktop(t)
		f.account(t, desktop, "ada@example.com")
		token := start(t, desktop, nil)
		res := mustPost(t, f.browser(t), "/auth/handoff/redeem", map[string]string{"token": token})
		found := false
		for _, c := range (&http.Response{Header: res.Header}).Cookies() {
			found = found || (c.Name == authhttp.CookieName(f.a) && c.HttpOnly && c.Value != desktop.Token)
		}
		if !found {
			t.Errorf("redeem set cookies %v, want a new HttpOnly session cookie", res.Header.Values("Set-Cookie"))
		}
	})
}
