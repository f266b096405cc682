package test

import (
	"testing"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/access"
)

// TestPermissionMatrix checks every role against every permission of the
// vocabulary, on every engine: a role allows exactly what its statements
// name, and a user with no role nothing.
func TestPermissionMatrix(t *testing.T) {
	allowed := map[string][]string{
		"":           nil,
		"viewer":     {"project:read"},
		"editor":     {"project:read", "project:write"},
		"owner":      {"project:read", "project:write", "project:delete", "billing:read", "billing:manage"},
		"accountant": {"billing:read"},
		"support":    {"admin.users:view"},
		"moderator":  {"admin.users:view", "admin.users:ban", "admin.users:impersonate"},
	}
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		for role, want := range allowed {
			id := f.user(t, "holder of "+role)
			if role != "" {
				f.grant(t, id, "", role)
			}
			for res, acts := range vocabulary() {
				for _, act := range acts {
					wantOK := false
					for _, w := range want {
						wantOK = wantOK || w == access.KeyScope(res, act)
					}
					if got := f.can(t, access.User(id), res, act); got != wantOK {
						t.Errorf("role %q: Can(%s:%s) = %v, want %v", role, res, act, got, wantOK)
					}
					if got := f.can(t, access.User(id).In("org-1"), res, act); got != wantOK {
						t.Errorf("role %q in a scope: Can(%s:%s) = %v, want %v (a global role holds in every scope)", role, res, act, got, wantOK)
					}
				}
			}
		}
	})
}
