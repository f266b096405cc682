package test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/markbates/goth/providers/openidConnect"
	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/oauth"
	gothoauth "github.com/sesame-go/sesame/plugin/oauth/goth"
	"github.com/sesame-go/sesame/plugin/oauth/oauthtest"
)

// fixture is an instance with the email and oauth plugins: "test", the
// plugin's own OpenID Connect client of one in-process provider, and
// "openid-connect", goth's openidConnect client of another.
type fixture struct {
	t       *testing.T
	srv     *httptest.Server
	native  *oauthtest.Provider
	goth    *oauthtest.Provider
	gothCfg *openidConnect.Provider
}

func newFixture(t *testing.T, e *authtest.Engine) *fixture {
	t.Helper()
	f := &fixture{t: t}
	f.native = oauthtest.NewProvider(t, oauthtest.WithRedirectURI(authtest.BaseURL+"/oauth/test/callback"))
	callback := authtest.BaseURL + "/oauth/openid-connect/callback"
	f.goth = oauthtest.NewProvider(t, oauthtest.WithRedirectURI(callback))
	gp, err := openidConnect.New(f.goth.ClientID, f.goth.ClientSecret, callback,
		f.goth.Issuer()+"/.well-known/openid-configuration", "email", "profile")
	if err != nil {
		t.Fatalf("openidConnect.New: %v", err)
	}
	gp.HTTPClient = f.goth.Client()
	f.gothCfg = gp
	oa := oauth.New([]*oauth.Provider{
		oauth.OIDC("test", f.native.Issuer(), f.native.ClientID, auth.NewSecret(f.native.ClientSecret)),
		gothoauth.Provider(gp),
	}, oauth.WithHTTPClient(f.native.Client()))
	a := authtest.NewAuth(t, e, auth.WithPlugins(email.New(email.WithSender(&authtest.Mailbox{})), oa), auth.WithoutRateLimits())
	f.srv = httptest.NewServer(authhttp.Handler(a))
	t.Cleanup(f.srv.Close)
	return f
}

// browser follows redirects and keeps cookies; http://sesame.test, the
// base URL's host, reaches the test server.
type browser struct {
	f *fixture
	c *http.Client
}

func (f *fixture) browser() *browser {
	addr := strings.TrimPrefix(f.srv.URL, "http://")
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.DialContext = func(ctx context.Context, network, a string) (net.Conn, error) {
		if a == "sesame.test:80" {
			a = addr
		}
		return (&net.Dialer{}).DialContext(ctx, network, a)
	}
	jar, err := cookiejar.New(nil)
	if err != nil {
		f.t.Fatal(err)
	}
	return &browser{f: f, c: &http.Client{Transport: tr, Jar: jar}}
}

type answer struct {
	status int
	path   string // of the last request
	body   []byte
}

func (a answer) code() string {
	var e struct {
		Error struct{ Code string } `json:"error"`
	}
	json.Unmarshal(a.body, &e)
	return e.Error.Code
}

func (b *browser) do(method, path string) answer {
	b.f.t.Helper()
	return b.send(method, path, "")
}

// send sends a request with a JSON body, or none when body is empty.
func (b *browser) send(method, path, body string) answer {
	b.f.t.Helper()
	req, err := http.NewRequest(method, "http://sesame.test"+path, strings.NewReader(body))
	if err != nil {
		b.f.t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Origin", "http://sesame.test")
	res, err := b.c.Do(req)
	if err != nil {
		b.f.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	return answer{status: res.StatusCode, path: res.Request.URL.Path, body: data}
}

// signIn runs a whole sign-in with a provider and returns where it ended.
func (b *browser) signIn(provider, returnTo string) answer {
	b.f.t.Helper()
	return b.do(http.MethodGet, "/auth/oauth/"+provider+"/start?returnTo="+returnTo)
}

func (b *browser) user() map[string]any {
	b.f.t.Helper()
	res := b.do(http.MethodGet, "/auth/session")
	if res.status == http.StatusUnauthorized {
		return nil
	}
	var info struct {
		User map[string]any `json:"user"`
	}
	if err := json.Unmarshal(res.body, &info); err != nil || res.status != http.StatusOK {
		b.f.t.Fatalf("GET /auth/session = %d %s", res.status, res.body)
	}
	return info.User
}

func (b *browser) accounts() []oauth.Account {
	b.f.t.Helper()
	res := b.do(http.MethodGet, "/auth/oauth/accounts")
	var out oauth.Accounts
	if err := json.Unmarshal(res.body, &out); err != nil || res.status != http.StatusOK {
		b.f.t.Fatalf("GET /auth/oauth/accounts = %d %s", res.status, res.body)
	}
	return out.Accounts
}

// TestJourney signs in with goth's openidConnect through the plugin's
// routes, then links, unlinks and links it again to an account made with
// the plugin's own client.
func TestJourney(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		f.goth.AddUser(oauthtest.User{Subject: "lin-1", Email: "Lin@Example.com", EmailVerified: true, Name: "Lin", Username: "lin"})
		f.goth.LogInAs("lin-1")
		lin := f.browser()
		if res := lin.signIn("openid-connect", "/welcome"); res.path != "/welcome" {
			t.Fatalf("sign-in ended at %d %s %s, want /welcome", res.status, res.path, res.body)
		}
		u := lin.user()
		if u == nil || u["name"] != "Lin" || u["primaryEmail"] != "lin@example.com" || u["emailVerifiedAt"] == nil {
			t.Fatalf("user after sign-in = %v, want Lin with her verified address", u)
		}
		if a := lin.accounts(); len(a) != 1 || a[0].Provider != "openid-connect" || a[0].Subject != "lin-1" || a[0].Username != "lin" {
			t.Fatalf("accounts = %+v, want openid-connect lin-1", a)
		}
		// PKCE and the nonce went to the provider through goth.
		var sawVerifier bool
		for _, r := range f.goth.Requests() {
			if r.Path == "/token" && r.Form.Get("code_verifier") != "" {
				sawVerifier = true
			}
		}
		if !sawVerifier {
			t.Error("no token request carried a code_verifier")
		}

		// Ada signs in with the plugin's own client, then links goth's.
		f.native.AddUser(oauthtest.User{Subject: "ada-1", Email: "ada@example.com", EmailVerified: true, Name: "Ada"})
		f.native.LogInAs("ada-1")
		f.goth.AddUser(oauthtest.User{Subject: "ada-g", Email: "ada@elsewhere.example", EmailVerified: true})
		f.goth.LogInAs("ada-g")
		ada := f.browser()
		if res := ada.signIn("test", "/"); res.path != "/" {
			t.Fatalf("native sign-in ended at %d %s %s", res.status, res.path, res.body)
		}
		id := ada.user()["id"]
		for i := range 2 {
			if res := ada.send(http.MethodPost, "/auth/oauth/openid-connect/link", `{"returnTo":"/settings"}`); res.path != "/settings" {
				t.Fatalf("link %d ended at %d %s %s, want /settings", i, res.status, res.path, res.body)
			}
			if a := ada.accounts(); len(a) != 2 || a[1].Provider != "openid-connect" || a[1].Subject != "ada-g" {
				t.Fatalf("accounts after link %d = %+v, want test and openid-connect ada-g", i, a)
			}
			if got := ada.user()["id"]; got != id {
				t.Fatalf("user after link = %v, want Ada %v", got, id)
			}
			if res := ada.do(http.MethodPost, "/auth/oauth/openid-connect/unlink"); res.status != http.StatusOK {
				t.Fatalf("unlink = %d %s", res.status, res.body)
			}
			if a := ada.accounts(); len(a) != 1 {
				t.Fatalf("accounts after unlink = %+v, want test only", a)
			}
		}
	})
}

// TestVerifiedEmail: goth's address is kept on a new account, verified,
// only when the provider says it verified it; and an address that names a
// person is refused whatever the provider says, since sign-in never links.
func TestVerifiedEmail(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		f.native.AddUser(oauthtest.User{Subject: "ada-1", Email: "ada@example.com", EmailVerified: true, Name: "Ada"})
		f.native.LogInAs("ada-1")
		f.browser().signIn("test", "/")

		for _, verified := range []bool{false, true} {
			f.goth.AddUser(oauthtest.User{Subject: fmt.Sprint("eve-", verified), Email: "ada@example.com", EmailVerified: verified})
			f.goth.LogInAs(fmt.Sprint("eve-", verified))
			eve := f.browser()
			if res := eve.signIn("openid-connect", "/"); res.status != http.StatusConflict || res.code() != "account_exists" {
				t.Fatalf("Ada's address, verified %v = %d %s, want 409 account_exists", verified, res.status, res.body)
			}
			if u := eve.user(); u != nil {
				t.Fatalf("signed in as %v after a refused sign-in", u)
			}
		}

		f.goth.AddUser(oauthtest.User{Subject: "lin-g", Email: "lin@example.com", EmailVerified: false})
		f.goth.LogInAs("lin-g")
		lin := f.browser()
		lin.signIn("openid-connect", "/")
		if u := lin.user(); u == nil || u["primaryEmail"] != nil {
			t.Fatalf("unverified address: user %v, want an account without it", u)
		}
		f.goth.AddUser(oauthtest.User{Subject: "grace-g", Email: "grace@example.com", EmailVerified: true})
		f.goth.LogInAs("grace-g")
		grace := f.browser()
		grace.signIn("openid-connect", "/")
		if u := grace.user(); u == nil || u["primaryEmail"] != "grace@example.com" || u["emailVerifiedAt"] == nil {
			t.Fatalf("verified address: user %v, want grace@example.com, verified", u)
		}
	})
}
