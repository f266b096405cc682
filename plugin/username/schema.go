package username

import (
	"database/sql"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// Kind is the identity kind of usernames. Identities of this kind hold
// keys ([Normalize]); the name as typed is in [Display].
const Kind = "username"

// The columns the plugin adds to the user table: the username as its
// holder typed it, shown as username in the user's JSON, and when it last
// changed (a first username is not a change), shown as usernameChangedAt.
var (
	Display   = sqlb.AddedColumn[sql.Null[string]](auth.Users, "username", sqlb.String(255), sqlb.Nullable())
	ChangedAt = sqlb.AddedColumn[sql.Null[time.Time]](auth.Users, "username_changed_at", sqlb.Time(), sqlb.Nullable())
)

// setDisplay records the display form of a user's username.
func setDisplay(c *auth.Call, userID, display string) sqlb.Statement {
	return sqlb.Update(auth.Users).Set(Display.Set(sql.Null[string]{V: display, Valid: display != ""}),
		auth.UserUpdatedAt.Set(c.Now())).Where(auth.UserID.Eq(userID))
}
