package test

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"errors"
	"net/http"
	"net/netip"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/pow"
)

var epoch = time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)

// signIn is the operation the tests guard: the test kit's sign-in.
const signIn = "authtest.signIn"

// difficulty is the tests' puzzle difficulty: cheap to solve.
const difficulty = 6

// fixture is an instance with the test kit's sign-in, a token plugin of
// the tests' own and the pow plugin, served under /auth/ behind a
// trusted proxy (the loopback), so that X-Forwarded-For names the client.
type fixture struct {
	a     *auth.Auth
	e     *authtest.Engine
	clock *authtest.Clock
	login *authtest.Login
	pow   *pow.Plugin
	other *otherTokens
	h     http.Handler
}

type setup struct {
	pow  []pow.Option
	auth []auth.Option
	db   *sql.DB // a pool of e's database other than e.DB (a faulty one)
}

// challenged is a rule whose IP count demands a challenge past 2 calls
// and refuses past 6.
var challenged = auth.RateRules{IP: auth.RateRule{Limit: 6, Window: time.Minute, Challenge: 2}}

func newFixture(t testing.TB, e *authtest.Engine, s setup) *fixture {
	t.Helper()
	f := &fixture{e: e, clock: authtest.NewClock(epoch), login: authtest.NewLogin(), other: &otherTokens{}}
	f.pow = pow.New(append([]pow.Option{pow.WithDifficulty(difficulty), pow.WithRaise(1, difficulty+4)}, s.pow...)...)
	db := e.DB
	if s.db != nil {
		db = s.db
	}
	opts := append([]auth.Option{auth.WithDB(db, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
		auth.WithPlugins(f.login, f.other, f.pow), auth.WithClock(f.clock.Now),
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
	f.h = mux
	return f
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

// post posts body to path with the client's address and, when proof is
// not empty, the proof header.
func (c *client) post(path string, body any, proof string) *authtest.Response {
	h := http.Header{"X-Forwarded-For": {c.ip}}
	if proof != "" {
		h.Set(pow.Header, proof)
	}
	return c.Do(http.MethodPost, path, body, h)
}

// signIn calls the guarded sign-in.
func (c *client) signIn(name, proof string) *authtest.Response {
	return c.post("/auth/authtest/sign-in", map[string]string{"name": name}, proof)
}

// puzzle asks for a puzzle for op.
func (c *client) puzzle(t testing.TB, op string) pow.Puzzle {
	t.Helper()
	res := c.post("/auth/pow/challenge", map[string]string{"op": op}, "")
	if res.Status != http.StatusOK {
		t.Fatalf("POST /auth/pow/challenge %s = %d %s, want 200", op, res.Status, res.Body)
	}
	var p struct {
		Challenge  string    `json:"challenge"`
		Difficulty int       `json:"difficulty"`
		Algorithm  string    `json:"algorithm"`
		ExpiresAt  time.Time `json:"expiresAt"`
	}
	if err := authtest.StrictDecode(res.Body, &p); err != nil {
		t.Fatalf("puzzle %s: %v", res.Body, err)
	}
	if p.Algorithm != pow.Algorithm || p.Difficulty < difficulty || p.ExpiresAt.IsZero() {
		t.Fatalf("puzzle = %s", res.Body)
	}
	return pow.Puzzle{Challenge: auth.Show(auth.NewSecret(p.Challenge)), Difficulty: p.Difficulty,
		Algorithm: p.Algorithm, ExpiresAt: p.ExpiresAt}
}

// proof asks for a puzzle for op and solves it.
func (c *client) proof(t testing.TB, op string) string {
	t.Helper()
	return solve(t, c.puzzle(t, op))
}

func solve(t testing.TB, p pow.Puzzle) string {
	t.Helper()
	proof, err := pow.Solve(context.Background(), p.Challenge.Reveal(), p.Difficulty)
	if err != nil {
		t.Fatalf("Solve: %v", err)
	}
	return proof
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

// zeroBits is the tests' own reading of the documented algorithm: the
// leading zero bits of the SHA-256 of the proof's ASCII string.
func zeroBits(proof string) int {
	h := sha256.Sum256([]byte(proof))
	n := 0
	for _, b := range h {
		for bit := 7; bit >= 0; bit-- {
			if b>>bit&1 == 1 {
				return n
			}
			n++
		}
	}
	return n
}
