package oauthtests

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/oauth"
	"github.com/sesame-go/sesame/plugin/oauth/oauthtest"
)

// stubFlow is an [oauth.Flow] whose provider answers at once: its
// authorization URL is the callback with a code, and its exchange checks
// the PKCE verifier, nonce, state and redirect URI the plugin hands it.
type stubFlow struct {
	now func() time.Time

	mu       sync.Mutex
	user     oauth.UserInfo
	issued   map[string]oauth.AuthRequest
	failAuth error
	n        int
}

func (s *stubFlow) setUser(u oauth.UserInfo) { s.mu.Lock(); s.user = u; s.mu.Unlock() }

func (s *stubFlow) AuthURL(_ context.Context, r oauth.AuthRequest) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.failAuth != nil {
		return "", s.failAuth
	}
	s.n++
	code := "code-" + strconv.Itoa(s.n)
	s.issued[code] = r
	return r.RedirectURI + "?" + url.Values{"code": {code}, "state": {r.State}}.Encode(), nil
}

func (s *stubFlow) Exchange(_ context.Context, r oauth.ExchangeRequest) (oauth.Token, oauth.UserInfo, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	req, ok := s.issued[r.Code.Reveal()]
	delete(s.issued, r.Code.Reveal())
	sum := sha256.Sum256([]byte(r.CodeVerifier.Reveal()))
	switch {
	case !ok:
		return oauth.Token{}, oauth.UserInfo{}, errors.New("stub: unknown code")
	case base64.RawURLEncoding.EncodeToString(sum[:]) != req.CodeChallenge: // RFC 7636 §4.6
		return oauth.Token{}, oauth.UserInfo{}, errors.New("stub: the verifier does not match the challenge")
	case r.Nonce == "" || r.Nonce != req.Nonce, r.RedirectURI != req.RedirectURI, r.Params.Get("state") != req.State:
		return oauth.Token{}, oauth.UserInfo{}, errors.New("stub: nonce, redirect URI or state differ")
	}
	s.n++
	return oauth.Token{AccessToken: auth.NewSecret("access-" + strconv.Itoa(s.n)), RefreshToken: auth.NewSecret("refresh"), Expiry: s.now().Add(time.Hour)}, s.user, nil
}

func (s *stubFlow) Refresh(_ context.Context, refresh string) (oauth.Token, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if refresh != "refresh" {
		return oauth.Token{}, errors.New("stub: unknown refresh token")
	}
	s.n++
	return oauth.Token{AccessToken: auth.NewSecret("refreshed-" + strconv.Itoa(s.n)), Expiry: s.now().Add(time.Hour)}, nil
}

// newCustomFixture is newFixture's instance with a third provider,
// "stub", made by oauth.Custom, and token keys.
func newCustomFixture(t *testing.T, e *authtest.Engine, clock *authtest.Clock) (*fixture, *stubFlow) {
	t.Helper()
	f := &fixture{mail: &authtest.Mailbox{}}
	f.oidc = oauthtest.NewProvider(t, oauthtest.WithRedirectURI(callbackOf("test")))
	f.github = oauthtest.NewProvider(t, oauthtest.WithPlainOAuth(), oauthtest.WithRedirectURI(callbackOf("github")))
	stub := &stubFlow{now: clock.Now, issued: map[string]oauth.AuthRequest{}}
	key := make([]byte, 32)
	f.oa = oauth.New([]*oauth.Provider{
		oauth.OIDC("test", f.oidc.Issuer(), f.oidc.ClientID, auth.NewSecret(f.oidc.ClientSecret)),
		oauth.Custom("stub", stub),
	}, oauth.WithHTTPClient(f.oidc.Client()), oauth.WithTokenKeys(key))
	f.a = authtest.NewAuth(t, e, auth.WithPlugins(email.New(email.WithSender(f.mail)), f.oa), auth.WithoutRateLimits(),
		auth.WithClock(clock.Now))
	f.srv = httptest.NewServer(authhttp.Handler(f.a))
	t.Cleanup(f.srv.Close)
	return f, stub
}

// startCustom starts a sign-in with the stub and returns the callback
// URL its authorization URL is.
func (b *browser) startCustom() string {
	b.t.Helper()
	res := b.get("/auth/oauth/stub/start")
	if res.status != http.StatusFound {
		b.t.Fatalf("GET stub start = %d %s, want 302", res.status, res.body)
	}
	return res.location
}

// TestCustom runs a Custom provider through the plugin's routes: sign-in,
// the verified-email rule, link, unlink and a refreshed access token.
func TestCustom(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		clock := authtest.NewClock(time.Now())
		f, stub := newCustomFixture(t, e, clock)
		ctx := context.Background()

		// A new person, with the address the flow says is verified.
		stub.setUser(oauth.UserInfo{Subject: "s-1", Email: "Lin@Example.com", EmailVerified: true, Name: "Lin"})
		b := f.browser(t)
		b.signInAt(b.startCustom(), "/")
		u := b.user()
		if u == nil || u["name"] != "Lin" || u["primaryEmail"] != "lin@example.com" || u["emailVerifiedAt"] == nil {
			t.Fatalf("user after sign-in = %v, want Lin with her verified address", u)
		}
		if accts := b.accounts(); len(accts) != 1 || accts[0].Provider != "stub" || accts[0].Subject != "s-1" {
			t.Fatalf("accounts = %+v, want stub s-1", accts)
		}

		// The state is the plugin's: a callback in another browser fails.
		callback := b.startCustom()
		if res := f.browser(t).get(callback); res.status != http.StatusBadRequest || res.code() != "invalid_state" {
			t.Fatalf("callback in another browser = %d %s, want 400 invalid_state", res.status, res.body)
		}

		// Ada holds a verified address through OpenID Connect.
		f.oidc.AddUser(oauthtest.User{Subject: "ada-1", Email: "ada@example.com", EmailVerified: true, Name: "Ada"})
		f.oidc.LogInAs("ada-1")
		ada := f.browser(t)
		ada.signIn("test", "/")
		adaID := ada.user()["id"]

		// An unverified address never joins her account.
		stub.setUser(oauth.UserInfo{Subject: "s-2", Email: "ada@example.com", EmailVerified: false})
		eve := f.browser(t)
		if res := eve.get(eve.startCustom()); res.status != http.StatusConflict || res.code() != "account_exists" {
			t.Fatalf("unverified address = %d %s, want 409 account_exists", res.status, res.body)
		}
		if n := count(t, e, "auth_user"); n != 2 {
			t.Fatalf("%d users, want Lin and Ada", n)
		}
		// Nor does a verified one: sign-in never links. Ada links it from
		// her own fresh session.
		stub.setUser(oauth.UserInfo{Subject: "s-2", Email: "ada@example.com", EmailVerified: true})
		mallory := f.browser(t)
		if res := mallory.get(mallory.startCustom()); res.status != http.StatusConflict || res.code() != "account_exists" {
			t.Fatalf("verified address = %d %s, want 409 account_exists", res.status, res.body)
		}
		res := ada.post("/auth/oauth/stub/link", nil)
		ada.signInAt(res.location, "/")
		if accts := ada.accounts(); len(accts) != 2 {
			t.Fatalf("accounts after link = %+v, want test and stub", accts)
		}

		// Unlink and link again.
		if res := ada.post("/auth/oauth/stub/unlink", nil); res.status != http.StatusOK {
			t.Fatalf("unlink = %d %s", res.status, res.body)
		}
		res = ada.post("/auth/oauth/stub/link", map[string]string{"returnTo": "/settings"})
		if res.status != http.StatusSeeOther {
			t.Fatalf("POST link = %d %s, want 303", res.status, res.body)
		}
		ada.signInAt(res.location, "http://sesame.test/settings")
		if accts := ada.accounts(); len(accts) != 2 || accts[1].Provider != "stub" || accts[1].Subject != "s-2" {
			t.Fatalf("accounts after link = %+v, want test and stub s-2", accts)
		}

		// The stored token, refreshed by the flow's Refresher.
		uid := adaID.(string)
		first, err := f.oa.AccessToken(ctx, uid, "stub")
		if err != nil || first.IsZero() {
			t.Fatalf("AccessToken = %v, want a token", err)
		}
		clock.Advance(59*time.Minute + 30*time.Second)
		second, err := f.oa.AccessToken(ctx, uid, "stub")
		if err != nil || second.Reveal() == first.Reveal() {
			t.Fatalf("AccessToken near expiry = %q, %v, want a refreshed token", second.Reveal(), err)
		}

		// A flow that cannot start is the provider's failure.
		stub.mu.Lock()
		stub.failAuth = errors.New("stub: down")
		stub.mu.Unlock()
		if res := f.browser(t).get("/auth/oauth/stub/start"); res.status != http.StatusBadGateway || res.code() != "provider_error" {
			t.Fatalf("start with a failing flow = %d %s, want 502 provider_error", res.status, res.body)
		}
	})
}
