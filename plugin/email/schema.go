package email

import (
	"database/sql"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// The columns the plugin adds to the user table: the primary address and
// when it was verified. They appear in the user's JSON as primaryEmail and
// emailVerifiedAt. Addresses themselves are identities of kind "email".
var (
	PrimaryEmail    = sqlb.AddedColumn[sql.Null[string]](auth.Users, "primary_email", sqlb.String(255), sqlb.Nullable())
	EmailVerifiedAt = sqlb.AddedColumn[sql.Null[time.Time]](auth.Users, "email_verified_at", sqlb.Time(), sqlb.Nullable())
)

// Kind is the identity kind of email addresses.
const Kind = "email"

// takePrimary makes an address identity the primary email of its user,
// with its verification time, when the user has no primary email or has
// this one.
func takePrimary(c *auth.Call, id *auth.Identity) sqlb.Statement {
	return sqlb.Update(auth.Users).Set(
		PrimaryEmail.Set(nullString(id.Value)),
		EmailVerifiedAt.Set(nullTime(id.VerifiedAt)),
		auth.UserUpdatedAt.Set(c.Now()),
	).Where(sqlb.And(auth.UserID.Eq(id.UserID), sqlb.Or(PrimaryEmail.IsNull(), PrimaryEmail.Eq(nullString(id.Value)))))
}

// setPrimary records address as the user's primary email, verified at the
// given time (zero for not verified).
func setPrimary(c *auth.Call, userID, address string, verifiedAt time.Time) sqlb.Statement {
	return sqlb.Update(auth.Users).Set(
		PrimaryEmail.Set(nullString(address)),
		EmailVerifiedAt.Set(nullTime(verifiedAt)),
		auth.UserUpdatedAt.Set(c.Now()),
	).Where(auth.UserID.Eq(userID))
}
