package test

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/sqlb"
)

// TestSessions walks the session routes with sessions in Redis, on every
// engine: sign-in, a lookup per request, the list newest first, revoking
// one session and the others, and a password change, whose
// account-security event ends every other session. Nothing is left in
// the session table, and nothing in Redis once all have signed out.
func TestSessions(t *testing.T) {
	authtest.RedisURL(t) // skip once, not in every subtest
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		sp := newSpace(t)
		mail := &authtest.Mailbox{}
		clock := authtest.NewClock(start)
		counted := &countingStore{SessionStore: sp.sessions()}
		s := newSite(t, e, mail, clock, counted, auth.WithoutRateLimits())
		s.signUp(t, "ada@example.com", "ada's password")

		// Four browsers sign in, a minute apart.
		browsers := make([]*authtest.Client, 4)
		ids := make([]string, 4)
		for i := range browsers {
			browsers[i] = authtest.NewClient(t, s.h)
			ids[i] = signIn(t, browsers[i], "ada@example.com", "ada's password").ID
			clock.Advance(time.Minute)
		}
		a, b, c, d := browsers[0], browsers[1], browsers[2], browsers[3]

		// Each request looks its session up once, in Redis.
		for i, br := range browsers {
			counted.reset()
			if got := sessionOf(t, br); got != ids[i] {
				t.Fatalf("browser %d: /app/me session %q, want %q", i, got, ids[i])
			}
			if n := counted.lookups.Load(); n != 1 {
				t.Errorf("browser %d: a request looked its session up %d times, want 1", i, n)
			}
		}
		if got, want := listed(t, a), []string{ids[3], ids[2], ids[1], ids[0]}; !slices.Equal(got, want) {
			t.Fatalf("sessions = %q, want %q, newest first", got, want)
		}

		// a revokes b's session: b's next request is signed out.
		if res := a.Post("/auth/sessions/revoke", map[string]string{"id": ids[1]}); res.Status != http.StatusOK {
			t.Fatalf("revoke = %d %s", res.Status, res.Body)
		}
		if got := sessionOf(t, b); got != "" {
			t.Errorf("b's revoked session still serves /app/me")
		}
		if got, want := listed(t, a), []string{ids[3], ids[2], ids[0]}; !slices.Equal(got, want) {
			t.Errorf("sessions after revoking b = %q, want %q", got, want)
		}

		// d signs out everywhere else: a and c are signed out, d is not.
		if res := d.Post("/auth/sessions/revoke-others", nil); res.Status != http.StatusOK {
			t.Fatalf("revoke-others = %d %s", res.Status, res.Body)
		}
		for name, br := range map[string]*authtest.Client{"a": a, "c": c} {
			if got := sessionOf(t, br); got != "" {
				t.Errorf("%s's session survived revoke-others", name)
			}
		}
		if got, want := listed(t, d), []string{ids[3]}; !slices.Equal(got, want) {
			t.Errorf("sessions after revoke-others = %q, want %q", got, want)
		}

		// Two more browsers sign in; d changes the password, from its
		// fresh session: the others are signed out, d stays.
		e1, e2 := authtest.NewClient(t, s.h), authtest.NewClient(t, s.h)
		signIn(t, e1, "ada@example.com", "ada's password")
		signIn(t, e2, "ada@example.com", "ada's password")
		d = authtest.NewClient(t, s.h) // a fresh session for the change
		fresh := signIn(t, d, "ada@example.com", "ada's password").ID
		res := d.Post("/auth/password/change", map[string]string{"currentPassword": "ada's password", "newPassword": "ada's new password"})
		if res.Status != http.StatusOK {
			t.Fatalf("password change = %d %s", res.Status, res.Body)
		}
		for name, br := range map[string]*authtest.Client{"e1": e1, "e2": e2, "the old d": browsers[3]} {
			if got := sessionOf(t, br); got != "" {
				t.Errorf("%s's session survived the password change", name)
			}
		}
		if got := sessionOf(t, d); got != fresh {
			t.Errorf("the session that changed the password: /app/me session %q, want %q", got, fresh)
		}
		if got, want := listed(t, d), []string{fresh}; !slices.Equal(got, want) {
			t.Errorf("sessions after the password change = %q, want %q", got, want)
		}

		if res := d.Post("/auth/sign-out", nil); res.Status != http.StatusOK {
			t.Fatalf("sign-out = %d %s", res.Status, res.Body)
		}
		if got := sessionOf(t, d); got != "" {
			t.Errorf("signed out, /app/me still serves session %q", got)
		}
		if n := count(t, s.a.DB(), auth.Sessions); n != 0 {
			t.Errorf("%d rows in the session table, want none: sessions are in Redis", n)
		}
		if keys := sp.keys(t, "session*"); len(keys) != 0 {
			t.Errorf("session keys left after every session ended: %q", keys)
		}
	})
}

// TestSessionRefreshAndExpiry: a request due for a refresh extends the
// session in Redis, its time to live following the new expiry; a session
// past its expiry, by the instance's clock, signs nobody in, and the
// user's next list deletes it.
func TestSessionRefreshAndExpiry(t *testing.T) {
	sp := newSpace(t)
	e := authtest.SQLiteEngine(t)
	clock := authtest.NewClock(start)
	counted := &countingStore{SessionStore: sp.sessions()}
	s := newSite(t, e, &authtest.Mailbox{}, clock, counted, auth.WithoutRateLimits(),
		auth.WithSessionLifetime(time.Hour), auth.WithSessionUpdateAge(10*time.Minute))
	s.signUp(t, "ada@example.com", "ada's password")
	c := authtest.NewClient(t, s.h)
	ses := signIn(t, c, "ada@example.com", "ada's password")
	id := ses.ID
	ctx := context.Background()
	sessionTTL := func() time.Duration {
		keys := sp.keys(t, "session:*")
		if len(keys) != 1 {
			t.Fatalf("session keys %q, want one", keys)
		}
		return sp.rdb.PTTL(ctx, keys[0]).Val()
	}

	clock.Advance(50 * time.Minute) // due for a refresh
	counted.reset()
	if got := sessionOf(t, c); got != id {
		t.Fatalf("/app/me session %q, want %q", got, id)
	}
	if n := counted.extends.Load(); n != 1 {
		t.Errorf("%d extends for a request due for a refresh, want 1", n)
	}
	if ttl := sessionTTL(); ttl < 59*time.Minute || ttl > time.Hour {
		t.Errorf("time to live after the refresh = %v, want the lifetime, 1h", ttl)
	}

	clock.Advance(61 * time.Minute) // past the new expiry
	if got := sessionOf(t, c); got != "" {
		t.Errorf("an expired session serves /app/me")
	}
	sessions, err := counted.List(ctx, nil, ses.UserID, clock.Now())
	if err != nil || len(sessions) != 0 {
		t.Errorf("List of an expired session's user = %v, %v; want none", sessions, err)
	}
	if keys := sp.keys(t, "*"); len(keys) != 0 {
		t.Errorf("keys left once List found the session expired: %q", keys)
	}
}

// TestTwoInstances: two instances on one database and one Redis see the
// same sessions: a session made on one serves the other, and a sign-out
// on one is seen by the other's very next request. The instances run in
// one process; TestTwoProcesses runs them as two.
func TestTwoInstances(t *testing.T) {
	authtest.RedisURL(t) // skip once, not in every subtest
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		sp := newSpace(t)
		mail := &authtest.Mailbox{}
		clock := authtest.NewClock(start)
		one := newSite(t, e, mail, clock, sp.sessions(), auth.WithoutRateLimits())
		two := newSite(t, &authtest.Engine{Name: e.Name, Dialect: e.Dialect, DB: e.Open(t)}, mail, clock, sp.twin(t).sessions(), auth.WithoutRateLimits())
		one.signUp(t, "ada@example.com", "ada's password")

		c1 := authtest.NewClient(t, one.h)
		c1.Bearer, c1.Origin = true, ""
		id := signIn(t, c1, "ada@example.com", "ada's password").ID
		c2 := authtest.NewClient(t, two.h)
		c2.Bearer, c2.Origin, c2.Token = true, "", c1.Token
		if got := sessionOf(t, c2); got != id {
			t.Fatalf("the other instance: /app/me session %q, want %q", got, id)
		}
		if res := c1.Post("/auth/sign-out", nil); res.Status != http.StatusOK {
			t.Fatalf("sign-out = %d %s", res.Status, res.Body)
		}
		if got := sessionOf(t, c2); got != "" {
			t.Errorf("the other instance's next request still has session %q", got)
		}
	})
}

// TestFailedOperationLeavesNoSession: an operation that signs someone in
// and then fails leaves no session in Redis, though Redis is outside its
// transaction: the core deletes it.
func TestFailedOperationLeavesNoSession(t *testing.T) {
	sp := newSpace(t)
	e := authtest.SQLiteEngine(t)
	p := &failing{}
	p.op = &auth.Op[auth.Empty, auth.Empty]{Name: "failing.signIn", Method: http.MethodPost, Path: "/failing", Writes: true,
		Codes: []*auth.Error{errLate},
		Handler: func(ctx context.Context, c *auth.Call, _ auth.Empty) (auth.Empty, error) {
			u, err := c.CreateUser(ctx, "Ada", "")
			if err != nil {
				return auth.Empty{}, err
			}
			if _, _, err := c.StartSession(ctx, u.ID, "failing"); err != nil {
				return auth.Empty{}, err
			}
			if len(sp.keys(t, "session:*")) != 1 {
				t.Errorf("no session in Redis before the failure")
			}
			return auth.Empty{}, errLate
		}}
	newLoginAuth(t, e, auth.WithPlugins(p), auth.WithSessionStore(sp.sessions()))
	if _, err := p.op.Run(context.Background(), auth.Empty{}); !errors.Is(err, errLate) {
		t.Fatalf("Run = %v, want %v", err, errLate)
	}
	if keys := sp.keys(t, "*"); len(keys) != 0 {
		t.Errorf("keys left by the failed operation: %q", keys)
	}
}

var errLate = &auth.Error{Code: "late_failure", Message: "failed after signing in", Status: http.StatusConflict}

// failing is a plugin whose one operation fails after starting a session.
type failing struct {
	op *auth.Op[auth.Empty, auth.Empty]
}

func (*failing) Name() string                   { return "failing" }
func (p *failing) Operations() []auth.Operation { return []auth.Operation{p.op} }
func (*failing) Credentials() []string          { return []string{"failing"} }

// countingStore counts a session store's per-request calls.
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

func (s *countingStore) reset() { s.lookups.Store(0); s.extends.Store(0) }

// count returns the number of rows in table.
func count(tb testing.TB, db *sqlb.DB, table *sqlb.Table) int64 {
	tb.Helper()
	var n int64
	if err := db.One(context.Background(), sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(table)); err != nil {
		tb.Fatal(err)
	}
	return n
}
