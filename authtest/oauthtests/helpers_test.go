package oauthtests

import (
	"context"
	"encoding/json"
	"html"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/oauth"
	"github.com/sesame-go/sesame/plugin/oauth/oauthtest"
)

// callbackOf is the redirect URI the plugin registers for a provider.
func callbackOf(name string) string { return authtest.BaseURL + "/oauth/" + name + "/callback" }

// fixture is an instance with the email and oauth plugins, an OpenID
// Connect provider "test" and a GitHub-like provider "github".
type fixture struct {
	a      *auth.Auth
	oa     *oauth.Plugin
	oidc   *oauthtest.Provider
	github *oauthtest.Provider
	srv    *httptest.Server
	mail   *authtest.Mailbox
}

type setup struct {
	oauthOpts []oauth.Option
	authOpts  []auth.Option
	noEmail   bool
	provider  []oauthtest.Option
	extra     []auth.Plugin
	// providers are further providers, after "test" and "github".
	providers []*oauth.Provider
}

func newFixture(t *testing.T, e *authtest.Engine, s setup) *fixture {
	t.Helper()
	f := &fixture{mail: &authtest.Mailbox{}}
	f.oidc = oauthtest.NewProvider(t, append([]oauthtest.Option{oauthtest.WithRedirectURI(callbackOf("test"))}, s.provider...)...)
	f.github = oauthtest.NewProvider(t, oauthtest.WithPlainOAuth(), oauthtest.WithRedirectURI(callbackOf("github")))
	gh := f.github.Endpoints()
	providers := []*oauth.Provider{
		oauth.OIDC("test", f.oidc.Issuer(), f.oidc.ClientID, auth.NewSecret(f.oidc.ClientSecret)),
		oauth.GitHub(f.github.ClientID, auth.NewSecret(f.github.ClientSecret),
			oauth.WithEndpoints(oauth.Endpoints{Authorization: gh.Authorization, Token: gh.Token, UserInfo: gh.User})),
	}
	providers = append(providers, s.providers...)
	f.oa = oauth.New(providers, append([]oauth.Option{oauth.WithHTTPClient(f.oidc.Client())}, s.oauthOpts...)...)
	plugins := append([]auth.Plugin{f.oa}, s.extra...)
	if !s.noEmail {
		plugins = append([]auth.Plugin{email.New(email.WithSender(f.mail))}, plugins...)
	}
	f.a = authtest.NewAuth(t, e, append([]auth.Option{auth.WithPlugins(plugins...), auth.WithoutRateLimits()}, s.authOpts...)...)
	f.srv = httptest.NewServer(authhttp.Handler(f.a))
	t.Cleanup(f.srv.Close)
	return f
}

// browser is a client that keeps cookies and does not follow redirects,
// so that each hop of a flow can be checked.
type browser struct {
	t    *testing.T
	f    *fixture
	http *http.Client
}

func (f *fixture) browser(t *testing.T) *browser {
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &browser{t: t, f: f, http: &http.Client{Jar: jar,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

type answer struct {
	status   int
	location string
	body     []byte
	header   http.Header
}

func (a answer) code() string {
	var e struct {
		Error struct{ Code string } `json:"error"`
	}
	json.Unmarshal(a.body, &e)
	return e.Error.Code
}

// local turns a URL of the base URL's host into one of the test server.
func (b *browser) local(u string) string {
	if strings.HasPrefix(u, "http://sesame.test") {
		return b.f.srv.URL + strings.TrimPrefix(u, "http://sesame.test")
	}
	if strings.HasPrefix(u, "/") {
		return b.f.srv.URL + u
	}
	return u
}

func (b *browser) do(method, u string, body io.Reader, contentType string) answer {
	b.t.Helper()
	req, err := http.NewRequest(method, b.local(u), body)
	if err != nil {
		b.t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if method == http.MethodPost && !strings.HasPrefix(u, b.f.oidc.Issuer()) && !strings.HasPrefix(u, b.f.github.Issuer()) {
		req.Header.Set("Origin", "http://sesame.test")
	}
	res, err := b.http.Do(req)
	if err != nil {
		b.t.Fatalf("%s %s: %v", method, u, err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	return answer{status: res.StatusCode, location: res.Header.Get("Location"), body: data, header: res.Header}
}

func (b *browser) get(u string) answer { b.t.Helper(); return b.do(http.MethodGet, u, nil, "") }

func (b *browser) post(u string, body any) answer {
	b.t.Helper()
	data, _ := json.Marshal(body)
	return b.do(http.MethodPost, u, strings.NewReader(string(data)), "application/json")
}

// authorize visits the provider's authorization URL, which answers at
// once with a redirect to the callback, and returns that callback URL.
func (b *browser) authorize(authURL string) string {
	b.t.Helper()
	res := b.get(authURL)
	if res.status != http.StatusFound || !strings.HasPrefix(res.location, "http://sesame.test/auth/oauth/") {
		b.t.Fatalf("GET %s = %d %q %s, want a redirect to the callback", authURL, res.status, res.location, res.body)
	}
	return res.location
}

// start begins a sign-in and returns the callback URL the provider sent
// the browser to.
func (b *browser) start(provider, returnTo string) string {
	b.t.Helper()
	u := "/auth/oauth/" + provider + "/start"
	if returnTo != "" {
		u += "?returnTo=" + url.QueryEscape(returnTo)
	}
	res := b.get(u)
	if res.status != http.StatusFound {
		b.t.Fatalf("GET %s = %d %s, want 302", u, res.status, res.body)
	}
	return b.authorize(res.location)
}

// signIn runs a whole sign-in and fails the test unless it lands on want.
func (b *browser) signIn(provider, want string) {
	b.t.Helper()
	res := b.get(b.start(provider, ""))
	if res.status != http.StatusFound || res.location != want {
		b.t.Fatalf("callback = %d %q %s, want a redirect to %q", res.status, res.location, res.body, want)
	}
}

// user returns the signed-in user's JSON, or nil when signed out.
func (b *browser) user() map[string]any {
	b.t.Helper()
	res := b.get("/auth/session")
	if res.status == http.StatusUnauthorized {
		return nil
	}
	var info struct {
		User map[string]any `json:"user"`
	}
	if err := json.Unmarshal(res.body, &info); err != nil || res.status != http.StatusOK {
		b.t.Fatalf("GET /auth/session = %d %s", res.status, res.body)
	}
	return info.User
}

func (b *browser) accounts() []oauth.Account {
	b.t.Helper()
	res := b.get("/auth/oauth/accounts")
	var out oauth.Accounts
	if err := json.Unmarshal(res.body, &out); err != nil || res.status != http.StatusOK {
		b.t.Fatalf("GET /auth/oauth/accounts = %d %s", res.status, res.body)
	}
	return out.Accounts
}

// count returns how many rows a table has.
func count(t *testing.T, e *authtest.Engine, table string) int {
	t.Helper()
	var n int
	if err := e.DB.QueryRow("SELECT COUNT(*) FROM " + table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func authhttpHandler(a *auth.Auth) http.Handler { return authhttp.Handler(a) }

// signInAt opens a callback URL and fails the test unless it lands on want.
func (b *browser) signInAt(callback, want string) {
	b.t.Helper()
	res := b.get(callback)
	if res.status != http.StatusFound || res.location != want {
		b.t.Fatalf("callback = %d %q %s, want a redirect to %q", res.status, res.location, res.body, want)
	}
}

// signUp is a test plugin that makes a person with an unverified address
// through the email plugin, as the password plugin's sign-up does.
type signUp struct {
	op *auth.Op[signUpRequest, auth.Empty]
}

type signUpRequest struct {
	Email string `json:"email"`
}

func newSignUp() *signUp {
	s := &signUp{}
	s.op = &auth.Op[signUpRequest, auth.Empty]{Name: "t.signUp", Method: http.MethodPost, Path: "/t/sign-up", Writes: true,
		Handler: func(ctx context.Context, c *auth.Call, in signUpRequest) (auth.Empty, error) {
			mail, _ := email.From(c.Auth())
			_, _, err := mail.CreateUser(ctx, c, "", in.Email)
			return auth.Empty{}, err
		}}
	return s
}

func (s *signUp) Name() string                 { return "t" }
func (s *signUp) Operations() []auth.Operation { return []auth.Operation{s.op} }

var (
	hiddenInput = regexp.MustCompile(`<input type="hidden" name="([^"]+)" value="([^"]*)">`)
	formAction  = regexp.MustCompile(`<form method="post" action="([^"]+)">`)
)

// formPost visits an authorization URL that answers with a form_post page
// (OAuth 2.0 Form Post Response Mode §2) and submits the page as the
// browser would: a cross-site POST to the callback from the provider's
// origin. It returns the posted fields and the callback's answer.
func (b *browser) formPost(authURL, providerOrigin string) (url.Values, answer) {
	b.t.Helper()
	page := b.get(authURL)
	action := formAction.FindSubmatch(page.body)
	if page.status != http.StatusOK || action == nil {
		b.t.Fatalf("GET %s = %d %s, want the form_post page", authURL, page.status, page.body)
	}
	form := url.Values{}
	for _, m := range hiddenInput.FindAllStringSubmatch(string(page.body), -1) {
		form.Set(html.UnescapeString(m[1]), html.UnescapeString(m[2]))
	}
	req, err := http.NewRequest(http.MethodPost, b.local(html.UnescapeString(string(action[1]))), strings.NewReader(form.Encode()))
	if err != nil {
		b.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", providerOrigin)
	res, err := b.http.Do(req)
	if err != nil {
		b.t.Fatalf("POST %s: %v", req.URL, err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	return form, answer{status: res.StatusCode, location: res.Header.Get("Location"), body: data, header: res.Header}
}
