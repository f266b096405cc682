package test

import (
	"context"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/magiclink"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/password/argon2id"
	"github.com/sesame-go/sesame/sqlb"
)

var start = time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)

// testParams keep the password plugin's hashing fast.
var testParams = argon2id.Params{Memory: 1024, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32}

// fixture is an instance with the email, password and magic-link plugins,
// served over HTTP: the routes under /auth/ and the confirm page at
// /magic-link, as a host mounts them.
type fixture struct {
	a     *auth.Auth
	e     *authtest.Engine
	mail  *authtest.Mailbox
	clock *authtest.Clock
	em    *email.Plugin
	pw    *password.Plugin
	ml    *magiclink.Plugin
	h     http.Handler
	srv   *httptest.Server
	c     *authtest.Client
}

// newFixture's instance has no rate limits unless opts put them back.
func newFixture(t *testing.T, e *authtest.Engine, mlOpts []magiclink.Option, authOpts ...auth.Option) *fixture {
	t.Helper()
	mail := &authtest.Mailbox{}
	return newFixtureSending(t, e, mail, mail, mlOpts, authOpts...)
}

// newFixtureSending's email plugin sends through sender; mail is where
// the messages land.
func newFixtureSending(t *testing.T, e *authtest.Engine, sender email.Sender, mail *authtest.Mailbox, mlOpts []magiclink.Option, authOpts ...auth.Option) *fixture {
	t.Helper()
	return build(t, e, sender, mail, mlOpts, append([]auth.Option{auth.WithoutRateLimits()}, authOpts...))
}

// newLimitedFixture's instance keeps the default rate limits.
func newLimitedFixture(t *testing.T, e *authtest.Engine, mlOpts []magiclink.Option, authOpts ...auth.Option) *fixture {
	t.Helper()
	mail := &authtest.Mailbox{}
	return build(t, e, mail, mail, mlOpts, authOpts)
}

func build(t *testing.T, e *authtest.Engine, sender email.Sender, mail *authtest.Mailbox, mlOpts []magiclink.Option, authOpts []auth.Option) *fixture {
	t.Helper()
	f := &fixture{e: e, mail: mail, clock: authtest.NewClock(start)}
	f.em = email.New(email.WithSender(sender), email.WithAppName("Acme"))
	h, err := argon2id.New(testParams)
	if err != nil {
		t.Fatal(err)
	}
	f.pw = password.New(password.WithHasher(h))
	f.ml = magiclink.New(mlOpts...)
	opts := []auth.Option{auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
		auth.WithPlugins(f.em, f.pw, f.ml), auth.WithClock(f.clock.Now), auth.WithRateLimitStore(auth.NewMemoryRateStore())}
	f.a, err = auth.New(append(opts, authOpts...)...)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.a.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/auth/", authhttp.Handler(f.a))
	mux.Handle(magiclink.LinkPath, f.ml.ConfirmPage())
	f.h = mux
	f.srv = httptest.NewServer(mux)
	t.Cleanup(f.srv.Close)
	f.c = authtest.NewClient(t, mux) // waits for the deliveries after each answer
	return f
}

// user creates a person with a verified address, as a host seeding it.
func (f *fixture) user(t *testing.T, addr string) *auth.User {
	t.Helper()
	u, err := f.a.CreateUser(context.Background(), auth.NewUser{Name: addr, Identities: []auth.NewIdentity{
		{Kind: email.Kind, Value: addr, Verified: true}}})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// send asks for a link over HTTP and requires the answer every address
// gets.
func (f *fixture) send(t *testing.T, c *authtest.Client, body map[string]string) {
	t.Helper()
	if res := c.Post("/auth/magic-link/send", body); res.Status != http.StatusOK || strings.TrimSpace(string(res.Body)) != "{}" {
		t.Fatalf("POST /magic-link/send %v = %d %s, want 200 {}", body, res.Status, res.Body)
	}
}

// sessions counts the sessions in the database.
func (f *fixture) sessions(t *testing.T) int64 {
	t.Helper()
	var n int64
	if err := f.e.SQL().One(context.Background(), sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(auth.Sessions)); err != nil {
		t.Fatal(err)
	}
	return n
}

// browser is a client that keeps cookies and does not follow redirects,
// to see where the confirm page sends it.
type browser struct {
	tb     testing.TB
	base   string
	http   *http.Client
	origin string
}

func (f *fixture) browser(t *testing.T) *browser {
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &browser{tb: t, base: f.srv.URL, origin: "http://sesame.test", http: &http.Client{Jar: jar,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// do sends a request and reads the answer whole.
func (b *browser) do(method, path, contentType, body string) *authtest.Response {
	b.tb.Helper()
	req, err := http.NewRequest(method, b.base+path, strings.NewReader(body))
	if err != nil {
		b.tb.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if b.origin != "" && method != http.MethodGet {
		req.Header.Set("Origin", b.origin)
	}
	res, err := b.http.Do(req)
	if err != nil {
		b.tb.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		b.tb.Fatal(err)
	}
	return &authtest.Response{Status: res.StatusCode, Header: res.Header, Body: data}
}

// open GETs a link's page.
func (b *browser) open(link string) *authtest.Response {
	b.tb.Helper()
	u, err := url.Parse(link)
	if err != nil {
		b.tb.Fatal(err)
	}
	return b.do(http.MethodGet, u.RequestURI(), "", "")
}

// confirm posts a token from the confirm page, as its button does.
func (b *browser) confirm(token string) *authtest.Response {
	b.tb.Helper()
	return b.do(http.MethodPost, magiclink.LinkPath, "application/x-www-form-urlencoded", url.Values{"token": {token}}.Encode())
}

// me returns the signed-in user's ID, or "".
func (b *browser) me() string {
	b.tb.Helper()
	res := b.do(http.MethodGet, "/auth/session", "", "")
	if res.Status != http.StatusOK {
		return ""
	}
	var s struct {
		User struct {
			ID string `json:"id"`
		} `json:"user"`
	}
	(&authtest.Response{Body: res.Body}).Decode(b.tb, &s)
	return s.User.ID
}

func wantError(t *testing.T, what string, res *authtest.Response, status int, code string) {
	t.Helper()
	if res.Status != status || res.ErrorCode() != code {
		t.Errorf("%s = %d %s, want %d %s", what, res.Status, res.Body, status, code)
	}
}

// link returns the link of the newest message of a purpose to an address.
func (f *fixture) link(t *testing.T, to, purpose string) string {
	t.Helper()
	text := f.mail.Last(t, to, purpose).Text
	i := strings.Index(text, "http")
	if i < 0 {
		t.Fatalf("no link in %q", text)
	}
	return strings.Fields(text[i:])[0]
}

// accounts lists the users and their identities, one line each.
func (f *fixture) accounts(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	var uid, value string
	err := f.e.SQL().All(context.Background(), sqlb.Select(auth.IdentityUserID.Into(&uid), auth.IdentityValue.Into(&value)).
		From(auth.Identities).OrderBy(auth.IdentityValue.Asc()), func() error {
		b.WriteString(uid + " " + value + "\n")
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}
