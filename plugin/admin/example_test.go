package admin_test

import (
	"context"
	"fmt"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/admin"
)

// Roles beside the default admin: support staff who may look users up
// and end their sessions, and a super-administrator who may also
// impersonate administrators.
func ExampleWithRoles() {
	roles := admin.DefaultRoles()
	roles["support"] = []admin.Permission{admin.PermViewUsers, admin.PermRevokeSessions}
	roles["super"] = append(append([]admin.Permission{}, roles[admin.RoleAdmin]...), admin.PermImpersonateAdmins)
	_ = admin.New(admin.WithRoles(roles))

	user := func(role string) *auth.User { return &auth.User{Fields: map[string]any{"role": role}} }
	ctx := context.Background()
	for _, tt := range []struct {
		actor string
		act   admin.Action
	}{
		{"support", admin.Action{Permission: admin.PermViewUsers}},
		{"support", admin.Action{Permission: admin.PermBanUsers}},
		{"admin", admin.Action{Permission: admin.PermSetRole, Target: user(""), Role: "support"}},
		{"admin", admin.Action{Permission: admin.PermSetRole, Target: user(""), Role: "super"}},
		{"admin", admin.Action{Permission: admin.PermImpersonateAdmins, Target: user("admin")}},
		{"super", admin.Action{Permission: admin.PermImpersonateAdmins, Target: user("admin")}},
	} {
		ok, _ := roles.Allowed(ctx, nil, user(tt.actor), tt.act)
		fmt.Println(tt.actor, tt.act.Permission, tt.act.Role, ok)
	}
	// Output:
	// support users.view  true
	// support users.ban  false
	// admin users.setRole support true
	// admin users.setRole super false
	// admin users.impersonateAdmins  false
	// super users.impersonateAdmins  true
}

// A timed ban lifts itself when the clock reaches its end.
func ExampleBanOf() {
	end := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	u := &auth.User{Fields: map[string]any{"banned": true, "bannedUntil": end, "banReason": "spam"}}
	for _, now := range []time.Time{end.Add(-time.Minute), end} {
		ban, on := admin.BanOf(u, now)
		fmt.Println(now.Format(time.DateTime), on, ban.Reason)
	}
	// Output:
	// 2026-11-30 23:59:00 true spam
	// 2026-12-01 00:00:00 false spam
}

// The roles a page offers in its choice of role, sorted.
func ExamplePlugin_RoleNames() {
	roles := admin.DefaultRoles()
	roles["support"] = []admin.Permission{admin.PermViewUsers}
	fmt.Println(admin.New(admin.WithRoles(roles)).RoleNames())
	fmt.Println(admin.New().RoleNames())
	// Output:
	// [admin support]
	// [admin]
}
