package test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/admin"
	"github.com/sesame-go/sesame/plugin/audit"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/password/argon2id"
	"github.com/sesame-go/sesame/sqlb"
)

var start = time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)

// The secrets the journeys use, looked for in every record.
const (
	goodPassword  = "correct horse battery staple"
	wrongPassword = "wrong-secret-guess-4711"
	newPassword   = "tr0ub4dor and 3 more words"
	userAgent     = "audit-test/1.0"
)

// sink keeps what the instance's event sink and the audit sink heard.
type sink struct {
	mu      sync.Mutex
	events  []auth.Event
	records []audit.Record
	fail    bool
}

func (s *sink) event(_ context.Context, ev auth.Event) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.events = append(s.events, ev)
}

func (s *sink) Write(_ context.Context, rs []audit.Record) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.records = append(s.records, rs...)
	if s.fail {
		return errors.New("sink down")
	}
	return nil
}

// sunk returns the types of the records the audit sink got.
func (s *sink) sunk() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, r := range s.records {
		out = append(out, r.Type)
	}
	return out
}

// heard reports whether the event sink heard of an event of typ.
func (s *sink) heard(typ string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, ev := range s.events {
		if ev.Type == typ {
			return true
		}
	}
	return false
}

// A hostile event: a type past its column, a detail past its limit with
// invalid UTF-8, a NUL byte and characters of several bytes.
var (
	noisyType   = strings.Repeat("t", 100)
	noisyDetail = "\xff\x00" + strings.Repeat("é", 700) + "\"</script>"
)

// errProbe is the refusal of the probe's operations.
var errProbe = auth.NewError("probe_refused", http.StatusConflict, "refused")

// probe is a test plugin whose operations raise events and then succeed,
// refuse keeping their writes, or refuse; its session check raises one
// before the transaction of probe.refuse.
type probe struct {
	ops []auth.Operation
}

func newProbe() *probe {
	op := func(name string, h func(ctx context.Context, c *auth.Call) error) *auth.Op[auth.Empty, auth.Empty] {
		return &auth.Op[auth.Empty, auth.Empty]{Name: name, Method: http.MethodPost, Path: "/" + strings.ReplaceAll(name, ".", "/"),
			Session: auth.SessionUser, Writes: true, Codes: []*auth.Error{errProbe},
			Handler: func(ctx context.Context, c *auth.Call, _ auth.Empty) (auth.Empty, error) {
				return auth.Empty{}, h(ctx, c)
			}}
	}
	return &probe{ops: []auth.Operation{
		op("probe.succeed", func(ctx context.Context, c *auth.Call) error {
			c.Emit(ctx, "probe.succeeded", "it happened")
			return nil
		}),
		op("probe.keep", func(ctx context.Context, c *auth.Call) error {
			c.Emit(ctx, "probe.kept", "counted though refused")
			c.KeepWrites()
			return errProbe
		}),
		op("probe.refuse", func(ctx context.Context, c *auth.Call) error {
			c.Emit(ctx, "probe.undone", "rolled back")
			return errProbe
		}),
		op("probe.noise", func(ctx context.Context, c *auth.Call) error {
			c.Emit(ctx, noisyType, noisyDetail)
			return nil
		}),
		op("probe.fail", func(ctx context.Context, c *auth.Call) error {
			c.Emit(ctx, "probe.failed", "rolled back")
			return errors.New("boom")
		}),
	}}
}

func (p *probe) Name() string                 { return "probe" }
func (p *probe) Operations() []auth.Operation { return p.ops }

// CheckSession implements auth.SessionChecker: an event raised before
// the transaction of probe.refuse.
func (p *probe) CheckSession(ctx context.Context, c *auth.Call) error {
	if c.Op().Name == "probe.refuse" {
		c.Emit(ctx, "probe.checked", "before the transaction")
	}
	return nil
}

type fixture struct {
	t     testing.TB
	e     *authtest.Engine
	a     *auth.Auth
	log   *audit.Plugin
	pw    *password.Plugin
	adm   *admin.Plugin
	clock *authtest.Clock
	sink  *sink
	h     http.Handler
	first *authtest.Client
}

// newFixture makes an instance with the password, admin, probe and audit
// plugins, successful password sign-ins mapped to "signed_in", served
// over HTTP behind the middleware.
func newFixture(t testing.TB, e *authtest.Engine, opts []audit.Option, more ...auth.Option) *fixture {
	t.Helper()
	return build(t, e, opts, append([]auth.Option{auth.WithoutRateLimits()}, more...))
}

// build makes the fixture's instance with the given options, rate limits
// on unless they turn them off.
func build(t testing.TB, e *authtest.Engine, opts []audit.Option, more []auth.Option) *fixture {
	t.Helper()
	hasher, err := argon2id.New(argon2id.Params{Memory: 1024, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32})
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{t: t, e: e, clock: authtest.NewClock(start), sink: &sink{}, adm: admin.New(),
		pw: password.New(password.WithHasher(hasher), password.WithoutRecovery())}
	opts = append([]audit.Option{audit.WithOperation(password.OpSignIn, "signed_in"), audit.WithSink(f.sink)}, opts...)
	f.log = audit.New(opts...)
	all := append([]auth.Option{auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
		auth.WithPlugins(email.New(), f.pw, f.adm, newProbe(), f.log), auth.WithClock(f.clock.Now),
		auth.WithRateLimitStore(auth.NewMemoryRateStore()), auth.WithEventSink(f.sink.event)}, more...)
	if f.a, err = auth.New(all...); err != nil {
		t.Fatal(err)
	}
	if err := f.a.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/auth/", authhttp.Handler(f.a))
	mux.Handle("/app", authhttp.RequireUser(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u, _ := authhttp.UserFrom(r)
		w.Write([]byte(u.ID))
	})))
	f.h = authhttp.Middleware(f.a)(mux)
	f.first = authtest.NewClient(t, f.h)
	return f
}

// client returns a new bearer client of the fixture's server.
func (f *fixture) client() *authtest.Client {
	c := authtest.ClientOf(f.t, f.first.BaseURL())
	c.Bearer = true
	return c
}

// account creates a person with a verified address and a password.
func (f *fixture) account(t testing.TB, addr string) string {
	t.Helper()
	ctx := context.Background()
	u, err := f.a.CreateUser(ctx, auth.NewUser{Name: addr, Identities: []auth.NewIdentity{{Kind: email.Kind, Value: addr, Verified: true}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.pw.SetPassword(ctx, u.ID, auth.NewSecret(goodPassword)); err != nil {
		t.Fatal(err)
	}
	f.clock.Advance(time.Hour) // its records (password_changed) before what follows
	return u.ID
}

// post sends a request with the test's User-Agent.
func post(c *authtest.Client, path string, body any) *authtest.Response {
	return c.Do(http.MethodPost, path, body, http.Header{"User-Agent": {userAgent}})
}

func get(c *authtest.Client, path string) *authtest.Response {
	return c.Do(http.MethodGet, path, nil, http.Header{"User-Agent": {userAgent}})
}

// signIn signs addr in on a new bearer client.
func (f *fixture) signIn(t testing.TB, addr string) *authtest.Client {
	t.Helper()
	c := f.client()
	mustOK(t, "sign in "+addr, post(c, "/auth/password/sign-in", map[string]string{"email": addr, "password": goodPassword}))
	return c
}

// all returns every record, newest first, through Query.
func (f *fixture) all(t testing.TB, filter audit.Filter) []audit.Record {
	t.Helper()
	var out []audit.Record
	for {
		page, err := f.log.Query(context.Background(), filter)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, page.Records...)
		if page.NextCursor == "" {
			return out
		}
		filter.Cursor = page.NextCursor
	}
}

// types lists the records' types, oldest first.
func types(rs []audit.Record) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[len(rs)-1-i] = r.Type
	}
	return out
}

// count returns how many rows the audit table holds.
func count(t testing.TB, db *sqlb.DB) int64 {
	t.Helper()
	var n int64
	if err := db.One(context.Background(), sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(audit.Records)); err != nil {
		t.Fatal(err)
	}
	return n
}

func goCtx(c *authtest.Client) context.Context {
	return auth.WithSessionToken(context.Background(), auth.NewSecret(c.Token))
}

func mustOK(t testing.TB, what string, res *authtest.Response) *authtest.Response {
	t.Helper()
	if res.Status != http.StatusOK {
		t.Fatalf("%s = %d %s, want 200", what, res.Status, res.Body)
	}
	return res
}

func wantError(t testing.TB, what string, res *authtest.Response, status int, code string) {
	t.Helper()
	if res.Status != status || res.ErrorCode() != code {
		t.Errorf("%s = %d %s, want %d %s", what, res.Status, strings.TrimSpace(string(res.Body)), status, code)
	}
}
