package admin

import (
	"database/sql"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// The columns the plugin adds to the user table, loaded with every user
// so that the session check costs no query. They appear in the user's
// JSON as banned, banReason, bannedUntil and role.
var (
	// UserBanned marks a banned user; the ban lasts until UserBannedUntil, or for
	// good when that is null.
	UserBanned = sqlb.AddedColumn[bool](auth.Users, "banned", sqlb.Bool(), sqlb.Default(false))
	// UserBanReason is the reason an administrator gave, shown to nobody but
	// administrators.
	UserBanReason = sqlb.AddedColumn[sql.Null[string]](auth.Users, "ban_reason", sqlb.Text(), sqlb.Nullable())
	// UserBannedUntil is when a timed ban lifts itself.
	UserBannedUntil = sqlb.AddedColumn[sql.Null[time.Time]](auth.Users, "banned_until", sqlb.Time(), sqlb.Nullable())
	// UserRole is the user's role for the default [Authorizer] ([Roles]); empty
	// for none.
	UserRole = sqlb.AddedColumn[string](auth.Users, "role", sqlb.String(64), sqlb.Default(""))
)

// The JSON names of the columns in [auth.User.Fields].
const (
	fieldBanned      = "banned"
	fieldBanReason   = "banReason"
	fieldBannedUntil = "bannedUntil"
	fieldRole        = "role"
)

// UserFields implements [auth.UserExtender]: the core adds the columns
// with a migration of the plugin's and loads them with every user.
func (p *Plugin) UserFields() []auth.UserField {
	return []auth.UserField{auth.Field(fieldBanned, UserBanned), auth.Field(fieldBanReason, UserBanReason),
		auth.Field(fieldBannedUntil, UserBannedUntil), auth.Field(fieldRole, UserRole)}
}
