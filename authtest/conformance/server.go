package conformance

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/sqlb"
)

// start is the time every scenario's clock starts at.
var start = time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)

// newAuth returns authtest's instance on e with opts, counting rate limits
// in a memory store of its own so that no two instances share counters,
// and keeping sessions in a store of the target's when it has one.
func newAuth(tb testing.TB, e *authtest.Engine, target Target, opts ...auth.Option) *auth.Auth {
	tb.Helper()
	a, _ := newCountedAuth(tb, e, target, opts...)
	return a
}

// newCountedAuth is newAuth, also returning the counts of the calls made
// to the target's session store, or nil when sessions are in the
// database.
func newCountedAuth(tb testing.TB, e *authtest.Engine, target Target, opts ...auth.Option) (*auth.Auth, *countingStore) {
	tb.Helper()
	base := []auth.Option{auth.WithRateLimitStore(auth.NewMemoryRateStore())}
	var counted *countingStore
	if target.SessionStore != nil {
		counted = &countingStore{SessionStore: target.SessionStore(tb)}
		base = append(base, auth.WithSessionStore(counted))
	}
	return authtest.NewAuth(tb, e, append(base, opts...)...), counted
}

// countingStore counts the per-request calls of a session store.
type countingStore struct {
	auth.SessionStore
	lookups, extends atomic.Int64
}

func (s *countingStore) Lookup(ctx context.Context, a *auth.Auth, hash []byte, now time.Time) (*auth.Session, *auth.User, error) {
	s.lookups.Add(1)
	return s.SessionStore.Lookup(ctx, a, hash, now)
}

func (s *countingStore) Extend(ctx context.Context, db *sqlb.DB, id string, expires, seen time.Time) error {
	s.extends.Add(1)
	return s.SessionStore.Extend(ctx, db, id, expires, seen)
}

// reset zeroes the counts.
func (s *countingStore) reset() { s.lookups.Store(0); s.extends.Store(0) }

// person returns a user name no other test uses: the scenarios of an
// engine share its database, so each signs in people of its own.
func person(tb testing.TB, first string) string {
	name := first + " of " + tb.Name()
	if len(name) > 128 { // identities hold 255 bytes
		sum := sha256.Sum256([]byte(name))
		name = first + " of " + hex.EncodeToString(sum[:12])
	}
	return name
}

// server is a running target.
type server struct {
	url string
}

// serve starts target's server for a, closed when tb ends.
func serve(tb testing.TB, target Target, a *auth.Auth, opts ...authhttp.Option) server {
	tb.Helper()
	url := target.Serve(tb, a, opts...)
	if !strings.HasPrefix(url, "http://") || strings.HasSuffix(url, "/") {
		tb.Fatalf("%s: Serve returned base URL %q, want http://host:port with no trailing slash", target.Name, url)
	}
	return server{url: url}
}

// client returns a new client of s, a browser with an empty cookie jar
// sending the instance's own Origin, failing tb on transport errors.
func (s server) client(tb testing.TB) *client {
	tb.Helper()
	return &client{Client: authtest.ClientOf(tb, s.url), tb: tb}
}

// client is an [authtest.Client] that checks every answer for what must
// hold of all of them: at most one session cookie, with the attributes
// authhttp documents.
type client struct {
	*authtest.Client
	tb testing.TB
}

// Get sends a GET.
func (c *client) Get(path string) *authtest.Response { return c.Do(http.MethodGet, path, nil, nil) }

// Post sends a POST of body as JSON (nil sends no body).
func (c *client) Post(path string, body any) *authtest.Response {
	return c.Do(http.MethodPost, path, body, nil)
}

// Do sends a request as [authtest.Client.Do] does and checks the answer's
// session cookie.
func (c *client) Do(method, path string, body any, header http.Header) *authtest.Response {
	c.tb.Helper()
	res := c.Client.Do(method, path, body, header)
	sessionCookie(c.tb, method+" "+path, res)
	return res
}

// bearer switches c to the bearer transport, as an app that is not a
// browser: no Origin.
func (c *client) bearer() *client {
	c.Bearer, c.Origin = true, ""
	return c
}
