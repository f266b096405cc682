package password

import (
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// Passwords is auth_password: one password hash per person, apart from the
// user table so that no query of users ever reads a hash.
var (
	Passwords         = sqlb.NewTable("auth_password")
	PasswordUserID    = sqlb.NewColumn[string](Passwords, "user_id", sqlb.String(36).Labeled("id"), sqlb.References(auth.UserID, sqlb.Cascade))
	PasswordHash      = sqlb.NewColumn[string](Passwords, "hash", sqlb.String(maxHashLen))
	PasswordUpdatedAt = sqlb.NewColumn[time.Time](Passwords, "updated_at", sqlb.Time())
)

// maxHashLen is the longest hash auth_password.hash holds.
const maxHashLen = 255

func init() { Passwords.PrimaryKey(PasswordUserID) }

// Tables implements [auth.Schema].
func (p *Plugin) Tables() []*sqlb.Table { return []*sqlb.Table{Passwords} }

// Migrations implements [auth.Schema].
func (p *Plugin) Migrations() []auth.Migration {
	return []auth.Migration{auth.Changes("001_create", sqlb.CreateTable(Passwords))}
}

// setHash stores a user's password hash, replacing any earlier one.
func setHash(userID string, hash auth.Secret, now time.Time) *sqlb.InsertStmt {
	return sqlb.Insert(Passwords).Row(PasswordUserID.Set(userID), PasswordHash.Set(hash.Reveal()), PasswordUpdatedAt.Set(now)).
		OnConflictUpdate([]sqlb.AnyColumn{PasswordUserID}, PasswordHash.SetTo(sqlb.Excluded(PasswordHash)),
			PasswordUpdatedAt.SetTo(sqlb.Excluded(PasswordUpdatedAt)))
}
