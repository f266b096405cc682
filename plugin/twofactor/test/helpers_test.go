package test

import (
	"context"
	"database/sql"
	"net/http"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/password/argon2id"
	"github.com/sesame-go/sesame/plugin/phone"
	"github.com/sesame-go/sesame/plugin/twofactor"
	"github.com/sesame-go/sesame/plugin/twofactor/totp"
	"github.com/sesame-go/sesame/sqlb"
)

var start = time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)

const pw = "correct horse battery"

type fixture struct {
	a      *auth.Auth
	e      *authtest.Engine
	mail   *authtest.Mailbox
	clock  *authtest.Clock
	tf     *twofactor.Plugin
	pw     *password.Plugin
	em     *email.Plugin
	ph     *phone.Plugin // nil unless setup.phone
	sms    *smsBox
	events *authtest.EventLog
	h      http.Handler
}

type setup struct {
	tf    []twofactor.Option
	auth  []auth.Option
	email bool
	phone bool // with the phone plugin, texting into sms
}

func newFixture(t testing.TB, e *authtest.Engine, s setup) *fixture {
	t.Helper()
	return newFixtureOn(t, &fixture{e: e, mail: &authtest.Mailbox{}, sms: &smsBox{}, clock: authtest.NewClock(start), events: &authtest.EventLog{}}, s)
}

// newFixtureOn makes an instance with other options on the database,
// mailbox, clock and events of an earlier one: a restart with a new
// configuration.
func newFixtureOn(t testing.TB, old *fixture, s setup) *fixture {
	t.Helper()
	f := &fixture{e: old.e, mail: old.mail, sms: old.sms, clock: old.clock, events: old.events}
	e := f.e
	hasher, err := argon2id.New(argon2id.Params{Memory: 1024, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32})
	if err != nil {
		t.Fatal(err)
	}
	f.em = email.New(email.WithSender(f.mail), email.WithAppName("Acme"))
	f.pw = password.New(password.WithHasher(hasher))
	f.tf = twofactor.New(s.tf...)
	plugins := []auth.Plugin{f.em, f.pw, f.tf}
	if s.phone {
		f.ph = phone.New(phone.WithSender(f.sms))
		plugins = append(plugins, f.ph)
	}
	opts := append([]auth.Option{auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
		auth.WithPlugins(plugins...), auth.WithClock(f.clock.Now), auth.WithoutRateLimits(),
		auth.WithEventSink(f.events.Sink)}, s.auth...)
	if f.a, err = auth.New(opts...); err != nil {
		t.Fatal(err)
	}
	if err := f.a.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	f.h = authhttp.Handler(f.a)
	return f
}

// client returns a bearer client, whose token the tests can read;
// browser returns one that keeps cookies.
func (f *fixture) client(t testing.TB) *authtest.Client {
	c := authtest.NewClient(t, f.h)
	c.Bearer = true
	return c
}

func (f *fixture) browser(t testing.TB) *authtest.Client { return authtest.NewClient(t, f.h) }

func mustPost(t testing.TB, c *authtest.Client, path string, body any, status int) *authtest.Response {
	t.Helper()
	res := c.Post(path, body)
	if res.Status != status {
		t.Fatalf("POST %s = %d %s, want %d", path, res.Status, res.Body, status)
	}
	return res
}

func wantError(t testing.TB, what string, res *authtest.Response, status int, code string) {
	t.Helper()
	if res.Status != status || res.ErrorCode() != code {
		t.Errorf("%s = %d %s, want %d %s", what, res.Status, res.Body, status, code)
	}
}

// account signs up and verifies addr, and returns a client signed in with
// its password (before any second factor).
func (f *fixture) account(t testing.TB, addr string) *authtest.Client {
	t.Helper()
	c := f.client(t)
	mustPost(t, c, "/auth/password/sign-up", map[string]string{"email": addr, "password": pw, "name": "Ada"}, http.StatusOK)
	mustPost(t, c, "/auth/email/verify", map[string]string{"token": f.mail.Token(t, addr, email.PurposeVerify)}, http.StatusOK)
	mustPost(t, c, "/auth/password/sign-in", map[string]string{"email": addr, "password": pw}, http.StatusOK)
	return c
}

// signIn signs addr in with its password on a new client.
func (f *fixture) signIn(t testing.TB, addr string) *authtest.Client {
	t.Helper()
	return f.signInOn(t, f.client(t), addr)
}

// signInOn signs addr in with its password on c.
func (f *fixture) signInOn(t testing.TB, c *authtest.Client, addr string) *authtest.Client {
	t.Helper()
	mustPost(t, c, "/auth/password/sign-in", map[string]string{"email": addr, "password": pw}, http.StatusOK)
	return c
}

// enrolTOTP enrols an authenticator app on c's session, and returns its
// key and the recovery codes.
func (f *fixture) enrolTOTP(t testing.TB, c *authtest.Client) (totp.Key, []string) {
	t.Helper()
	var en struct {
		FactorID string `json:"factorId"`
		URI      string `json:"uri"`
		Key      string `json:"key"`
	}
	mustPost(t, c, "/auth/two-factor/enrol", map[string]string{"method": "totp", "name": "phone"}, http.StatusOK).Decode(t, &en)
	k, issuer, account, err := totp.ParseURI(en.URI)
	if err != nil || issuer != "sesame.test" || k.Base32() != en.Key {
		t.Fatalf("enrolment URI %q: key %v issuer %q account %q, %v", en.URI, k.Base32() == en.Key, issuer, account, err)
	}
	var conf struct {
		RecoveryCodes []string `json:"recoveryCodes"`
	}
	mustPost(t, c, "/auth/two-factor/confirm", map[string]string{"factorId": en.FactorID, "code": k.Code(f.clock.Now())},
		http.StatusOK).Decode(t, &conf)
	return k, conf.RecoveryCodes
}

// nextStep moves the clock to the next time step, so that a new code is
// due.
func (f *fixture) nextStep() { f.clock.Advance(30 * time.Second) }

// sqlSelectFailures reads the account counter of the fixture's only user.
func sqlSelectFailures(n *int64, f *fixture) *sqlb.SelectStmt {
	return sqlb.Select(twofactor.AttemptFailures.Into(n)).From(twofactor.Attempts).
		Where(sqlb.And(twofactor.AttemptScope.Ge("u:"), twofactor.AttemptScope.Lt("u;")))
}

type nullTime = sql.Null[time.Time]
