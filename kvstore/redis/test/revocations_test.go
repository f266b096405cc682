package test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	redisstore "github.com/sesame-go/sesame/kvstore/redis"
)

// sealer returns a sealer of one fixed key: instances sharing it open
// each other's stateless tokens.
func sealer(tb testing.TB) *auth.Sealer {
	s, err := auth.NewSealer([]byte("0123456789abcdef0123456789abcdef"))
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

func (sp *space) revocations() *redisstore.Revocations {
	return redisstore.NewRevocations(sp.rdb, redisstore.WithPrefix(sp.prefix))
}

// TestStatelessRevocationsAcrossInstances: two instances share the
// database, the sealing keys and a revocation list in Redis. A password
// user's whole journey (sign-up, sign-in, a request, a refresh that
// re-issues the token, sign-out) runs on one; a copy of the token taken
// before the sign-out is refused by the other at its next request, also
// within a refresh-without-read window. The entry expires by Redis's time
// to live when the session could no longer be live. A password change on
// one instance ends the other devices' tokens on the other (after the
// window), the changer's own going on with its re-issued token.
func TestStatelessRevocationsAcrossInstances(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		sp := newSpace(t)
		clock := authtest.NewClock(start)
		opts := []auth.Option{auth.WithoutRateLimits(), auth.WithStatelessSessions(sealer(t)),
			auth.WithStatelessRefreshWithoutRead(5 * time.Minute), auth.WithSessionAbsoluteLifetime(30 * 24 * time.Hour)}
		one := newSite(t, e, &authtest.Mailbox{}, clock, nil, append(opts, auth.WithSessionRevocations(sp.revocations()))...)
		two := newSite(t, e, one.mail, clock, nil, append(opts, auth.WithSessionRevocations(sp.twin(t).revocations()))...)
		one.signUp(t, "ada@example.com", "ada's password")

		c := authtest.NewClient(t, one.h)
		c.Bearer = true
		s := signIn(t, c, "ada@example.com", "ada's password")
		if sessionOf(t, c) != s.ID {
			t.Fatal("the session route does not see the new session")
		}
		first := c.Token
		clock.Advance(24 * time.Hour)
		if sessionOf(t, c) != s.ID || c.Token == first {
			t.Fatalf("a refresh after a day kept the token: want it re-issued")
		}
		copied := c.Token
		elsewhere := authtest.NewClient(t, two.h)
		elsewhere.Bearer, elsewhere.Token = true, copied
		if sessionOf(t, elsewhere) != s.ID {
			t.Fatal("the other instance does not see the session")
		}
		if res := c.Post("/auth/sign-out", nil); res.Status != http.StatusOK {
			t.Fatalf("sign-out = %d %s", res.Status, res.Body)
		}
		elsewhere.Token = copied
		if id := sessionOf(t, elsewhere); id != "" {
			t.Errorf("the other instance, within the refresh-without-read window, still serves a signed-out token")
		}
		elsewhere.Token = first
		if id := sessionOf(t, elsewhere); id != "" {
			t.Errorf("the other instance serves the session's token from before its refresh after the sign-out")
		}
		keys := sp.keys(t, "revoked:*")
		if len(keys) != 1 {
			t.Fatalf("revocation keys = %v, want one", keys)
		}
		ttl, err := sp.rdb.PTTL(context.Background(), keys[0]).Result()
		created, _ := time.Parse(time.RFC3339, s.CreatedAt.Format(time.RFC3339))
		want := created.Add(30 * 24 * time.Hour).Sub(clock.Now())
		if err != nil || ttl < want-time.Minute || ttl > want+time.Minute {
			t.Errorf("the entry's time to live = %v, %v; want about %v (until the session could no longer be live)", ttl, err, want)
		}

		// A password change on one instance ends the other devices' tokens
		// on the other, at their next request, with no list entry: the
		// user's epoch; the changer's own session goes on with a new token.
		phone, laptop := authtest.NewClient(t, one.h), authtest.NewClient(t, two.h)
		phone.Bearer, laptop.Bearer = true, true
		signIn(t, phone, "ada@example.com", "ada's password")
		kept := signIn(t, laptop, "ada@example.com", "ada's password")
		if res := laptop.Post("/auth/password/change", map[string]string{"currentPassword": "ada's password",
			"newPassword": "ada's new password"}); res.Status != http.StatusOK {
			t.Fatalf("password change = %d %s", res.Status, res.Body)
		}
		clock.Advance(5 * time.Minute) // past the refresh-without-read window
		elsewhere.Token = phone.Token
		if id := sessionOf(t, elsewhere); id != "" {
			t.Errorf("another device's token after a password change on the other instance still works")
		}
		laptopThere := authtest.NewClient(t, one.h)
		laptopThere.Bearer, laptopThere.Token = true, laptop.Token
		if id := sessionOf(t, laptopThere); id != kept.ID {
			t.Errorf("the changer's re-issued token on the other instance = session %q, want %q", id, kept.ID)
		}
	})
}

// TestStatelessRevocationsRedisDown: the revocation list fails closed, as
// documented: with Redis down, a request that carries a stateless token
// answers 500 internal (never a signed-in user, never a cleared cookie),
// and so does a sign-out; a request without a token never reaches Redis.
func TestStatelessRevocationsRedisDown(t *testing.T) {
	e := authtest.SQLiteEngine(t)
	sp := newSpace(t)
	clock := authtest.NewClock(start)
	opts := []auth.Option{auth.WithoutRateLimits(), auth.WithStatelessSessions(sealer(t))}
	healthy := newSite(t, e, &authtest.Mailbox{}, clock, nil, append(opts, auth.WithSessionRevocations(sp.revocations()))...)
	healthy.signUp(t, "ada@example.com", "ada's password")
	c := authtest.NewClient(t, healthy.h)
	c.Bearer = true
	signIn(t, c, "ada@example.com", "ada's password")

	down := newSite(t, e, healthy.mail, clock, nil, append(opts, auth.WithSessionRevocations(redisstore.NewRevocations(downClient(t))))...)
	d := authtest.NewClient(t, down.h) // a browser holding the session's cookie
	cookie := http.Header{"Cookie": {authhttp.CookieName(down.a) + "=" + c.Token}}
	for _, tt := range []struct {
		method, path string
		status       int
		code         string
	}{
		{http.MethodGet, "/app/me", http.StatusInternalServerError, "internal"},
		{http.MethodGet, "/auth/session", http.StatusInternalServerError, "internal"},
		{http.MethodPost, "/auth/sign-out", http.StatusInternalServerError, "internal"},
	} {
		res := d.Do(tt.method, tt.path, nil, cookie)
		if res.Status != tt.status || res.ErrorCode() != tt.code {
			t.Errorf("%s %s with Redis down = %d %s, want %d %s", tt.method, tt.path, res.Status, res.Body, tt.status, tt.code)
		}
		if len(res.Header.Values("Set-Cookie")) != 0 {
			t.Errorf("%s %s with Redis down set %v, want the cookie kept", tt.method, tt.path, res.Header.Values("Set-Cookie"))
		}
	}
	if res := authtest.NewClient(t, down.h).Get("/app/me"); res.Status != http.StatusUnauthorized || res.ErrorCode() != "no_session" {
		t.Errorf("a request without a token with Redis down = %d %s, want 401 no_session", res.Status, res.Body)
	}
}
