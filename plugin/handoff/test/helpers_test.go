package test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/handoff"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/password/argon2id"
	"github.com/sesame-go/sesame/plugin/twofactor"
	"github.com/sesame-go/sesame/plugin/twofactor/totp"
	"github.com/sesame-go/sesame/sqlb"
)

var epoch = time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)

const pw = "correct horse battery"

// fixture is an instance with the email, password, twofactor and handoff
// plugins, served as a host mounts them: the routes under /auth/ and the
// receive page at /handoff.
type fixture struct {
	a     *auth.Auth
	e     *authtest.Engine
	mail  *authtest.Mailbox
	clock *authtest.Clock
	pw    *password.Plugin
	tf    *twofactor.Plugin
	ho    *handoff.Plugin
	h     http.Handler
}

type setup struct {
	ho   []handoff.Option
	tf   []twofactor.Option
	auth []auth.Option
	db   *sql.DB // a pool of e's database other than e.DB (a faulty one)
}

func newFixture(t testing.TB, e *authtest.Engine, s setup) *fixture {
	t.Helper()
	f := &fixture{e: e, mail: &authtest.Mailbox{}, clock: authtest.NewClock(epoch)}
	hasher, err := argon2id.New(argon2id.Params{Memory: 1024, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32})
	if err != nil {
		t.Fatal(err)
	}
	f.pw = password.New(password.WithHasher(hasher))
	f.tf = twofactor.New(s.tf...)
	f.ho = handoff.New(s.ho...)
	db := e.DB
	if s.db != nil {
		db = s.db
	}
	opts := append([]auth.Option{auth.WithDB(db, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
		auth.WithPlugins(email.New(email.WithSender(f.mail)), f.pw, f.tf, f.ho), auth.WithClock(f.clock.Now),
		auth.WithoutRateLimits()}, s.auth...)
	if f.a, err = auth.New(opts...); err != nil {
		t.Fatal(err)
	}
	if err := f.a.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/auth/", authhttp.Handler(f.a))
	mux.Handle(handoff.LinkPath, f.ho.ReceivePage())
	f.h = mux
	return f
}

// desktop returns a bearer client (an app), browser one that keeps
// cookies.
func (f *fixture) desktop(t testing.TB) *authtest.Client {
	c := authtest.NewClient(t, f.h)
	c.Bearer = true
	return c
}

func (f *fixture) browser(t testing.TB) *authtest.Client { return authtest.NewClient(t, f.h) }

func mustPost(t testing.TB, c *authtest.Client, path string, body any) *authtest.Response {
	t.Helper()
	res := c.Post(path, body)
	if res.Status != http.StatusOK {
		t.Fatalf("POST %s = %d %s, want 200", path, res.Status, res.Body)
	}
	return res
}

func wantError(t testing.TB, what string, res *authtest.Response, status int, code string) {
	t.Helper()
	if res.Status != status || res.ErrorCode() != code {
		t.Errorf("%s = %d %s, want %d %s", what, res.Status, res.Body, status, code)
	}
}

// account signs addr up, verifies it and signs it in on c.
func (f *fixture) account(t testing.TB, c *authtest.Client, addr string) {
	t.Helper()
	mustPost(t, c, "/auth/password/sign-up", map[string]string{"email": addr, "password": pw, "name": "Ada"})
	mustPost(t, c, "/auth/email/verify", map[string]string{"token": f.mail.Token(t, addr, email.PurposeVerify)})
	f.signIn(t, c, addr)
}

// signIn signs addr in with its password on c.
func (f *fixture) signIn(t testing.TB, c *authtest.Client, addr string) {
	t.Helper()
	mustPost(t, c, "/auth/password/sign-in", map[string]string{"email": addr, "password": pw})
}

// start starts a handoff of c's session and returns its token.
func start(t testing.TB, c *authtest.Client, body any) string {
	t.Helper()
	var s struct {
		Token     string    `json:"token"`
		ExpiresAt time.Time `json:"expiresAt"`
	}
	mustPost(t, c, "/auth/handoff/start", body).Decode(t, &s)
	if s.Token == "" || s.ExpiresAt.IsZero() {
		t.Fatalf("start answered token %q, expiresAt %v", s.Token, s.ExpiresAt)
	}
	return s.Token
}

// info is the answer of GET /auth/session, and of a redemption.
type info struct {
	User struct {
		ID string `json:"id"`
	} `json:"user"`
	Session struct {
		ID         string    `json:"id"`
		CreatedAt  time.Time `json:"createdAt"`
		ExpiresAt  time.Time `json:"expiresAt"`
		Credential string    `json:"credential"`
	} `json:"session"`
	ReturnTo string `json:"returnTo"`
}

// me returns c's user and session, or a zero info when signed out.
func me(t testing.TB, c *authtest.Client) info {
	t.Helper()
	var i info
	if res := c.Get("/auth/session"); res.Status == http.StatusOK {
		res.Decode(t, &i)
	}
	return i
}

// enrolTOTP enrols and confirms an authenticator app from c's (fresh)
// session.
func (f *fixture) enrolTOTP(t testing.TB, c *authtest.Client) totp.Key {
	t.Helper()
	var en struct{ FactorID, URI string }
	mustPost(t, c, "/auth/two-factor/enrol", map[string]string{"method": "totp"}).Decode(t, &en)
	k, _, _, err := totp.ParseURI(en.URI)
	if err != nil {
		t.Fatal(err)
	}
	mustPost(t, c, "/auth/two-factor/confirm", map[string]string{"factorId": en.FactorID, "code": k.Code(f.clock.Now())})
	f.clock.Advance(30 * time.Second)
	return k
}

// pageBrowser is a browser that keeps cookies and does not follow
// redirects, to see where the receive page sends it.
type pageBrowser struct {
	tb     testing.TB
	base   string
	http   *http.Client
	origin string
}

func newPageBrowser(tb testing.TB, base string) *pageBrowser {
	jar, err := cookiejar.New(nil)
	if err != nil {
		tb.Fatal(err)
	}
	return &pageBrowser{tb: tb, base: base, origin: "http://sesame.test", http: &http.Client{Jar: jar,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// do sends a GET, or a POST of the page's form with token, and reads the
// answer whole.
func (b *pageBrowser) do(method, path, token string) *http.Response {
	b.tb.Helper()
	req, err := http.NewRequest(method, b.base+path, strings.NewReader(url.Values{"token": {token}}.Encode()))
	if err != nil {
		b.tb.Fatal(err)
	}
	if method == http.MethodPost {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Origin", b.origin)
	}
	res, err := b.http.Do(req)
	if err != nil {
		b.tb.Fatalf("%s %s: %v", method, path, err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res
}

// me returns the signed-in user's ID, or "".
func (b *pageBrowser) me() string {
	b.tb.Helper()
	res, err := b.http.Get(b.base + "/auth/session")
	if err != nil {
		b.tb.Fatal(err)
	}
	defer res.Body.Close()
	var i info
	if res.StatusCode != http.StatusOK || json.NewDecoder(res.Body).Decode(&i) != nil {
		return ""
	}
	return i.User.ID
}

// state renders the sessions and tokens, so that a failed call can be
// shown to have changed nothing.
func state(t testing.TB, db *sqlb.DB) string {
	t.Helper()
	ctx := context.Background()
	var out []string
	var id, data string
	var when sql.Null[time.Time]
	var created time.Time
	collect := func(q *sqlb.SelectStmt, row func() string) {
		t.Helper()
		if err := db.All(ctx, q, func() error { out = append(out, row()); return nil }); err != nil {
			t.Fatal(err)
		}
	}
	collect(sqlb.Select(auth.SessionID.Into(&id), auth.SessionCreatedAt.Into(&created), auth.SessionData.Into(&data)).
		From(auth.Sessions).OrderBy(auth.SessionID.Asc()), func() string { return fmt.Sprint("session ", id, created, data) })
	collect(sqlb.Select(auth.TokenID.Into(&id), auth.TokenConsumedAt.Into(&when)).From(auth.Tokens).OrderBy(auth.TokenID.Asc()),
		func() string { return fmt.Sprint("token ", id, when) })
	return strings.Join(out, "\n")
}
