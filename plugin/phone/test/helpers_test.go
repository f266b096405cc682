package test

import (
	"context"
	"net/http"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/phone"
)

var start = time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)

// Numbers of Ofcom's range for drama (07700 900000 to 900999): never a
// real person's.
const (
	ada   = "+447700900001"
	ada2  = "+447700900002"
	ada3  = "+447700900003"
	grace = "+447700900100"
)

// smsBox is a phone.Sender for tests: it keeps every text.
type smsBox struct {
	mu   sync.Mutex
	msgs []phone.Message
}

func (b *smsBox) Send(_ context.Context, m phone.Message) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.msgs = append(b.msgs, m)
	return nil
}

// messages returns the texts to a number, oldest first, or every text
// when to is empty.
func (b *smsBox) messages(to string) []phone.Message {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []phone.Message
	for _, m := range b.msgs {
		if to == "" || m.To == to {
			out = append(out, m)
		}
	}
	return out
}

// count returns how many texts of a purpose went to a number.
func (b *smsBox) count(to, purpose string) int {
	n := 0
	for _, m := range b.messages(to) {
		if m.Purpose == purpose {
			n++
		}
	}
	return n
}

// last returns the newest text of a purpose to a number, waiting up to
// authtest.MailWait for it (texts leave after the answer).
func (b *smsBox) last(tb testing.TB, to, purpose string) phone.Message {
	tb.Helper()
	deadline := time.Now().Add(authtest.MailWait)
	for {
		msgs := b.messages(to)
		for i := len(msgs) - 1; i >= 0; i-- {
			if msgs[i].Purpose == purpose {
				return msgs[i]
			}
		}
		if time.Now().After(deadline) {
			tb.Fatalf("no %s text to %s among %d", purpose, to, len(msgs))
		}
		time.Sleep(2 * time.Millisecond)
	}
}

var sixDigits = regexp.MustCompile(`\b(\d{6})\b`)

// code returns the code of the newest text of a purpose to a number.
func (b *smsBox) code(tb testing.TB, to, purpose string) string {
	tb.Helper()
	m := sixDigits.FindStringSubmatch(b.last(tb, to, purpose).Text)
	if m == nil {
		tb.Fatalf("the %s text to %s has no code", purpose, to)
	}
	return m[1]
}

type fixture struct {
	a      *auth.Auth
	e      *authtest.Engine
	ph     *phone.Plugin
	em     *email.Plugin
	sms    *smsBox
	mail   *authtest.Mailbox
	clock  *authtest.Clock
	events *authtest.EventLog
	h      http.Handler
}

// setup says how to make a fixture: rate limits are off unless limits,
// and the prefix limit is off unless the phone options set one.
type setup struct {
	phone  []phone.Option
	auth   []auth.Option
	limits bool
	sender phone.Sender
}

func newFixture(t testing.TB, e *authtest.Engine, s setup) *fixture {
	t.Helper()
	f := &fixture{e: e, sms: &smsBox{}, mail: &authtest.Mailbox{}, clock: authtest.NewClock(start), events: &authtest.EventLog{}}
	var sender phone.Sender = f.sms
	if s.sender != nil {
		sender = s.sender
	}
	f.ph = phone.New(append([]phone.Option{phone.WithSender(sender), phone.WithAppName("Acme"),
		phone.WithPrefixLimit(phone.PrefixLimit{})}, s.phone...)...)
	f.em = email.New(email.WithSender(f.mail), email.WithAppName("Acme"))
	opts := []auth.Option{auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithPlugins(f.em, f.ph),
		auth.WithClock(f.clock.Now), auth.WithEventSink(f.events.Sink), auth.WithRateLimitStore(auth.NewMemoryRateStore())}
	if !s.limits {
		opts = append(opts, auth.WithoutRateLimits())
	}
	a, err := auth.New(append(opts, s.auth...)...)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	f.a, f.h = a, authhttp.Handler(a)
	return f
}

// client returns a bearer client, whose token the tests can read.
func (f *fixture) client(t testing.TB) *authtest.Client {
	c := authtest.NewClient(t, f.h)
	c.Bearer = true
	return c
}

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

// signedIn is the answer of a sign-in over HTTP.
type signedIn struct {
	User    *auth.User `json:"user"`
	Created bool       `json:"created"`
}

// signIn asks for a code for a number on a new client and signs in with
// it, and returns the client and the answer.
func (f *fixture) signIn(t testing.TB, raw, purpose string) (*authtest.Client, signedIn) {
	t.Helper()
	c := f.client(t)
	mustPost(t, c, "/auth/phone/code/send", map[string]string{"phone": raw}, http.StatusOK)
	n, err := f.ph.Normalize(raw)
	if err != nil {
		t.Fatal(err)
	}
	var in signedIn
	mustPost(t, c, "/auth/phone/code/sign-in", map[string]string{"phone": raw, "code": f.sms.code(t, n.E164, purpose), "name": "Ada"},
		http.StatusOK).Decode(t, &in)
	return c, in
}

// person creates an account with verified identities, as the host's
// seeding would.
func (f *fixture) person(t testing.TB, ids ...auth.NewIdentity) *auth.User {
	t.Helper()
	for i := range ids {
		ids[i].Verified = true
	}
	u, err := f.a.CreateUser(context.Background(), auth.NewUser{Name: "Someone", Identities: ids})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func number(v string) auth.NewIdentity  { return auth.NewIdentity{Kind: phone.Kind, Value: v} }
func address(v string) auth.NewIdentity { return auth.NewIdentity{Kind: email.Kind, Value: v} }

// phones returns the numbers of the caller of c, with whether each is
// verified.
func phones(t testing.TB, c *authtest.Client) map[string]bool {
	t.Helper()
	var list struct {
		Phones []*auth.Identity `json:"phones"`
	}
	res := c.Get("/auth/phone/list")
	if res.Status != http.StatusOK {
		t.Fatalf("GET /phone/list = %d %s", res.Status, res.Body)
	}
	res.Decode(t, &list)
	out := map[string]bool{}
	for _, id := range list.Phones {
		out[id.Value] = id.Verified()
	}
	return out
}
