package test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	redisstore "github.com/sesame-go/sesame/kvstore/redis"
	"github.com/sesame-go/sesame/sqlb"
)

func (sp *space) cache() *redisstore.SessionCache {
	return redisstore.NewSessionCache(sp.rdb, redisstore.WithPrefix(sp.prefix))
}

// TestSessionCacheShared: two instances on one database and one Redis
// cache share their entries: a request of either whose session is cached
// runs no statement and answers exactly what the database gave; a
// sign-out or a sign-out-everywhere on one is seen by the other's very
// next request; a change neither instance made (the host's SQL) shows
// once the entry's lifetime is over, the documented lag.
func TestSessionCacheShared(t *testing.T) {
	authtest.RedisURL(t)
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		sp := newSpace(t)
		mail := &authtest.Mailbox{}
		clock := authtest.NewClock(start)
		one := newSite(t, e, mail, clock, nil, auth.WithoutRateLimits(), auth.WithSessionCache(sp.cache(), time.Minute))
		pool, faults := e.Faulty(t)
		two := newSite(t, &authtest.Engine{Name: e.Name, Dialect: e.Dialect, DB: pool}, mail, clock, nil,
			auth.WithoutRateLimits(), auth.WithSessionCache(sp.twin(t).cache(), time.Minute))
		one.signUp(t, "ada@example.com", "ada's password")
		client := func(s *site, token string) *authtest.Client {
			c := authtest.NewClient(t, s.h)
			c.Bearer, c.Origin, c.Token = true, "", token
			return c
		}
		get := func(c *authtest.Client) *authtest.Response {
			clock.Advance(time.Millisecond) // a drop and a lookup of the same instant count as a drop after it
			return c.Get("/auth/session")
		}
		c1 := client(one, "")
		signIn(t, c1, "ada@example.com", "ada's password")
		c2 := client(two, c1.Token)

		fromStore := get(c2)
		faults.Reset()
		fromCache := get(c2)
		if fromCache.Status != http.StatusOK || faults.Statements() != 0 {
			t.Fatalf("a cached request = %d and %d statements, want 200 and none", fromCache.Status, faults.Statements())
		}
		if string(fromCache.Body) != string(fromStore.Body) {
			t.Errorf("the cached answer differs from the database's:\n%s\nwant\n%s", fromCache.Body, fromStore.Body)
		}

		// A sign-out on one: two's next request.
		if res := c1.Post("/auth/sign-out", nil); res.Status != http.StatusOK {
			t.Fatalf("sign-out = %d %s", res.Status, res.Body)
		}
		authtest.WantError(t, "the other instance after a sign-out", get(c2), http.StatusUnauthorized, "no_session")

		// Sign-out-everywhere on one: two's next request.
		c3 := client(one, "")
		signIn(t, c3, "ada@example.com", "ada's password")
		c4 := client(two, "")
		signIn(t, c4, "ada@example.com", "ada's password")
		get(c4)
		get(c4)
		if res := c3.Post("/auth/sessions/revoke-others", nil); res.Status != http.StatusOK {
			t.Fatalf("revoke-others = %d %s", res.Status, res.Body)
		}
		authtest.WantError(t, "the other instance after sign-out-everywhere", get(c4), http.StatusUnauthorized, "no_session")

		// The host's SQL, not told with UserChanged: the documented lag.
		// (Within ClockMargin of the drop above, nothing of ada's is cached.)
		clock.Advance(redisstore.ClockMargin)
		get(c3)
		var info struct{ User *auth.User }
		get(c3).Decode(t, &info)
		if _, err := e.SQL().Exec(context.Background(), sqlb.Update(auth.Users).Set(auth.UserName.Set("Ada L.")).
			Where(auth.UserID.Eq(info.User.ID))); err != nil {
			t.Fatal(err)
		}
		get(client(two, c3.Token)).Decode(t, &info)
		if info.User.Name != "ada@example.com" {
			t.Fatalf("within the lifetime the other instance shows the name %q: the test's premise failed", info.User.Name)
		}
		clock.Advance(time.Minute)
		get(client(two, c3.Token)).Decode(t, &info)
		if info.User.Name != "Ada L." {
			t.Errorf("after the lifetime the name is %q, want the new one", info.User.Name)
		}
	})
}

// TestSessionCacheDropRace: after a drop, no lookup begun before it, by
// up to ClockMargin, puts the user's session back; one begun after is
// kept until its end, by the instance's clock.
func TestSessionCacheDropRace(t *testing.T) {
	authtest.RedisURL(t)
	sp := newSpace(t)
	a, _ := newLoginAuth(t, authtest.SQLiteEngine(t))
	c, ctx := sp.cache(), context.Background()
	s := &auth.Session{ID: "s", UserID: "u", ExpiresAt: start.Add(time.Hour)}
	u := &auth.User{ID: "u", Fields: map[string]any{}}
	hash := []byte("a token hash")
	dropAt := start.Add(time.Minute)
	if err := c.DropUser(ctx, "u", dropAt); err != nil {
		t.Fatal(err)
	}
	for _, since := range []time.Time{dropAt.Add(-time.Second), dropAt, dropAt.Add(redisstore.ClockMargin)} {
		if err := c.Put(ctx, a, hash, s, u, since, dropAt.Add(10*time.Minute)); err != nil {
			t.Fatal(err)
		}
		if got, _, err := c.Get(ctx, a, hash, dropAt.Add(time.Second)); got != nil || err != nil {
			t.Fatalf("a lookup begun at drop %+v put the session back (%v)", since.Sub(dropAt), err)
		}
	}
	since := dropAt.Add(redisstore.ClockMargin + time.Millisecond)
	if err := c.Put(ctx, a, hash, s, u, since, since.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if got, _, err := c.Get(ctx, a, hash, since.Add(time.Second)); err != nil || got == nil || got.ID != "s" {
		t.Fatalf("a lookup begun after the drop and its margin was not kept: %v, %v", got, err)
	}
	if got, _, _ := c.Get(ctx, a, hash, since.Add(time.Minute)); got != nil {
		t.Error("an entry was used at the end of its lifetime, by the instance's clock")
	}
	// An instance whose plugins give users other fields reads the entry
	// as a miss: it never serves a user without the fields it needs.
	other, err := auth.New(auth.WithDB(authtest.SQLiteEngine(t).DB, sqlb.SQLite), auth.WithBaseURL(authtest.BaseURL),
		auth.WithPlugins(authtest.NewLogin(), fieldPlugin{}))
	if err != nil {
		t.Fatal(err)
	}
	if got, _, err := c.Get(ctx, other, hash, since.Add(time.Second)); got != nil || err != nil {
		t.Errorf("an instance with other user fields read the entry: %v, %v", got, err)
	}
}

// fieldPlugin adds a user field.
type fieldPlugin struct{}

var nickname = sqlb.AddedColumn[string](auth.Users, "nickname_cache_test", sqlb.String(64), sqlb.Default(""))

func (fieldPlugin) Name() string { return "field" }
func (fieldPlugin) UserFields() []auth.UserField {
	return []auth.UserField{auth.Field("nickname", nickname)}
}

// TestSessionCacheDown: with Redis down, the cache fails open to the
// session store: requests are served from the database, never refused.
func TestSessionCacheDown(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		mail := &authtest.Mailbox{}
		s := newSite(t, e, mail, nil, nil, auth.WithoutRateLimits(),
			auth.WithSessionCache(redisstore.NewSessionCache(downClient(t)), time.Minute))
		s.signUp(t, "ada@example.com", "ada's password")
		c := authtest.NewClient(t, s.h)
		c.Bearer, c.Origin = true, ""
		id := signIn(t, c, "ada@example.com", "ada's password").ID
		for range 2 {
			if got := sessionOf(t, c); got != id {
				t.Fatalf("with the cache down, /app/me session = %q, want %q", got, id)
			}
		}
		if res := c.Post("/auth/sign-out", nil); res.Status != http.StatusOK {
			t.Fatalf("sign-out with the cache down = %d %s", res.Status, res.Body)
		}
		if got := sessionOf(t, c); got != "" {
			t.Errorf("after sign-out with the cache down, session %q", got)
		}
	})
}

// TestMirrorOnRedis: the database store mirrored in Redis, as a host
// moving its sessions to Redis runs it: a sign-in writes both, and a
// sign-out on one instance ends the session for the other's next request,
// in both stores.
func TestMirrorOnRedis(t *testing.T) {
	authtest.RedisURL(t)
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		sp := newSpace(t)
		mail := &authtest.Mailbox{}
		mirror := func(sp *space) auth.SessionStore {
			return auth.MirrorSessionStore(auth.DatabaseSessionStore(), sp.sessions())
		}
		one := newSite(t, e, mail, nil, mirror(sp), auth.WithoutRateLimits())
		two := newSite(t, &authtest.Engine{Name: e.Name, Dialect: e.Dialect, DB: e.Open(t)}, mail, nil, mirror(sp.twin(t)), auth.WithoutRateLimits())
		one.signUp(t, "ada@example.com", "ada's password")
		c1 := authtest.NewClient(t, one.h)
		c1.Bearer, c1.Origin = true, ""
		id := signIn(t, c1, "ada@example.com", "ada's password").ID
		if keys := sp.keys(t, "session:*"); len(keys) != 1 {
			t.Fatalf("Redis holds %d sessions, want 1", len(keys))
		}
		if n := count(t, e.SQL(), auth.Sessions); n != 1 {
			t.Fatalf("the database holds %d sessions, want 1", n)
		}
		c2 := authtest.NewClient(t, two.h)
		c2.Bearer, c2.Origin, c2.Token = true, "", c1.Token
		if got := sessionOf(t, c2); got != id {
			t.Fatalf("the other instance: session %q, want %q", got, id)
		}
		if res := c1.Post("/auth/sign-out", nil); res.Status != http.StatusOK {
			t.Fatalf("sign-out = %d %s", res.Status, res.Body)
		}
		if got := sessionOf(t, c2); got != "" {
			t.Errorf("the other instance's next request still has session %q", got)
		}
		if keys, n := sp.keys(t, "session:*"), count(t, e.SQL(), auth.Sessions); len(keys) != 0 || n != 0 {
			t.Errorf("after sign-out: %d sessions in Redis, %d in the database; want none", len(keys), n)
		}
	})
}
