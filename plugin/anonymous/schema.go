package anonymous

import (
	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// UserGuest is the column the plugin adds to the user table: set on the
// users [Plugin.SignIn] makes, cleared when they sign up. It appears in
// the user's JSON as isAnonymous, and lets the session check run with no
// query of its own.
var UserGuest = sqlb.AddedColumn[bool](auth.Users, "is_anonymous", sqlb.Bool(), sqlb.Default(false))

// fieldGuest is the JSON name of [UserGuest] in [auth.User.Fields].
const fieldGuest = "isAnonymous"

// UserFields implements [auth.UserExtender].
func (p *Plugin) UserFields() []auth.UserField {
	return []auth.UserField{auth.Field(fieldGuest, UserGuest)}
}
