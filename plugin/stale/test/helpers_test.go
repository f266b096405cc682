package test

import (
	"context"
	"database/sql"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/apikey"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/lastlogin"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/password/argon2id"
	"github.com/sesame-go/sesame/plugin/stale"
	"github.com/sesame-go/sesame/sqlb"
)

var epoch = time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)

const (
	pw  = "correct horse battery"
	day = 24 * time.Hour
)

// outbox is an email sender that keeps who was sent which purpose.
type outbox struct {
	mu   sync.Mutex
	sent map[string][]string // address -> purposes
	n    int
}

func (o *outbox) Send(_ context.Context, m email.Message) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.sent == nil {
		o.sent = map[string][]string{}
	}
	o.n++
	if o.n <= 1000 { // a bulk run keeps counting, not every message
		o.sent[m.To] = append(o.sent[m.To], m.Purpose)
	}
	return nil
}

func (o *outbox) count(addr string) int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return len(o.sent[addr])
}

func (o *outbox) total() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.n
}

// fixture is an instance with email, password, lastlogin, API keys and
// stale: a year's threshold, deletion 30 days after the mail.
type fixture struct {
	a     *auth.Auth
	e     *authtest.Engine
	clock *authtest.Clock
	mail  *outbox
	pw    *password.Plugin
	st    *stale.Plugin
	keys  *apikey.Plugin
}

func newFixture(t testing.TB, e *authtest.Engine, db *sql.DB, opts ...stale.Option) *fixture {
	t.Helper()
	f := &fixture{e: e, clock: authtest.NewClock(epoch), mail: &outbox{}}
	hasher, err := argon2id.New(argon2id.Params{Memory: 1024, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32})
	if err != nil {
		t.Fatal(err)
	}
	f.pw = password.New(password.WithHasher(hasher))
	f.keys = apikey.New()
	f.st = stale.New(append([]stale.Option{stale.WithDeleteAfter(30 * day)}, opts...)...)
	if db == nil {
		db = e.DB
	}
	f.a, err = auth.New(auth.WithDB(db, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
		auth.WithPlugins(email.New(email.WithSender(f.mail)), f.pw, lastlogin.New(), f.keys, f.st),
		auth.WithClock(f.clock.Now), auth.WithoutRateLimits())
	if err != nil {
		t.Fatal(err)
	}
	if err := f.a.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return f
}

// account makes a user with a verified address (none when addr is "")
// and a password, now.
func (f *fixture) account(t testing.TB, name, addr string) string {
	t.Helper()
	u := auth.NewUser{Name: name}
	if addr != "" {
		u.Identities = []auth.NewIdentity{{Kind: email.Kind, Value: addr, Verified: true}}
	}
	created, err := f.a.CreateUser(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.pw.SetPassword(context.Background(), created.ID, auth.NewSecret(pw)); err != nil {
		t.Fatal(err)
	}
	return created.ID
}

func (f *fixture) signIn(t testing.TB, addr string) {
	t.Helper()
	if _, err := f.pw.SignIn(context.Background(), password.SignInRequest{Email: addr, Password: auth.NewSecret(pw)}); err != nil {
		t.Fatalf("SignIn(%s) = %v", addr, err)
	}
}

func (f *fixture) exists(t testing.TB, id string) bool {
	t.Helper()
	var n int64
	if err := f.e.SQL().One(context.Background(), sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(auth.Users).Where(auth.UserID.Eq(id))); err != nil {
		t.Fatal(err)
	}
	return n == 1
}
