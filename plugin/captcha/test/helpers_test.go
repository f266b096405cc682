package test

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"net/netip"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/captcha"
	"github.com/sesame-go/sesame/plugin/email"
)

var epoch = time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)

// signIn is the operation the tests guard: the test kit's sign-in.
const signIn = "authtest.signIn"

// challenged is a rule whose IP count demands a challenge past 2 calls
// and refuses past 6.
var challenged = auth.RateRules{IP: auth.RateRule{Limit: 6, Window: time.Minute, Challenge: 2}}

// fixture is an instance with the test kit's sign-in, the email plugin
// and the captcha plugin verifying with a fake provider, served under
// /auth/ behind a trusted proxy (the loopback), so that X-Forwarded-For
// names the client; /sign-in is a page of the host's that posts a form.
type fixture struct {
	a     *auth.Auth
	clock *authtest.Clock
	login *authtest.Login
	fake  *fake
	mail  *authtest.Mailbox
	h     http.Handler
}

type setup struct {
	captcha  []captcha.Option
	provider []captcha.ProviderOption
	auth     []auth.Option
	db       *sql.DB // a pool of e's database other than e.DB (a faulty one)
}

func newFixture(t testing.TB, e *authtest.Engine, k kind, s setup) *fixture {
	t.Helper()
	f := &fixture{clock: authtest.NewClock(epoch.Add(time.Duration(k.hour) * time.Hour)), login: authtest.NewLogin(), mail: &authtest.Mailbox{}}
	f.fake = newFake(t, k, f.clock.Now)
	cp := captcha.New(f.fake.verifier(s.provider...), append([]captcha.Option{captcha.WithTimeout(300 * time.Millisecond)}, s.captcha...)...)
	db := e.DB
	if s.db != nil {
		db = s.db
	}
	opts := append([]auth.Option{auth.WithDB(db, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
		auth.WithPlugins(f.login, email.New(email.WithSender(f.mail)), cp), auth.WithClock(f.clock.Now),
		auth.WithTrustedProxies(netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128"))}, s.auth...)
	var err error
	if f.a, err = auth.New(opts...); err != nil {
		t.Fatal(err)
	}
	if err := f.a.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/auth/", authhttp.Handler(f.a))
	mux.Handle("POST /sign-in", authhttp.Middleware(f.a)(http.HandlerFunc(f.signInPage)))
	f.h = mux
	return f
}

// signInPage is a host's server-rendered sign-in: a form post, whose
// captcha token the page passes to the operation.
func (f *fixture) signInPage(w http.ResponseWriter, r *http.Request) {
	ctx := captcha.WithToken(r.Context(), captcha.TokenFromForm(r))
	if _, err := f.login.SignIn(ctx, r.PostFormValue("name")); err != nil {
		e := auth.AsError(err)
		http.Error(w, e.Code, e.Status)
		return
	}
	w.Write([]byte("signed in"))
}

// client is an app (bearer) client that calls from ip.
type client struct {
	*authtest.Client
	ip string
}

func (f *fixture) client(t testing.TB, ip string) *client {
	c := authtest.NewClient(t, f.h)
	c.Bearer = true
	return &client{Client: c, ip: ip}
}

// post posts body to path with the client's address and, when token is
// not empty, the captcha header.
func (c *client) post(path string, body any, token string) *authtest.Response {
	h := http.Header{"X-Forwarded-For": {c.ip}}
	if token != "" {
		h.Set(captcha.Header, token)
	}
	return c.Do(http.MethodPost, path, body, h)
}

// signIn calls the guarded sign-in.
func (c *client) signIn(name, token string) *authtest.Response {
	return c.post("/auth/authtest/sign-in", map[string]string{"name": name}, token)
}

// from returns a context of a Go call made while serving a client at ip.
func from(ip string) context.Context {
	return auth.WithRequest(context.Background(), &auth.Request{Transport: auth.TransportServer, IP: netip.MustParseAddr(ip)})
}

func wantError(t testing.TB, what string, res *authtest.Response, status int, code string) {
	t.Helper()
	authtest.WantError(t, what, res, status, code)
}

func wantOK(t testing.TB, what string, res *authtest.Response) {
	t.Helper()
	if res.Status != http.StatusOK {
		t.Fatalf("%s = %d %s, want 200", what, res.Status, res.Body)
	}
}

// wantCode checks a Go call's error code.
func wantCode(t testing.TB, what string, err error, want *auth.Error) {
	t.Helper()
	if want == nil {
		if err != nil {
			t.Fatalf("%s = %v, want success", what, err)
		}
		return
	}
	if !errors.Is(err, want) {
		t.Fatalf("%s = %v, want %s", what, err, want.Code)
	}
}

// eachProvider runs fn on every engine for every provider.
func eachProvider(t *testing.T, fn func(t *testing.T, e *authtest.Engine, k kind)) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		for _, k := range kinds {
			t.Run(k.name, func(t *testing.T) { fn(t, e, k) })
		}
	})
}

// captchaCtx is a server call's context carrying a captcha token.
func captchaCtx(token string) context.Context {
	return captcha.WithToken(context.Background(), token)
}
