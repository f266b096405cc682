package test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/admin"
	"github.com/sesame-go/sesame/plugin/anonymous"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/invite"
	"github.com/sesame-go/sesame/plugin/magiclink"
	"github.com/sesame-go/sesame/plugin/oauth"
	"github.com/sesame-go/sesame/plugin/oauth/oauthtest"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/password/argon2id"
	"github.com/sesame-go/sesame/plugin/phone"
	"github.com/sesame-go/sesame/plugin/username"
	"github.com/sesame-go/sesame/sqlb"
)

var epoch = time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)

const pw = "correct horse battery"

// fixture is an instance with every plugin that can make an account
// (password with email and username, magic links, phone codes, an OpenID
// Connect provider "test", the admin plugin and the core's CreateUser),
// and the invite plugin, served under /auth/.
type fixture struct {
	a     *auth.Auth
	e     *authtest.Engine
	mail  *authtest.Mailbox
	sms   *smsBox
	clock *authtest.Clock
	inv   *invite.Plugin
	pw    *password.Plugin
	adm   *admin.Plugin
	idp   *oauthtest.Provider
	srv   *httptest.Server
}

type setup struct {
	invite []invite.Option
	db     *sql.DB // a pool of e's database other than e.DB (a faulty one)
	// guests, when not nil, adds the anonymous plugin with these options.
	guests []anonymous.Option
}

func newFixture(t testing.TB, e *authtest.Engine, s setup) *fixture {
	t.Helper()
	f := &fixture{e: e, mail: &authtest.Mailbox{}, sms: &smsBox{}, clock: authtest.NewClock(epoch)}
	hasher, err := argon2id.New(argon2id.Params{Memory: 1024, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32})
	if err != nil {
		t.Fatal(err)
	}
	f.idp = oauthtest.NewProvider(t, oauthtest.WithRedirectURI(authtest.BaseURL+"/oauth/test/callback"),
		oauthtest.WithClock(f.clock.Now))
	oa := oauth.New([]*oauth.Provider{oauth.OIDC("test", f.idp.Issuer(), f.idp.ClientID, auth.NewSecret(f.idp.ClientSecret))},
		oauth.WithHTTPClient(f.idp.Client()))
	f.pw = password.New(password.WithHasher(hasher))
	f.inv = invite.New(s.invite...)
	f.adm = admin.New()
	db := e.DB
	if s.db != nil {
		db = s.db
	}
	plugins := []auth.Plugin{email.New(email.WithSender(f.mail)), f.pw, username.New(), magiclink.New(magiclink.WithSignUp(true)),
		phone.New(phone.WithSender(f.sms)), oa, f.adm, f.inv}
	if s.guests != nil {
		plugins = append(plugins, anonymous.New(s.guests...))
	}
	f.a, err = auth.New(auth.WithDB(db, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithPlugins(plugins...),
		auth.WithClock(f.clock.Now), auth.WithoutRateLimits())
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

// admin makes an administrator, exempt from invitations, and signs them
// in on a new browser.
func (f *fixture) admin(t testing.TB) *browser {
	t.Helper()
	ctx := context.Background()
	addr := fmt.Sprintf("boss%d@example.com", f.users(t))
	boss, err := f.a.CreateUser(ctx, auth.NewUser{Name: "Boss", Identities: []auth.NewIdentity{{Kind: email.Kind, Value: addr, Verified: true}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.e.SQL().Exec(ctx, sqlb.Update(auth.Users).Set(admin.UserRole.Set(admin.RoleAdmin)).Where(auth.UserID.Eq(boss.ID))); err != nil {
		t.Fatal(err)
	}
	if err := f.pw.SetPassword(ctx, boss.ID, auth.NewSecret(pw)); err != nil {
		t.Fatal(err)
	}
	b := f.browser(t)
	b.must("/auth/password/sign-in", map[string]string{"email": addr, "password": pw})
	return b
}

// required is the setup of invite-only sign-up.
var required = setup{invite: []invite.Option{invite.WithRequired()}}

// issue makes an invitation as the host and returns its code.
func (f *fixture) issue(t testing.TB, in invite.CreateRequest) auth.Secret {
	t.Helper()
	c, err := f.inv.Issue(context.Background(), in)
	if err != nil {
		t.Fatalf("Issue(%+v) = %v", in, err)
	}
	return c.Code.Secret()
}

// users counts the accounts.
func (f *fixture) users(t testing.TB) int {
	t.Helper()
	var n int64
	if err := f.e.SQL().One(context.Background(), sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(auth.Users)); err != nil {
		t.Fatal(err)
	}
	return int(n)
}

// newest returns the ID of the account made last (IDs are time-ordered).
func (f *fixture) newest(t testing.TB) string {
	t.Helper()
	var id string
	if err := f.e.SQL().One(context.Background(), sqlb.Select(auth.UserID.Into(&id)).From(auth.Users).
		OrderBy(auth.UserID.Desc()).Limit(1)); err != nil {
		t.Fatal(err)
	}
	return id
}

// invitation returns the users who signed up with the invitation of a code's
// ID, and its count.
func (f *fixture) invitation(t testing.TB, id string) (usedBy []string, uses int64) {
	t.Helper()
	ctx := context.Background()
	db := f.e.SQL()
	if err := db.One(ctx, sqlb.Select(invite.InvitationUses.Into(&uses)).From(invite.Invitations).Where(invite.InvitationID.Eq(id))); err != nil {
		t.Fatal(err)
	}
	var u string
	if err := db.All(ctx, sqlb.Select(invite.UseUserID.Into(&u)).From(invite.Uses).Where(invite.UseInvitationID.Eq(id)),
		func() error { usedBy = append(usedBy, u); return nil }); err != nil {
		t.Fatal(err)
	}
	return usedBy, uses
}

// find reads an invitation by its ID.
func (f *fixture) find(t testing.TB, id string) invite.Invitation {
	t.Helper()
	var at sql.Null[time.Time]
	inv := invite.Invitation{ID: id}
	if err := f.e.SQL().One(context.Background(), sqlb.Select(invite.InvitationRevokedAt.Into(&at)).From(invite.Invitations).
		Where(invite.InvitationID.Eq(id))); err != nil {
		t.Fatal(err)
	}
	inv.RevokedAt = at.V
	return inv
}

// count counts the invitations.
func (f *fixture) count(t testing.TB) int {
	t.Helper()
	var n int64
	if err := f.e.SQL().One(context.Background(), sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(invite.Invitations)); err != nil {
		t.Fatal(err)
	}
	return int(n)
}

// browser keeps cookies and does not follow redirects, so that each hop
// of a provider's flow can be checked.
type browser struct {
	t    testing.TB
	f    *fixture
	http *http.Client
}

func (f *fixture) browser(t testing.TB) *browser {
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &browser{t: t, f: f, http: &http.Client{Jar: jar,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// answer is a response read whole.
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

func (a answer) decode(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(a.body, v); err != nil {
		t.Fatalf("decode %s: %v", a.body, err)
	}
}

func (b *browser) do(method, u string, body any) answer {
	b.t.Helper()
	if strings.HasPrefix(u, "http://sesame.test") {
		u = b.f.srv.URL + strings.TrimPrefix(u, "http://sesame.test")
	} else if strings.HasPrefix(u, "/") {
		u = b.f.srv.URL + u
	}
	var r io.Reader
	if raw, ok := body.(rawJSON); ok {
		r = strings.NewReader(string(raw))
	} else if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			b.t.Fatal(err)
		}
		r = strings.NewReader(string(data))
	}
	req, err := http.NewRequest(method, u, r)
	if err != nil {
		b.t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if method == http.MethodPost {
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

func (b *browser) get(u string) answer { b.t.Helper(); return b.do(http.MethodGet, u, nil) }
func (b *browser) post(u string, body any) answer {
	b.t.Helper()
	return b.do(http.MethodPost, u, body)
}

// must posts and fails the test unless the answer is 200.
func (b *browser) must(path string, body any) answer {
	b.t.Helper()
	res := b.post(path, body)
	if res.status != http.StatusOK {
		b.t.Fatalf("POST %s = %d %s, want 200", path, res.status, res.body)
	}
	return res
}

// accept accepts a code in the browser.
func (b *browser) accept(code auth.Secret) {
	b.t.Helper()
	b.must("/auth/invite/accept", map[string]string{"code": code.Reveal()})
}

// userID returns the signed-in user's ID, or "".
func (b *browser) userID() string {
	b.t.Helper()
	res := b.get("/auth/session")
	if res.status != http.StatusOK {
		return ""
	}
	var info struct {
		User struct{ ID string } `json:"user"`
	}
	res.decode(b.t, &info)
	return info.User.ID
}

// signUpOAuth runs a provider sign-in as a person of the provider and
// returns the callback's answer.
func (b *browser) signUpOAuth(subject, addr string, verified bool) answer {
	b.t.Helper()
	u := oauthUser(subject)
	u.Email, u.EmailVerified = addr, verified
	b.f.idp.AddUser(u)
	b.f.idp.LogInAs(subject)
	res := b.get("/auth/oauth/test/start")
	if res.status != http.StatusFound {
		b.t.Fatalf("start = %d %s", res.status, res.body)
	}
	res = b.get(res.location)
	if res.status != http.StatusFound || !strings.HasPrefix(res.location, "http://sesame.test/auth/oauth/") {
		b.t.Fatalf("authorize = %d %q %s, want a redirect to the callback", res.status, res.location, res.body)
	}
	return b.get(res.location)
}

// signUpMagicLink asks for a sign-up link to addr and follows it in b.
func (b *browser) signUpMagicLink(addr string) answer {
	b.t.Helper()
	b.must("/auth/magic-link/send", map[string]string{"email": addr, "name": "Ada"})
	return b.post("/auth/magic-link/sign-in", map[string]string{"token": b.f.mail.Token(b.t, addr, magiclink.PurposeSignUp)})
}

// signUpPhone asks for a sign-up code to number and signs in with it.
func (b *browser) signUpPhone(number string) answer {
	b.t.Helper()
	b.must("/auth/phone/code/send", map[string]string{"phone": number})
	return b.post("/auth/phone/code/sign-in", map[string]string{"phone": number, "name": "Ada",
		"code": b.f.sms.code(b.t, number, phone.PurposeSignUp)})
}

// oauthUser is a person of the test provider, with no address.
func oauthUser(subject string) oauthtest.User { return oauthtest.User{Subject: subject, Name: "Ada"} }

// smsBox is a phone.Sender for tests: it keeps every text.
type smsBox struct {
	mu   sync.Mutex
	msgs []phone.Message
}

func (s *smsBox) Send(_ context.Context, m phone.Message) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.msgs = append(s.msgs, m)
	return nil
}

var sixDigits = regexp.MustCompile(`\b(\d{6})\b`)

// code returns the code of the newest text of a purpose to a number,
// waiting up to authtest.MailWait for it (texts leave after the answer).
func (s *smsBox) code(tb testing.TB, to, purpose string) string {
	tb.Helper()
	deadline := time.Now().Add(authtest.MailWait)
	for {
		s.mu.Lock()
		for i := len(s.msgs) - 1; i >= 0; i-- {
			if m := s.msgs[i]; m.To == to && m.Purpose == purpose {
				s.mu.Unlock()
				if c := sixDigits.FindStringSubmatch(m.Text); c != nil {
					return c[1]
				}
				tb.Fatalf("the %s text to %s has no code", purpose, to)
			}
		}
		s.mu.Unlock()
		if time.Now().After(deadline) {
			tb.Fatalf("no %s text to %s", purpose, to)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

func wantCode(t testing.TB, what string, res answer, status int, code string) {
	t.Helper()
	if res.status != status || res.code() != code {
		t.Errorf("%s = %d %s, want %d %s", what, res.status, res.body, status, code)
	}
}

// rawJSON is a request body sent as written.
type rawJSON string

func mustURL(t testing.TB, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// cookieSafe keeps the bytes a cookie value may hold, so that the jar
// sends the rest of a hostile string.
func cookieSafe(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x21 || r > 0x7e || r == '"' || r == ';' || r == ',' || r == '\\' {
			return -1
		}
		return r
	}, s)
}

// show prints an input with its long strings cut.
func show(v any) string {
	s := fmt.Sprintf("%+v", v)
	if len(s) > 300 {
		s = s[:300] + "..."
	}
	return s
}
