package test

import (
	"context"
	"encoding/json"
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
	"github.com/sesame-go/sesame/plugin/emailchallenge"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/password/argon2id"
	"github.com/sesame-go/sesame/sqlb"
)

var start = time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)

var testParams = argon2id.Params{Memory: 1024, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32}

// fixture is an instance with the email, password and email-challenge
// plugins, served as a host mounts them: routes under /auth/, the page
// links open at /email-challenge.
type fixture struct {
	a     *auth.Auth
	e     *authtest.Engine
	mail  *authtest.Mailbox
	clock *authtest.Clock
	em    *email.Plugin
	pw    *password.Plugin
	ec    *emailchallenge.Plugin
	h     http.Handler
	srv   *httptest.Server
}

// newFixture's instance has no rate limits unless limited.
func newFixture(t *testing.T, e *authtest.Engine, limited bool, authOpts ...auth.Option) *fixture {
	t.Helper()
	mail := &authtest.Mailbox{}
	return build(t, e, mail, mail, limited, authOpts...)
}

func build(t *testing.T, e *authtest.Engine, sender email.Sender, mail *authtest.Mailbox, limited bool, authOpts ...auth.Option) *fixture {
	t.Helper()
	f := &fixture{e: e, mail: mail, clock: authtest.NewClock(start)}
	f.em = email.New(email.WithSender(sender), email.WithAppName("Acme"))
	h, err := argon2id.New(testParams)
	if err != nil {
		t.Fatal(err)
	}
	f.pw = password.New(password.WithHasher(h))
	f.ec = emailchallenge.New()
	opts := []auth.Option{auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
		auth.WithPlugins(f.em, f.pw, f.ec), auth.WithClock(f.clock.Now), auth.WithRateLimitStore(auth.NewMemoryRateStore())}
	if !limited {
		opts = append(opts, auth.WithoutRateLimits())
	}
	if f.a, err = auth.New(append(opts, authOpts...)...); err != nil {
		t.Fatal(err)
	}
	if err := f.a.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/auth/", authhttp.Handler(f.a))
	mux.Handle(emailchallenge.LinkPath, f.ec.ConfirmPage())
	f.h = mux
	f.srv = httptest.NewServer(mux)
	t.Cleanup(f.srv.Close)
	return f
}

// user creates a person with a verified address.
func (f *fixture) user(t *testing.T, addr string) *auth.User {
	t.Helper()
	u, err := f.a.CreateUser(context.Background(), auth.NewUser{Name: addr, Identities: []auth.NewIdentity{
		{Kind: email.Kind, Value: addr, Verified: true}}})
	if err != nil {
		t.Fatal(err)
	}
	return u
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

// browser keeps cookies, does not follow redirects, and sends the site's
// Origin on posts.
type browser struct {
	tb     testing.TB
	base   string
	http   *http.Client
	origin string
}

func (f *fixture) browser(t testing.TB) *browser {
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &browser{tb: t, base: f.srv.URL, origin: "http://sesame.test", http: &http.Client{Jar: jar,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

func (b *browser) do(method, path, contentType, body string, header http.Header) *authtest.Response {
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
	for k, v := range header {
		req.Header[k] = v
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

// post sends a JSON body.
func (b *browser) post(path string, body any) *authtest.Response {
	b.tb.Helper()
	data, err := json.Marshal(body)
	if err != nil {
		b.tb.Fatal(err)
	}
	return b.do(http.MethodPost, path, "application/json", string(data), nil)
}

// confirm posts a link's token from the confirm page, as its button does.
func (b *browser) confirm(token string) *authtest.Response {
	b.tb.Helper()
	return b.do(http.MethodPost, emailchallenge.LinkPath, "application/x-www-form-urlencoded", url.Values{"token": {token}}.Encode(), nil)
}

// me returns the signed-in user's ID, or "".
func (b *browser) me() string {
	b.tb.Helper()
	res := b.do(http.MethodGet, "/auth/session", "", "", nil)
	if res.Status != http.StatusOK {
		return ""
	}
	var s auth.SessionInfo
	res.Decode(b.tb, &s)
	return s.User.ID
}

// status polls the browser's challenge and returns its status, or the
// error code.
func (b *browser) status() string {
	b.tb.Helper()
	res := b.post("/auth/email-challenge/status", map[string]string{})
	if res.Status != http.StatusOK {
		return res.ErrorCode()
	}
	var r emailchallenge.Result
	res.Decode(b.tb, &r)
	return r.Status
}

// startChallenge starts a challenge in the browser and, for an address
// that has an account, waits for its mail, which leaves after the answer.
func (f *fixture) startChallenge(t *testing.T, b *browser, addr string) {
	t.Helper()
	before := len(f.mail.Messages(addr))
	if res := b.post("/auth/email-challenge/start", map[string]string{"email": addr}); res.Status != http.StatusOK {
		t.Fatalf("start %s = %d %s", addr, res.Status, res.Body)
	}
	if strings.HasPrefix(addr, "nobody") {
		return
	}
	for deadline := time.Now().Add(authtest.MailWait); len(f.mail.Messages(addr)) == before; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no challenge mailed to %s", addr)
		}
	}
}

func wantError(t *testing.T, what string, res *authtest.Response, status int, code string) {
	t.Helper()
	if res.Status != status || res.ErrorCode() != code {
		t.Errorf("%s = %d %s, want %d %s", what, res.Status, res.Body, status, code)
	}
}
