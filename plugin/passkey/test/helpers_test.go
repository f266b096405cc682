package test

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/descope/virtualwebauthn"
	"github.com/go-webauthn/webauthn/protocol/webauthncose"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/passkey"
	"github.com/sesame-go/sesame/sqlb"
)

var start = time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)

// WebAuthn needs a secure context: http://localhost is one, so the
// instance lives there and the relying party ID is "localhost".
const (
	baseURL = "http://localhost/auth"
	origin  = "http://localhost"
)

// events records the security events of an instance.
type events struct {
	mu  sync.Mutex
	all []auth.Event
}

func (l *events) add(_ context.Context, ev auth.Event) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.all = append(l.all, ev)
}

func (l *events) of(typ string) []auth.Event {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []auth.Event
	for _, ev := range l.all {
		if ev.Type == typ {
			out = append(out, ev)
		}
	}
	return out
}

type fixture struct {
	e      *authtest.Engine
	a      *auth.Auth
	pk     *passkey.Plugin
	mail   *authtest.Mailbox
	clock  *authtest.Clock
	events *events
	c      *authtest.Client // the first browser's: it waits for the server's deliveries
	taken  bool
}

// newFixture's instance has the email plugin, the test sign-in plugin
// (authtest.Login, which signs anyone in by name) and the passkey plugin,
// at http://localhost, with no rate limits.
func newFixture(t testing.TB, e *authtest.Engine, opts ...passkey.Option) *fixture {
	t.Helper()
	return newFixtureOn(t, e, e.DB, opts...)
}

func newFixtureOn(t testing.TB, e *authtest.Engine, db *sql.DB, opts ...passkey.Option) *fixture {
	t.Helper()
	return newFixtureWith(t, e, db, nil, opts...)
}

// newFixtureWith's instance has more plugins.
func newFixtureWith(t testing.TB, e *authtest.Engine, db *sql.DB, more []auth.Plugin, opts ...passkey.Option) *fixture {
	t.Helper()
	f := &fixture{e: e, mail: &authtest.Mailbox{}, clock: authtest.NewClock(start), events: &events{}}
	f.pk = passkey.New(opts...)
	a, err := auth.New(auth.WithDB(db, e.Dialect), auth.WithBaseURL(baseURL),
		auth.WithPlugins(append([]auth.Plugin{email.New(email.WithSender(f.mail)), authtest.NewLogin(), f.pk}, more...)...),
		auth.WithClock(f.clock.Now), auth.WithoutRateLimits(), auth.WithEventSink(f.events.add))
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	f.a = a
	f.c = authtest.NewClient(t, authhttp.Handler(a))
	f.c.Origin = origin
	return f
}

// browser is an HTTP client that keeps cookies, with a software
// authenticator that holds passkeys for localhost.
type browser struct {
	c     *authtest.Client
	rp    virtualwebauthn.RelyingParty
	authr virtualwebauthn.Authenticator
	// keys are the passkeys the authenticator made, in order.
	keys []virtualwebauthn.Credential
}

// browser returns the fixture's first browser, whose requests wait for
// the server's deliveries, and then new ones, each with its own cookies
// and authenticator.
func (f *fixture) browser(t testing.TB) *browser {
	t.Helper()
	c := f.c
	if f.taken {
		c = authtest.ClientOf(t, f.c.BaseURL())
		c.Origin = origin
	}
	f.taken = true
	return &browser{c: c, rp: virtualwebauthn.RelyingParty{ID: "localhost", Name: "localhost", Origin: origin},
		authr: virtualwebauthn.NewAuthenticator()}
}

// account makes a person named name, with a verified address
// name@example.com, and signs them in on b.
func (f *fixture) account(t testing.TB, b *browser, name string) *auth.User {
	t.Helper()
	u, err := f.a.CreateUser(context.Background(), auth.NewUser{Name: name, Identities: []auth.NewIdentity{
		{Kind: "authtest", Value: name, Verified: true}, {Kind: email.Kind, Value: name + "@example.com", Verified: true}}})
	if err != nil {
		t.Fatal(err)
	}
	authtest.SignIn(t, b.c, "/auth", name)
	return u
}

// post sends a POST and checks its status.
func (b *browser) post(t testing.TB, path string, body any, status int) *authtest.Response {
	t.Helper()
	res := b.c.Post(path, body)
	if res.Status != status {
		t.Fatalf("POST %s = %d %s, want %d", path, res.Status, res.Body, status)
	}
	return res
}

// attest answers registration options as the authenticator would.
func (b *browser) attest(t testing.TB, options []byte) (json.RawMessage, virtualwebauthn.Credential) {
	t.Helper()
	opts, err := virtualwebauthn.ParseAttestationOptions(string(options))
	if err != nil {
		t.Fatalf("parse %s: %v", options, err)
	}
	b.authr.Options.UserHandle = []byte(opts.UserID)
	cred := newKey(t)
	return json.RawMessage(virtualwebauthn.CreateAttestationResponse(b.rp, b.authr, cred, *opts)), cred
}

// register registers a new passkey of the authenticator under a name.
func (b *browser) register(t testing.TB, name string) passkey.Passkey {
	t.Helper()
	res := b.post(t, "/auth/passkey/register/options", nil, http.StatusOK)
	answer, cred := b.attest(t, res.Body)
	var out passkey.Registered
	b.post(t, "/auth/passkey/register", map[string]any{"credential": answer, "name": name}, http.StatusOK).Decode(t, &out)
	b.keys = append(b.keys, cred)
	return out.Passkey
}

// assert answers sign-in options with the authenticator's i-th passkey.
func (b *browser) assert(t testing.TB, options []byte, i int) json.RawMessage {
	t.Helper()
	opts, err := virtualwebauthn.ParseAssertionOptions(string(options))
	if err != nil {
		t.Fatalf("parse %s: %v", options, err)
	}
	return json.RawMessage(virtualwebauthn.CreateAssertionResponse(b.rp, b.authr, b.keys[i], *opts))
}

// signInAnswer asks for sign-in options and answers them with the i-th
// passkey, without sending the answer.
func (b *browser) signInAnswer(t testing.TB, i int) json.RawMessage {
	t.Helper()
	res := b.post(t, "/auth/passkey/sign-in/options", map[string]any{}, http.StatusOK)
	return b.assert(t, res.Body, i)
}

// signIn signs in with the i-th passkey.
func (b *browser) signIn(t testing.TB, i int) passkey.SignedIn {
	t.Helper()
	var out passkey.SignedIn
	b.post(t, "/auth/passkey/sign-in", map[string]any{"credential": b.signInAnswer(t, i)}, http.StatusOK).Decode(t, &out)
	return out
}

// list returns the signed-in person's passkeys.
func (b *browser) list(t testing.TB) []passkey.Passkey {
	t.Helper()
	res := b.c.Get("/auth/passkey/list")
	if res.Status != http.StatusOK {
		t.Fatalf("GET /auth/passkey/list = %d %s", res.Status, res.Body)
	}
	var out passkey.List
	res.Decode(t, &out)
	return out.Passkeys
}

// dropIdentities deletes a person's identities of a kind, as if they
// never had them: to make accounts whose only ways in are passkeys.
func (f *fixture) dropIdentities(t testing.TB, userID, kind string) {
	t.Helper()
	_, err := f.e.SQL().Exec(context.Background(), sqlb.Delete(auth.Identities).
		Where(sqlb.And(auth.IdentityUserID.Eq(userID), auth.IdentityKindName.Eq(kind))))
	if err != nil {
		t.Fatal(err)
	}
}

func countSessions(n *int64) *sqlb.SelectStmt {
	return sqlb.Select(sqlb.Into(sqlb.Count(), n)).From(auth.Sessions)
}

// newKey returns a new passkey of the software authenticator. Its encoder
// drops the leading zero bytes of a P-256 coordinate, which WebAuthn
// rightly refuses (RFC 9053 §7.1.1: 32 bytes each), once in about 128
// keys: such keys are drawn again.
func newKey(t testing.TB) virtualwebauthn.Credential {
	t.Helper()
	for range 100 {
		cred := virtualwebauthn.NewCredential(virtualwebauthn.KeyTypeEC2)
		if _, err := webauthncose.ParsePublicKey(cred.Key.AttestationData()); err == nil {
			return cred
		}
	}
	t.Fatal("no well-formed key in 100 tries")
	return virtualwebauthn.Credential{}
}
