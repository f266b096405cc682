package coretest

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/sqlb"
)

// TestSessionCache: with the memory cache, a request whose session is
// cached runs no statement; every change made through the instance (a
// sign-out, a revocation, an account-security event, the host's
// UserChanged) shows on the next request; a change the instance did not
// make (another instance's, the host's SQL) shows once the entry's
// lifetime is over, and not before: the documented lag.
func TestSessionCache(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		clock := authtest.NewClock(start)
		a, err := auth.New(auth.WithDB(pool, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithPlugins(authtest.NewLogin()),
			auth.WithClock(clock.Now), auth.WithoutRateLimits(), auth.WithSessionCache(auth.NewMemorySessionCache(), time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		if err := a.Migrate(context.Background()); err != nil {
			t.Fatal(err)
		}
		h := handler(a)
		get := func(c *authtest.Client) *authtest.Response {
			clock.Advance(time.Millisecond) // a drop and a lookup of the same instant count as a drop after it
			return c.Get("/auth/session")
		}
		ada, other := authtest.NewClient(t, h), authtest.NewClient(t, h)
		authtest.SignIn(t, ada, "/auth", "ada")
		second := authtest.SignIn(t, other, "/auth", "ada")
		if res := get(ada); res.Status != http.StatusOK {
			t.Fatalf("the first request = %d %s", res.Status, res.Body)
		}
		faults.Reset()
		if res := get(ada); res.Status != http.StatusOK || faults.Statements() != 0 {
			t.Fatalf("a cached request = %d and %d statements, want 200 and none", res.Status, faults.Statements())
		}

		// A revocation through the instance: at once.
		get(other)
		if res := ada.Post("/auth/sessions/revoke", map[string]string{"id": second.Session.ID}); res.Status != http.StatusOK {
			t.Fatalf("revoke = %d %s", res.Status, res.Body)
		}
		wantError(t, "a revoked session", get(other), http.StatusUnauthorized, "no_session")

		// The host's own change, told with UserChanged: at once.
		get(ada) // cached again after the revocation dropped ada's entries
		if _, err := a.DB().Exec(context.Background(), sqlb.Update(auth.Users).Set(auth.UserName.Set("Ada L.")).Where(auth.UserName.Eq("ada"))); err != nil {
			t.Fatal(err)
		}
		var info struct{ User *auth.User }
		get(ada).Decode(t, &info)
		if info.User.Name != "ada" {
			t.Fatalf("within the lifetime the cached name is %q: the test's premise failed", info.User.Name)
		}
		if err := a.UserChanged(context.Background(), info.User.ID); err != nil {
			t.Fatal(err)
		}
		get(ada).Decode(t, &info)
		if info.User.Name != "Ada L." {
			t.Fatalf("after UserChanged the name is %q, want the new one", info.User.Name)
		}

		// A session ended where the instance does not see it (another
		// instance, the host's SQL): within the lifetime, then gone.
		if _, err := a.DB().Exec(context.Background(), sqlb.Delete(auth.Sessions).Where(auth.SessionUserID.Eq(info.User.ID))); err != nil {
			t.Fatal(err)
		}
		if res := get(ada); res.Status != http.StatusOK {
			t.Fatalf("within the lifetime = %d, want the cached 200 (the documented lag)", res.Status)
		}
		clock.Advance(time.Minute)
		wantError(t, "after the cache's lifetime", get(ada), http.StatusUnauthorized, "no_session")

		// Sign-out and an account-security event: at once.
		c1, c2 := authtest.NewClient(t, h), authtest.NewClient(t, h)
		authtest.SignIn(t, c1, "/auth", "grace")
		authtest.SignIn(t, c2, "/auth", "grace")
		get(c1)
		get(c2)
		if res := c1.Post("/auth/sessions/revoke-others", nil); res.Status != http.StatusOK {
			t.Fatalf("revoke-others = %d %s", res.Status, res.Body)
		}
		wantError(t, "a session ended by sign-out-everywhere", get(c2), http.StatusUnauthorized, "no_session")
		b := authtest.NewClient(t, h)
		b.Bearer = true
		authtest.SignIn(t, b, "/auth", "lin")
		token := b.Token
		get(b)
		if res := b.Post("/auth/sign-out", nil); res.Status != http.StatusOK {
			t.Fatalf("sign-out = %d %s", res.Status, res.Body)
		}
		b.Token = token
		wantError(t, "a signed-out token", get(b), http.StatusUnauthorized, "no_session")
	})
}

// TestMemorySessionCacheDropRace: a lookup that began before a user's
// sessions were dropped does not put them back.
func TestMemorySessionCacheDropRace(t *testing.T) {
	ctx := context.Background()
	m := auth.NewMemorySessionCache()
	s := &auth.Session{ID: "s", UserID: "u", ExpiresAt: start.Add(time.Hour)}
	u := &auth.User{ID: "u"}
	began := start
	if err := m.DropUser(ctx, "u", start.Add(time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	if err := m.Put(ctx, nil, []byte("h"), s, u, began, start.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if got, _, _ := m.Get(ctx, nil, []byte("h"), start.Add(2*time.Millisecond)); got != nil {
		t.Fatal("a lookup begun before the drop put the session back")
	}
	if err := m.Put(ctx, nil, []byte("h"), s, u, start.Add(2*time.Millisecond), start.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if got, _, _ := m.Get(ctx, nil, []byte("h"), start.Add(3*time.Millisecond)); got == nil || got.ID != "s" {
		t.Fatal("a lookup begun after the drop was not kept")
	}
	if got, _, _ := m.Get(ctx, nil, []byte("h"), start.Add(time.Minute)); got != nil {
		t.Fatal("an entry was used at the end of its lifetime")
	}
}

// TestSessionCacheLifetime: New refuses a lifetime past the maximum.
func TestSessionCacheLifetime(t *testing.T) {
	_, err := auth.New(auth.WithDB(nil, sqlb.SQLite), auth.WithBaseURL(authtest.BaseURL), auth.WithPlugins(authtest.NewLogin()),
		auth.WithSessionCache(auth.NewMemorySessionCache(), time.Hour))
	if err == nil {
		t.Fatal("New accepted a session cache lifetime of an hour")
	}
}
