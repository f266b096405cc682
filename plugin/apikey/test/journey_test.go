package test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/apikey"
)

// TestJourney makes a key from a session, uses it on the app's routes as
// a bearer and in X-API-Key, lists it, rotates it and revokes it.
func TestJourney(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		ada, adaID := f.signIn(t, "ada")
		k := create(t, ada, map[string]any{"name": "deploy script", "scopes": []string{"read", "read"}, "expiresIn": 86400 * 30})
		if !strings.HasPrefix(k.Key, "sk_test_") || len(k.Key) != len("sk_test_")+49 {
			t.Fatalf("key %q, want sk_test_ and 49 characters", k.Key)
		}
		if got := k.APIKey; got.Name != "deploy script" || strings.Join(got.Scopes, ",") != "read" ||
			got.Hint != "sk_test_…"+k.Key[len(k.Key)-4:] || got.ExpiresAt == nil || !got.ExpiresAt.Equal(epoch.Add(30*24*time.Hour)) {
			t.Fatalf("created %+v", got)
		}

		f.wantWorks(t, "a new key", k.Key, adaID)
		if status, body := f.use(k.Key); !strings.HasSuffix(body, " "+k.APIKey.ID) {
			t.Errorf("the app saw %d %s, want the key's ID %s", status, body, k.APIKey.ID)
		}
		res := authtest.ClientOf(t, f.first.BaseURL()).Do(http.MethodGet, "/api/read", nil, http.Header{"X-Api-Key": {k.Key}})
		if res.Status != http.StatusOK || !strings.HasPrefix(string(res.Body), adaID) {
			t.Errorf("GET /api/read with X-API-Key = %d %s, want 200", res.Status, res.Body)
		}
		// The key lacks the write scope; the session holds every scope.
		authtest.WantError(t, "GET /api/write with a read key", f.withKey(k.Key, http.MethodGet, "/api/write", nil),
			http.StatusForbidden, "insufficient_scope")
		if res := ada.Get("/api/write"); res.Status != http.StatusOK || string(res.Body) != adaID+" session" {
			t.Errorf("GET /api/write with a session = %d %s, want 200 as a session", res.Status, res.Body)
		}
		// GET /auth/session takes a key, and says so.
		var info struct {
			User    struct{ ID string }
			Session struct {
				ID, Credential, ResolvedBy string
			}
		}
		res = f.withKey(k.Key, http.MethodGet, "/auth/session", nil)
		res.Decode(t, &info)
		if res.Status != http.StatusOK || info.User.ID != adaID || info.Session.Credential != apikey.Credential ||
			info.Session.ID != k.APIKey.ID || info.Session.ResolvedBy != "apikey" {
			t.Errorf("GET /auth/session with a key = %d %s", res.Status, res.Body)
		}

		// The list never shows a key.
		res = ada.Get("/auth/api-keys")
		if res.Status != http.StatusOK || strings.Contains(string(res.Body), k.Key[8:20]) ||
			!strings.Contains(string(res.Body), k.APIKey.Hint) {
			t.Fatalf("GET /auth/api-keys = %d %s", res.Status, res.Body)
		}

		// Rotation: the old key works for the grace period, the new at once.
		f.clock.Advance(time.Minute)
		r := mustCreate(t, ada, "/auth/api-keys/rotate", map[string]any{"id": k.APIKey.ID, "gracePeriod": 3600})
		if r.APIKey.Name != k.APIKey.Name || strings.Join(r.APIKey.Scopes, ",") != "read" || r.Key == k.Key ||
			!r.APIKey.ExpiresAt.Equal(f.clock.Now().Add(30*24*time.Hour)) {
			t.Fatalf("rotated %+v", r.APIKey)
		}
		f.wantWorks(t, "the new key", r.Key, adaID)
		f.wantWorks(t, "the old key in its grace period", k.Key, adaID)
		var list struct{ Keys []apikey.Key }
		ada.Get("/auth/api-keys").Decode(t, &list)
		if len(list.Keys) != 2 || list.Keys[0].ID != r.APIKey.ID || list.Keys[1].ReplacedBy != r.APIKey.ID ||
			!list.Keys[1].ExpiresAt.Equal(f.clock.Now().Add(time.Hour)) {
			t.Fatalf("after a rotation the list is %+v", list.Keys)
		}
		f.clock.Advance(time.Hour)
		f.wantStopped(t, "the old key after its grace period", k.Key)
		f.wantWorks(t, "the new key after the grace period", r.Key, adaID)

		// Revocation ends a key at once; the second is not found.
		if res := ada.Post("/auth/api-keys/revoke", map[string]string{"id": r.APIKey.ID}); res.Status != http.StatusOK {
			t.Fatalf("revoke = %d %s", res.Status, res.Body)
		}
		f.wantStopped(t, "a revoked key", r.Key)
		authtest.WantError(t, "revoking it again", ada.Post("/auth/api-keys/revoke", map[string]string{"id": r.APIKey.ID}),
			http.StatusNotFound, "api_key_not_found")
	})
}

// TestExpiry: a key stops at its expiry, and leaves the list; Sweep
// deletes it.
func TestExpiry(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		ada, adaID := f.signIn(t, "ada")
		k := create(t, ada, map[string]any{"name": "short", "scopes": []string{"read"}, "expiresIn": 3600})
		forever := create(t, ada, readKey)
		if forever.APIKey.ExpiresAt != nil {
			t.Fatalf("a key without expiresIn expires at %v", forever.APIKey.ExpiresAt)
		}
		f.clock.Advance(time.Hour - time.Microsecond)
		f.wantWorks(t, "a key just before its expiry", k.Key, adaID)
		f.clock.Advance(time.Microsecond)
		f.wantStopped(t, "a key at its expiry", k.Key)
		f.wantWorks(t, "a key without expiry", forever.Key, adaID)
		keys, err := f.keys.ListFor(t.Context(), adaID)
		if err != nil || len(keys) != 1 || keys[0].ID != forever.APIKey.ID {
			t.Fatalf("ListFor = %+v, %v, want the unexpiring key alone", keys, err)
		}
		if n, err := f.a.Sweep(t.Context()); err != nil || n["apikey"] != 1 {
			t.Fatalf("Sweep = %v, %v, want the expired key deleted", n, err)
		}
		if rows := keyRows(t, e.SQL(), false); strings.Contains(rows, k.APIKey.ID) {
			t.Errorf("the expired key survived Sweep: %s", rows)
		}
	})
}

// TestMaxLifetime: with WithMaxLifetime, every key expires, at the latest
// after it.
func TestMaxLifetime(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{keys: []apikey.Option{apikey.WithMaxLifetime(90 * 24 * time.Hour)}})
		ada, _ := f.signIn(t, "ada")
		for _, in := range []int64{0, 365 * 86400} {
			k := create(t, ada, map[string]any{"name": "k", "expiresIn": in})
			if want := epoch.Add(90 * 24 * time.Hour); k.APIKey.ExpiresAt == nil || !k.APIKey.ExpiresAt.Equal(want) {
				t.Errorf("expiresIn %d: the key expires at %v, want %v", in, k.APIKey.ExpiresAt, want)
			}
		}
	})
}

// TestServerCalls: the host creates, lists and revokes a user's keys.
func TestServerCalls(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		_, adaID := f.signIn(t, "ada")
		ctx := t.Context()
		k, err := f.keys.CreateFor(ctx, apikey.CreateForRequest{UserID: adaID,
			CreateRequest: apikey.CreateRequest{Name: "provisioned", Scopes: []string{"write"}}})
		if err != nil {
			t.Fatal(err)
		}
		if s := k.Secret.String(); s != "[redacted]" {
			t.Errorf("the key prints %q, want [redacted]", s)
		}
		res := f.withKey(k.Secret.Reveal(), http.MethodGet, "/api/write", nil)
		if res.Status != http.StatusOK || !strings.HasPrefix(string(res.Body), adaID) {
			t.Fatalf("GET /api/write with a provisioned key = %d %s", res.Status, res.Body)
		}
		if _, err := f.keys.CreateFor(ctx, apikey.CreateForRequest{UserID: "nobody",
			CreateRequest: apikey.CreateRequest{Name: "x"}}); !errorIs(err, "user_not_found") {
			t.Errorf("CreateFor an unknown user = %v, want user_not_found", err)
		}
		if _, err := f.keys.CreateFor(ctx, apikey.CreateForRequest{UserID: adaID,
			CreateRequest: apikey.CreateRequest{Name: "x", Scopes: []string{"admin"}}}); !errorIs(err, "unknown_scope") {
			t.Errorf("CreateFor with an undeclared scope = %v, want unknown_scope", err)
		}
		n, err := f.keys.RevokeAll(ctx, adaID)
		if err != nil || n != 1 {
			t.Fatalf("RevokeAll = %d, %v, want 1", n, err)
		}
		f.wantStopped(t, "a key after RevokeAll", k.Secret.Reveal())
	})
}

// TestMaxKeys: a user holds at most WithMaxKeys live keys.
func TestMaxKeys(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{keys: []apikey.Option{apikey.WithMaxKeys(2)}})
		ada, _ := f.signIn(t, "ada")
		a := create(t, ada, readKey)
		create(t, ada, readKey)
		authtest.WantError(t, "a third key", ada.Post("/auth/api-keys/create", readKey), http.StatusConflict, "too_many_api_keys")
		authtest.WantError(t, "rotating at the limit", ada.Post("/auth/api-keys/rotate", map[string]string{"id": a.APIKey.ID}),
			http.StatusConflict, "too_many_api_keys")
		bob, _ := f.signIn(t, "bob")
		create(t, bob, readKey) // per user
	})
}
