package test

import (
	"hash/crc32"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/apikey"
	"github.com/sesame-go/sesame/sqlb"
)

// TestKeyIsNoSession: a key reaches the host's routes and GET /session,
// and no other operation: a leaked key cannot mint keys, rotate or revoke
// them, end sessions, sign out or ban, even an administrator's key.
func TestKeyIsNoSession(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		root := f.admin(t, "root")
		_, adaID := f.signIn(t, "ada")
		k := create(t, root, map[string]any{"name": "ops", "scopes": []string{"read", "write"}})
		for _, op := range []struct{ method, path, body string }{
			{http.MethodPost, "/auth/api-keys/create", `{"name":"more","scopes":["read"]}`},
			{http.MethodPost, "/auth/api-keys/rotate", `{"id":"` + k.APIKey.ID + `"}`},
			{http.MethodPost, "/auth/api-keys/revoke", `{"id":"` + k.APIKey.ID + `"}`},
			{http.MethodGet, "/auth/api-keys", ""},
			{http.MethodGet, "/auth/sessions", ""},
			{http.MethodPost, "/auth/sessions/revoke-others", ""},
			{http.MethodPost, "/auth/sign-out", ""},
			{http.MethodPost, "/auth/admin/ban", `{"userId":"` + adaID + `"}`},
			{http.MethodPost, "/auth/admin/impersonate", `{"userId":"` + adaID + `"}`},
			{http.MethodGet, "/auth/admin/users", ""},
		} {
			var body any
			if op.body != "" {
				body = op.body
			}
			authtest.WantError(t, op.method+" "+op.path+" with a key", f.withKey(k.Key, op.method, op.path, body),
				http.StatusForbidden, "session_required")
		}
		f.wantWorks(t, "the key after all that", k.Key, strings.Fields(whoIs(t, root))[0])
		// The Go calls made with a key refuse it alike.
		ctx := auth.WithSessionToken(t.Context(), auth.NewSecret(k.Key))
		if _, err := f.keys.Create(ctx, apikey.CreateRequest{Name: "x"}); !errorIs(err, "session_required") {
			t.Errorf("Create with a key = %v, want session_required", err)
		}
		if info, err := f.a.GetSession(ctx); err != nil || info.Session.ResolvedBy != "apikey" {
			t.Errorf("GetSession with a key = %+v, %v, want the key's session", info, err)
		}
	})
}

// whoIs returns what /api/read answers c.
func whoIs(t testing.TB, c *authtest.Client) string {
	t.Helper()
	res := c.Get("/api/read")
	if res.Status != http.StatusOK {
		t.Fatalf("GET /api/read = %d %s", res.Status, res.Body)
	}
	return string(res.Body)
}

// TestCreateNeedsFreshSession: a session past the fresh age can list and
// revoke keys, not make or rotate them.
func TestCreateNeedsFreshSession(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		ada, _ := f.signIn(t, "ada")
		k := create(t, ada, readKey)
		f.clock.Advance(auth.DefaultFreshAge + time.Second)
		authtest.WantError(t, "create from a stale session", ada.Post("/auth/api-keys/create", readKey),
			http.StatusForbidden, "fresh_session_required")
		authtest.WantError(t, "rotate from a stale session", ada.Post("/auth/api-keys/rotate", map[string]string{"id": k.APIKey.ID}),
			http.StatusForbidden, "fresh_session_required")
		if res := ada.Post("/auth/api-keys/revoke", map[string]string{"id": k.APIKey.ID}); res.Status != http.StatusOK {
			t.Errorf("revoke from a stale session = %d %s, want 200", res.Status, res.Body)
		}
	})
}

// TestBanStopsKeys: a ban deletes the user's keys (an account-security
// event); a ban set without one (by SQL, or in a store the event missed)
// stops them at the next request through the admin plugin's check.
func TestBanStopsKeys(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		root := f.admin(t, "root")
		ada, adaID := f.signIn(t, "ada")
		k := create(t, ada, readKey)
		f.wantWorks(t, "before the ban", k.Key, adaID)
		f.setBanned(t, adaID, true, "")
		authtest.WantError(t, "a banned user's key", f.withKey(k.Key, http.MethodGet, "/api/read", nil), http.StatusForbidden, "banned")
		f.setBanned(t, adaID, false, "")
		f.wantWorks(t, "after the ban lifted", k.Key, adaID)

		if res := root.Post("/auth/admin/ban", map[string]string{"userId": adaID}); res.Status != http.StatusOK {
			t.Fatalf("ban = %d %s", res.Status, res.Body)
		}
		if res := root.Post("/auth/admin/unban", map[string]string{"userId": adaID}); res.Status != http.StatusOK {
			t.Fatalf("unban = %d %s", res.Status, res.Body)
		}
		f.wantStopped(t, "a key after a ban and unban", k.Key)
	})
}

// TestAccountEventsRevokeKeys: signing out everywhere (an
// account-security event) ends every key of the user and no one else's.
func TestAccountEventsRevokeKeys(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		ada, adaID := f.signIn(t, "ada")
		bob, bobID := f.signIn(t, "bob")
		k1, k2, kb := create(t, ada, readKey), create(t, ada, readKey), create(t, bob, readKey)
		if res := ada.Post("/auth/sessions/revoke-others", nil); res.Status != http.StatusOK {
			t.Fatalf("revoke-others = %d %s", res.Status, res.Body)
		}
		f.wantStopped(t, "a key after signing out everywhere", k1.Key)
		f.wantStopped(t, "another key after signing out everywhere", k2.Key)
		f.wantWorks(t, "someone else's key", kb.Key, bobID)
		_ = adaID
	})
}

// TestOwnerBinding: a key ID of someone else's is not found to revoke or
// rotate, exactly as an ID that never was, and the key goes on working.
func TestOwnerBinding(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		ada, adaID := f.signIn(t, "ada")
		bob, _ := f.signIn(t, "bob")
		k := create(t, ada, readKey)
		for _, id := range []string{k.APIKey.ID, "0190a1b2-0000-7000-8000-000000000000"} {
			r1 := bob.Post("/auth/api-keys/revoke", map[string]string{"id": id})
			authtest.WantError(t, "bob revokes "+id, r1, http.StatusNotFound, "api_key_not_found")
			r2 := bob.Post("/auth/api-keys/rotate", map[string]string{"id": id})
			authtest.WantError(t, "bob rotates "+id, r2, http.StatusNotFound, "api_key_not_found")
		}
		var list struct{ Keys []apikey.Key }
		bob.Get("/auth/api-keys").Decode(t, &list)
		if len(list.Keys) != 0 {
			t.Errorf("bob lists %+v", list.Keys)
		}
		f.wantWorks(t, "ada's key after bob's attempts", k.Key, adaID)
	})
}

// TestConcurrentRotations: 20 rotations of one key at once make one new
// key; the others answer api_key_rotated.
func TestConcurrentRotations(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		ada, adaID := f.signIn(t, "ada")
		k := create(t, ada, readKey)
		const n = 20
		statuses := make([]string, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() {
				res := ada.Post("/auth/api-keys/rotate", map[string]string{"id": k.APIKey.ID})
				statuses[i] = res.ErrorCode()
				if res.Status == http.StatusOK {
					statuses[i] = "ok"
				}
			})
		}
		wg.Wait()
		count := map[string]int{}
		for _, s := range statuses {
			count[s]++
		}
		if count["ok"] != 1 || count["api_key_rotated"] != n-1 {
			t.Fatalf("%d rotations at once answered %v, want one ok and the rest api_key_rotated", n, count)
		}
		keys, err := f.keys.ListFor(t.Context(), adaID)
		if err != nil || len(keys) != 2 {
			t.Fatalf("after the rotations ListFor = %d keys, %v, want the old and one new", len(keys), err)
		}
	})
}

// TestConcurrentCreations: 20 creations at once from one user never pass
// the limit of keys.
func TestConcurrentCreations(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{keys: []apikey.Option{apikey.WithMaxKeys(3)}})
		ada, adaID := f.signIn(t, "ada")
		var wg sync.WaitGroup
		var mu sync.Mutex
		count := map[int]int{}
		for range 20 {
			wg.Go(func() {
				res := ada.Post("/auth/api-keys/create", readKey)
				mu.Lock()
				count[res.Status]++
				mu.Unlock()
			})
		}
		wg.Wait()
		if count[http.StatusOK] != 3 || count[http.StatusConflict] != 17 {
			t.Fatalf("20 creations at once answered %v, want 3 ok and 17 conflicts", count)
		}
		if keys, err := f.keys.ListFor(t.Context(), adaID); err != nil || len(keys) != 3 {
			t.Fatalf("ListFor = %d keys, %v, want 3", len(keys), err)
		}
	})
}

// TestCredentialChannels: a key works only where a credential goes, not
// in the session cookie; a session token is no key in X-API-Key; an
// unknown, revoked and expired key answer alike.
func TestCredentialChannels(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		ada, _ := f.signIn(t, "ada")
		k := create(t, ada, readKey)
		c := authtest.ClientOf(t, f.first.BaseURL())
		res := c.Do(http.MethodGet, "/api/read", nil, http.Header{"Cookie": {"sesame_session=" + k.Key}})
		authtest.WantError(t, "a key in the session cookie", res, http.StatusUnauthorized, "no_session")
		res = c.Do(http.MethodGet, "/api/read", nil, http.Header{"X-Api-Key": {ada.Token}})
		authtest.WantError(t, "a session token in X-API-Key", res, http.StatusUnauthorized, "no_session")

		revoked := create(t, ada, readKey)
		ada.Post("/auth/api-keys/revoke", map[string]string{"id": revoked.APIKey.ID})
		expired := create(t, ada, map[string]any{"name": "x", "scopes": []string{"read"}, "expiresIn": 3600})
		f.clock.Advance(time.Hour)
		unknown := forge("sk_test_", strings.Repeat("7", 43))
		if !apikey.LooksValid(unknown) {
			t.Fatalf("the forged key %s does not look valid", unknown)
		}
		first := ""
		for _, key := range []string{revoked.Key, expired.Key, unknown} {
			res := f.withKey(key, http.MethodGet, "/api/read", nil)
			got := res.ErrorCode() + " " + string(res.Body)
			if first == "" {
				first = got
			}
			if res.Status != http.StatusUnauthorized || got != first {
				t.Errorf("a dead key answers %d %s, want 401 as every other dead key (%s)", res.Status, got, first)
			}
		}
	})
}

// TestSessionScopes: with WithSessionScopes, a session holds only those.
func TestSessionScopes(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{keys: []apikey.Option{apikey.WithSessionScopes("read")}})
		ada, adaID := f.signIn(t, "ada")
		if got := whoIs(t, ada); got != adaID+" session" {
			t.Errorf("GET /api/read with a session = %s", got)
		}
		authtest.WantError(t, "GET /api/write with a session", ada.Get("/api/write"), http.StatusForbidden, "insufficient_scope")
		authtest.WantError(t, "GET /api/read signed out", f.client().Get("/api/read"), http.StatusUnauthorized, "no_session")
	})
}

// TestKeyRateLimit: a key's own limit, and the plugin's for keys without
// one, count per key and answer 429 with Retry-After.
func TestKeyRateLimit(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{limits: true,
			keys: []apikey.Option{apikey.WithRateLimit(auth.RateRule{Limit: 5, Window: time.Minute})}})
		ada, adaID := f.signIn(t, "ada")
		own := create(t, ada, map[string]any{"name": "x", "scopes": []string{"read"}, "rateLimit": map[string]int{"limit": 2, "window": 60}})
		plain := create(t, ada, readKey)
		for i := range 2 {
			f.wantWorks(t, "a limited key's request "+string(rune('1'+i)), own.Key, adaID)
		}
		res := f.withKey(own.Key, http.MethodGet, "/api/read", nil)
		authtest.WantError(t, "a key past its own limit", res, http.StatusTooManyRequests, "rate_limited")
		if res.Header.Get("Retry-After") == "" {
			t.Error("a key past its limit got no Retry-After")
		}
		for range 5 {
			f.wantWorks(t, "another key", plain.Key, adaID)
		}
		authtest.WantError(t, "a key past the plugin's limit", f.withKey(plain.Key, http.MethodGet, "/api/read", nil),
			http.StatusTooManyRequests, "rate_limited")
		// GET /auth/session behind the middleware counts once per request.
		f.clock.Advance(time.Minute)
		for range 2 {
			if res := f.withKey(own.Key, http.MethodGet, "/auth/session", nil); res.Status != http.StatusOK {
				t.Fatalf("GET /auth/session with a key = %d %s", res.Status, res.Body)
			}
		}
		f.clock.Advance(time.Minute)
		f.wantWorks(t, "a key in a new window", own.Key, adaID)
	})
}

// forge makes a key of a prefix and a 43-character body with its
// checksum, computed here as a secret scanner would: the CRC-32 (IEEE) of
// prefix and body, in six base62 digits.
func forge(prefix, body string) string {
	const digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	v := crc32.ChecksumIEEE([]byte(prefix + body))
	sum := make([]byte, 6)
	for i := 5; i >= 0; i-- {
		sum[i] = digits[v%62]
		v /= 62
	}
	return prefix + body + string(sum)
}

// TestImpersonationCannotMintKeys: an administrator impersonating a user
// cannot make or rotate keys, which would outlive the impersonation.
func TestImpersonationCannotMintKeys(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		root := f.admin(t, "root")
		ada, adaID := f.signIn(t, "ada")
		k := create(t, ada, readKey)
		if res := root.Post("/auth/admin/impersonate", map[string]string{"userId": adaID}); res.Status != http.StatusOK {
			t.Fatalf("impersonate = %d %s", res.Status, res.Body)
		}
		if got := whoIs(t, root); got != adaID+" session" {
			t.Fatalf("the impersonation reads the app as %s, want ada's session", got)
		}
		authtest.WantError(t, "create while impersonating", root.Post("/auth/api-keys/create", readKey),
			http.StatusForbidden, "impersonation_forbidden")
		authtest.WantError(t, "rotate while impersonating", root.Post("/auth/api-keys/rotate", map[string]string{"id": k.APIKey.ID}),
			http.StatusForbidden, "impersonation_forbidden")
	})
}

// TestSessionCacheHoldsNoKey: with a session cache, keys are still read
// from the database on each request (the cache keeps sessions only), so
// a revocation or a ban written by SQL, which no cache hears of, stops a
// key at the next request.
func TestSessionCacheHoldsNoKey(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{auth: []auth.Option{auth.WithSessionCache(auth.NewMemorySessionCache(), time.Minute)}})
		ada, adaID := f.signIn(t, "ada")
		k := create(t, ada, readKey)
		f.wantWorks(t, "a key with a session cache", k.Key, adaID)
		f.setBanned(t, adaID, true, "")
		authtest.WantError(t, "a key after a ban by SQL", f.withKey(k.Key, http.MethodGet, "/api/read", nil), http.StatusForbidden, "banned")
		f.setBanned(t, adaID, false, "")
		f.wantWorks(t, "a key after the ban lifted", k.Key, adaID)
		if _, err := f.a.DB().Exec(t.Context(), sqlb.Delete(apikey.Keys).Where(apikey.KeyID.Eq(k.APIKey.ID))); err != nil {
			t.Fatal(err)
		}
		f.wantStopped(t, "a key deleted by SQL", k.Key)
	})
}
