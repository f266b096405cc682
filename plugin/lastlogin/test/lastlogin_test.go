package test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/admin"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/lastlogin"
	"github.com/sesame-go/sesame/plugin/magiclink"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/password/argon2id"
	"github.com/sesame-go/sesame/sqlb"
)

var epoch = time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)

const pw = "correct horse battery"

// fixture is an instance with email, password, magic links, admin and
// lastlogin, behind a proxy at 127.0.0.1 whose X-Forwarded-For it
// believes.
type fixture struct {
	a     *auth.Auth
	e     *authtest.Engine
	mail  *authtest.Mailbox
	clock *authtest.Clock
	pw    *password.Plugin
	ll    *lastlogin.Plugin
	srv   *httptest.Server
}

func newFixture(t testing.TB, e *authtest.Engine, db *sql.DB, plugins ...auth.Plugin) *fixture {
	t.Helper()
	f := &fixture{e: e, mail: &authtest.Mailbox{}, clock: authtest.NewClock(epoch), ll: lastlogin.New()}
	hasher, err := argon2id.New(argon2id.Params{Memory: 1024, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32})
	if err != nil {
		t.Fatal(err)
	}
	f.pw = password.New(password.WithHasher(hasher))
	if db == nil {
		db = e.DB
	}
	if plugins == nil {
		plugins = []auth.Plugin{f.ll}
	}
	f.a, err = auth.New(auth.WithDB(db, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
		auth.WithPlugins(append([]auth.Plugin{email.New(email.WithSender(f.mail)), f.pw, magiclink.New(), admin.New()}, plugins...)...),
		auth.WithClock(f.clock.Now), auth.WithoutRateLimits(),
		auth.WithTrustedProxies(netip.MustParsePrefix("127.0.0.1/32"), netip.MustParsePrefix("::1/128")))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.a.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	f.srv = httptest.NewServer(authhttp.Handler(f.a))
	t.Cleanup(f.srv.Close)
	return f
}

// client is a browser behind the proxy: every request says it came from
// ip, with a user agent.
type client struct {
	t      testing.TB
	f      *fixture
	ip, ua string
	cookie string
}

func (c *client) do(method, path string, body any) (int, []byte) {
	c.t.Helper()
	var r io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		r = strings.NewReader(string(data))
	}
	req, err := http.NewRequest(method, c.f.srv.URL+path, r)
	if err != nil {
		c.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", "http://sesame.test")
	req.Header.Set("X-Forwarded-For", c.ip)
	req.Header.Set("User-Agent", c.ua)
	if c.cookie != "" {
		req.Header.Set("Cookie", "sesame_session="+c.cookie)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	for _, ck := range res.Cookies() {
		if ck.Name == "sesame_session" {
			c.cookie = ck.Value
		}
	}
	return res.StatusCode, data
}

func (c *client) must(method, path string, body any) []byte {
	c.t.Helper()
	status, data := c.do(method, path, body)
	if status != http.StatusOK {
		c.t.Fatalf("%s %s = %d %s, want 200", method, path, status, data)
	}
	return data
}

// account makes a verified account with a password.
func (f *fixture) account(t testing.TB, addr string) string {
	t.Helper()
	u, err := f.a.CreateUser(context.Background(), auth.NewUser{Name: "Ada", Identities: []auth.NewIdentity{{Kind: email.Kind, Value: addr, Verified: true}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.pw.SetPassword(context.Background(), u.ID, auth.NewSecret(pw)); err != nil {
		t.Fatal(err)
	}
	return u.ID
}

func (c *client) signIns() []lastlogin.SignIn {
	c.t.Helper()
	var l lastlogin.List
	if err := json.Unmarshal(c.must(http.MethodGet, "/auth/last-login", nil), &l); err != nil {
		c.t.Fatal(err)
	}
	return l.SignIns
}

// TestJourneyHTTP: a person signs in with a password from one place,
// then with a magic link from another; the list shows each method's last
// sign-in, newest first, with the forwarded client IP and user agent.
// Requests in between write nothing.
func TestJourneyHTTP(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		f.account(t, "ada@example.com")
		home := &client{t: t, f: f, ip: "203.0.113.7", ua: "Firefox"}
		home.must(http.MethodPost, "/auth/password/sign-in", map[string]string{"email": "ada@example.com", "password": pw})
		first := f.clock.Now()
		for range 3 {
			f.clock.Advance(26 * time.Hour) // past the session's update age: the session slides, the record does not
			home.must(http.MethodGet, "/auth/session", nil)
		}
		phone := &client{t: t, f: f, ip: "2001:db8::1", ua: "Safari"}
		phone.must(http.MethodPost, "/auth/magic-link/send", map[string]string{"email": "ada@example.com"})
		phone.must(http.MethodPost, "/auth/magic-link/sign-in", map[string]string{"token": f.mail.Token(t, "ada@example.com", magiclink.PurposeSignIn)})
		want := []lastlogin.SignIn{
			{Method: "magiclink", At: f.clock.Now(), IP: "2001:db8::1", UserAgent: "Safari"},
			{Method: "password", At: first, IP: "203.0.113.7", UserAgent: "Firefox"},
		}
		for _, c := range []*client{home, phone} {
			if got := c.signIns(); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("signIns = %+v, want %+v", got, want)
			}
		}
		f.clock.Advance(time.Hour)
		home.must(http.MethodPost, "/auth/password/sign-in", map[string]string{"email": "ada@example.com", "password": pw})
		if got := home.signIns(); got[0].Method != "password" || !got[0].At.Equal(f.clock.Now()) || len(got) != 2 {
			t.Fatalf("after a second password sign-in, signIns = %+v", got)
		}
		if status, _ := (&client{t: t, f: f, ip: "198.51.100.1"}).do(http.MethodGet, "/auth/last-login", nil); status != http.StatusUnauthorized {
			t.Fatalf("GET /last-login signed out = %d, want 401", status)
		}
	})
}

// TestGoCalls: a Go sign-in with no request records no IP; List reads
// the caller's; Of reads anyone's for the host; deleting the user deletes
// the record.
func TestGoCalls(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		ctx := context.Background()
		id := f.account(t, "ada@example.com")
		in, err := f.pw.SignIn(ctx, password.SignInRequest{Email: "ada@example.com", Password: auth.NewSecret(pw)})
		if err != nil {
			t.Fatal(err)
		}
		got, err := f.ll.List(auth.WithSessionToken(ctx, in.Token))
		if err != nil || len(got) != 1 || got[0] != (lastlogin.SignIn{Method: "password", At: epoch}) {
			t.Fatalf("List = %+v, %v, want one password sign-in with no IP", got, err)
		}
		if _, err := f.ll.List(ctx); err == nil {
			t.Fatal("List with no session succeeded")
		}
		of, err := lastlogin.Of(ctx, f.a.DB(), id)
		if err != nil || fmt.Sprint(of) != fmt.Sprint(got) {
			t.Fatalf("Of = %+v, %v, want %+v", of, err, got)
		}
		if _, err := f.a.DB().Exec(ctx, sqlb.Delete(auth.Users).Where(auth.UserID.Eq(id))); err != nil {
			t.Fatal(err)
		}
		if of, err := lastlogin.Of(ctx, f.a.DB(), id); err != nil || len(of) != 0 {
			t.Fatalf("Of a deleted user = %+v, %v, want none", of, err)
		}
	})
}

// TestOneWritePerSignIn counts statements on a counting pool: a sign-in
// costs exactly one statement more with the plugin than without, and a
// request with a session costs none more.
func TestOneWritePerSignIn(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		count := func(plugins ...auth.Plugin) (signIn, request int) {
			pool, faults := e.Faulty(t)
			f := newFixture(t, e, pool, plugins...)
			addr := fmt.Sprintf("%s@example.com", plugins[0].Name())
			f.account(t, addr)
			c := &client{t: t, f: f, ip: "203.0.113.7", ua: "Firefox"}
			faults.Reset()
			c.must(http.MethodPost, "/auth/password/sign-in", map[string]string{"email": addr, "password": pw})
			signIn = faults.Statements()
			f.clock.Advance(26 * time.Hour)
			faults.Reset()
			c.must(http.MethodGet, "/auth/session", nil)
			return signIn, faults.Statements()
		}
		without, reqWithout := count(auth.Plugin(noPlugin{}))
		with, reqWith := count(lastlogin.New())
		if with != without+1 || reqWith != reqWithout {
			t.Fatalf("a sign-in ran %d statements with the plugin, %d without; a request %d and %d; want one more and the same",
				with, without, reqWith, reqWithout)
		}
	})
}

// noPlugin stands in for the plugin in the count without it.
type noPlugin struct{}

func (noPlugin) Name() string { return "none" }

// TestImpersonationIsNoSignIn (bug class: lifecycle gaps): an
// administrator's impersonation session records nothing as the user's
// sign-in.
func TestImpersonationIsNoSignIn(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		ctx := context.Background()
		boss := f.account(t, "boss@example.com")
		if _, err := f.a.DB().Exec(ctx, sqlb.Update(auth.Users).Set(admin.UserRole.Set(admin.RoleAdmin)).Where(auth.UserID.Eq(boss))); err != nil {
			t.Fatal(err)
		}
		ada := f.account(t, "ada@example.com")
		c := &client{t: t, f: f, ip: "203.0.113.9", ua: "Edge"}
		c.must(http.MethodPost, "/auth/password/sign-in", map[string]string{"email": "boss@example.com", "password": pw})
		c.must(http.MethodPost, "/auth/admin/impersonate", map[string]any{"userId": ada, "minutes": 10})
		if of, err := lastlogin.Of(ctx, f.a.DB(), ada); err != nil || len(of) != 0 {
			t.Fatalf("ada's sign-ins after an impersonation = %+v, %v, want none", of, err)
		}
	})
}

// TestFaultsAtEveryStatement: a sign-in and the list, with a failure at
// each statement and at the commit, answer 500; a failed sign-in leaves
// neither a session nor a record.
func TestFaultsAtEveryStatement(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		f := newFixture(t, e, pool)
		f.account(t, "ada@example.com")
		clean := e.SQL()
		var c *client
		for _, op := range []struct{ name, method, path string }{
			{"sign-in", http.MethodPost, "/auth/password/sign-in"},
			{"list", http.MethodGet, "/auth/last-login"},
		} {
			t.Run(op.name, func(t *testing.T) {
				var before string
				faults.Each(t, func(t *testing.T) {
					f.clock.Advance(time.Minute)
					c = &client{t: t, f: f, ip: "203.0.113.7", ua: "Firefox"}
					if op.name == "list" {
						c.must(http.MethodPost, "/auth/password/sign-in", map[string]string{"email": "ada@example.com", "password": pw})
					}
					before = state(t, clean)
				}, func() error {
					var body any
					if op.method == http.MethodPost {
						body = map[string]string{"email": "ada@example.com", "password": pw}
					}
					status, data := c.do(op.method, op.path, body)
					if status == http.StatusOK {
						return nil
					}
					if status != http.StatusInternalServerError {
						t.Fatalf("%s with a fault = %d %s, want 500", op.name, status, data)
					}
					return fmt.Errorf("%d", status)
				}, func(t *testing.T) {
					if after := state(t, clean); after != before {
						t.Fatalf("a failed %s changed the database:\nbefore:\n%s\nafter:\n%s", op.name, before, after)
					}
				})
			})
		}
	})
}

// state renders the sessions and the records.
func state(t testing.TB, db *sqlb.DB) string {
	t.Helper()
	var out []string
	var id string
	var at time.Time
	collect := func(q *sqlb.SelectStmt, row func() string) {
		if err := db.All(context.Background(), q, func() error { out = append(out, row()); return nil }); err != nil {
			t.Fatal(err)
		}
	}
	collect(sqlb.Select(auth.SessionID.Into(&id)).From(auth.Sessions).OrderBy(auth.SessionID.Asc()), func() string { return "session " + id })
	collect(sqlb.Select(lastlogin.LastMethod.Into(&id), lastlogin.LastAt.Into(&at)).From(lastlogin.LastSignIns).
		OrderBy(lastlogin.LastMethod.Asc()), func() string { return fmt.Sprint("record ", id, at) })
	return strings.Join(out, "\n")
}
