package terms

import (
	"database/sql"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// The columns the plugin adds to the user table, loaded with every user so
// that the session check costs no query. They appear in the user's JSON
// as termsVersion and termsAcceptedAt.
var (
	// UserVersion is the version the user last accepted; empty for none.
	UserVersion = sqlb.AddedColumn[string](auth.Users, "terms_version", sqlb.String(MaxVersionLength), sqlb.Default(""))
	// UserAcceptedAt is when they accepted it.
	UserAcceptedAt = sqlb.AddedColumn[sql.Null[time.Time]](auth.Users, "terms_accepted_at", sqlb.Time(), sqlb.Nullable())
)

// Acceptances is auth_terms_acceptance: every version each user accepted,
// when, and from which IP, as a record of consent. Rows go with the user.
var (
	Acceptances          = sqlb.NewTable("auth_terms_acceptance")
	AcceptanceUserID     = sqlb.NewColumn[string](Acceptances, "user_id", sqlb.String(36).Labeled("id"), sqlb.References(auth.UserID, sqlb.Cascade))
	AcceptanceVersion    = sqlb.NewColumn[string](Acceptances, "version", sqlb.String(MaxVersionLength))
	AcceptanceAcceptedAt = sqlb.NewColumn[time.Time](Acceptances, "accepted_at", sqlb.Time())
	AcceptanceIP         = sqlb.NewColumn[string](Acceptances, "ip", sqlb.String(64))
)

func init() {
	Acceptances.PrimaryKey(AcceptanceUserID, AcceptanceVersion)
}

// The JSON names of the columns in [auth.User.Fields].
const (
	fieldVersion    = "termsVersion"
	fieldAcceptedAt = "termsAcceptedAt"
)

// UserFields implements [auth.UserExtender].
func (p *Plugin) UserFields() []auth.UserField {
	return []auth.UserField{auth.Field(fieldVersion, UserVersion), auth.Field(fieldAcceptedAt, UserAcceptedAt)}
}

// Tables implements [auth.Schema].
func (p *Plugin) Tables() []*sqlb.Table { return []*sqlb.Table{Acceptances} }

// Migrations implements [auth.Schema].
func (p *Plugin) Migrations() []auth.Migration {
	return []auth.Migration{auth.Changes("001_create", sqlb.CreateTable(Acceptances))}
}

// Accepted returns the version of the terms a loaded user last accepted,
// or "" for none.
func Accepted(u *auth.User) string {
	if u == nil {
		return ""
	}
	v, _ := u.Fields[fieldVersion].(string)
	return v
}
