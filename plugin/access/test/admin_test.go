package test

import (
	"net/http"
	"testing"

	"github.com/sesame-go/sesame/authtest"
)

// TestAdminAuthorizer: the admin plugin, run through access roles, lets
// each administrator do what their role's admin statements grant and no
// more; one with any admin statement counts as an administrator, whom
// impersonating needs admin.users:impersonateAdmins.
func TestAdminAuthorizer(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		sup, supID := f.signIn(t, "support")
		mod, modID := f.signIn(t, "moderator")
		plain, plainID := f.signIn(t, "plain")
		_, targetID := f.signIn(t, "target")
		f.grant(t, supID, "", "support")
		f.grant(t, modID, "", "moderator")
		f.grant(t, supID, "org-1", "moderator") // a role of a scope is no admin role
		tests := []struct {
			name   string
			c      *authtest.Client
			method string
			path   string
			body   any
			status int
		}{
			{"support lists users", sup, http.MethodGet, "/auth/admin/users", nil, http.StatusOK},
			{"support bans", sup, http.MethodPost, "/auth/admin/ban", map[string]string{"userId": targetID}, http.StatusForbidden},
			{"no role lists users", plain, http.MethodGet, "/auth/admin/users", nil, http.StatusForbidden},
			{"moderator impersonates an administrator", mod, http.MethodPost, "/auth/admin/impersonate",
				map[string]string{"userId": supID}, http.StatusForbidden},
			{"moderator revokes sessions", mod, http.MethodPost, "/auth/admin/revoke-sessions",
				map[string]string{"userId": targetID}, http.StatusForbidden},
			{"moderator bans", mod, http.MethodPost, "/auth/admin/ban", map[string]string{"userId": targetID}, http.StatusOK},
			{"moderator impersonates a user", mod, http.MethodPost, "/auth/admin/impersonate",
				map[string]string{"userId": plainID}, http.StatusOK},
		}
		for _, tt := range tests {
			res := tt.c.Do(tt.method, tt.path, tt.body, nil)
			if res.Status != tt.status {
				t.Errorf("%s: %s %s = %d %s, want %d", tt.name, tt.method, tt.path, res.Status, res.Body, tt.status)
			}
			if tt.status == http.StatusForbidden && res.ErrorCode() != "permission_denied" {
				t.Errorf("%s: code %q, want permission_denied", tt.name, res.ErrorCode())
			}
		}
	})
}
