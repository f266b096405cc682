package test

import (
	"context"
	"net/http"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/access"
	"github.com/sesame-go/sesame/plugin/admin"
	"github.com/sesame-go/sesame/sqlb"
)

// TestRequirePermissionSessions: over real HTTP, a route answers 401
// without a session, 403 permission_denied to a user whose roles lack
// the permission, 200 to one whose roles hold it, and 403 again the
// request after the role is revoked.
func TestRequirePermissionSessions(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		anon := authtest.ClientOf(t, f.first.BaseURL())
		authtest.WantError(t, "no session", anon.Get("/api/project/read"), http.StatusUnauthorized, "no_session")
		c, ada := f.signIn(t, "ada")
		authtest.WantError(t, "no role", c.Get("/api/project/read"), http.StatusForbidden, "permission_denied")
		f.grant(t, ada, "", "viewer")
		if res := c.Get("/api/project/read"); res.Status != http.StatusOK || string(res.Body) != ada {
			t.Fatalf("viewer GET /api/project/read = %d %s, want 200 %s", res.Status, res.Body, ada)
		}
		authtest.WantError(t, "viewer writes", c.Get("/api/project/write"), http.StatusForbidden, "permission_denied")
		f.grant(t, ada, "org-1", "owner")
		authtest.WantError(t, "owner in a scope only", c.Get("/api/project/delete"), http.StatusForbidden, "permission_denied")
		if _, err := f.acc.Revoke(context.Background(), access.GrantRequest{UserID: ada, Role: "viewer"}); err != nil {
			t.Fatal(err)
		}
		authtest.WantError(t, "after the revocation", c.Get("/api/project/read"), http.StatusForbidden, "permission_denied")
	})
}

// TestRequirePermissionKeys: an API key may do what its scopes name and
// its owner's roles allow, both: a key whose scope lacks the permission
// gets 403, a key whose owner lacks (or lost) the role gets 403, a key
// with neither restriction 200.
func TestRequirePermissionKeys(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		ada := f.user(t, "ada")
		f.grant(t, ada, "", "editor")
		readKey := f.key(t, ada, access.KeyScope("project", "read"))
		allKey := f.key(t, ada, access.KeyScopes(vocabulary())...)
		tests := []struct {
			name, key, path string
			status          int
		}{
			{"read key reads", readKey, "/api/project/read", http.StatusOK},
			{"read key writes", readKey, "/api/project/write", http.StatusForbidden},
			{"full key writes as an editor", allKey, "/api/project/write", http.StatusOK},
			{"full key deletes, which the editor may not", allKey, "/api/project/delete", http.StatusForbidden},
			{"no key", "sk_test_", "/api/project/read", http.StatusUnauthorized},
		}
		for _, tt := range tests {
			res := f.withKey(tt.key, http.MethodGet, tt.path)
			if res.Status != tt.status {
				t.Errorf("%s: GET %s = %d %s, want %d", tt.name, tt.path, res.Status, res.Body, tt.status)
			}
			if tt.status == http.StatusForbidden && res.ErrorCode() != "permission_denied" {
				t.Errorf("%s: code %q, want permission_denied", tt.name, res.ErrorCode())
			}
		}
		if _, err := f.acc.Revoke(context.Background(), access.GrantRequest{UserID: ada, Role: "editor"}); err != nil {
			t.Fatal(err)
		}
		for _, key := range []string{readKey, allKey} {
			authtest.WantError(t, "a key whose owner lost the role", f.withKey(key, http.MethodGet, "/api/project/read"),
				http.StatusForbidden, "permission_denied")
		}
	})
}

// TestRequirePermissionPanicsOnUnknown: a route guarded by a permission
// the vocabulary lacks is a wiring mistake, found at start.
func TestRequirePermissionPanicsOnUnknown(t *testing.T) {
	acc := access.New(vocabulary())
	defer func() {
		if recover() == nil {
			t.Error("RequirePermission(project, fly) did not panic")
		}
	}()
	acc.RequirePermission("project", "fly")
}

// TestBannedCallerRefused: a ban stops a caller's session and keys at
// RequirePermission, whatever their roles, with the ban's refusal.
func TestBannedCallerRefused(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		c, ada := f.signIn(t, "ada")
		f.grant(t, ada, "", "owner")
		key := f.key(t, ada, access.KeyScope("project", "read"))
		if res := c.Get("/api/project/read"); res.Status != http.StatusOK {
			t.Fatalf("before the ban: GET = %d %s", res.Status, res.Body)
		}
		if _, err := e.SQL().Exec(context.Background(), sqlb.Update(auth.Users).Set(admin.UserBanned.Set(true)).
			Where(auth.UserID.Eq(ada))); err != nil {
			t.Fatal(err)
		}
		authtest.WantError(t, "a banned session", c.Get("/api/project/read"), http.StatusForbidden, "banned")
		authtest.WantError(t, "a banned owner's key", f.withKey(key, http.MethodGet, "/api/project/read"), http.StatusForbidden, "banned")
	})
}
