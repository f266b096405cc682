package twofactor

import (
	"database/sql"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// Factors is auth_two_factor: the second factors of each user, one row per
// authenticator app, address codes are mailed to, or number codes are
// texted to. A row without confirmed_at is an enrolment waiting for its
// first code, open to the session that began it.
var (
	Factors           = sqlb.NewTable("auth_two_factor")
	FactorID          = sqlb.NewColumn[string](Factors, "id", sqlb.String(36).Labeled("id"))
	FactorUserID      = sqlb.NewColumn[string](Factors, "user_id", sqlb.String(36).Labeled("id"), sqlb.References(auth.UserID, sqlb.Cascade))
	FactorMethod      = sqlb.NewColumn[string](Factors, "method", sqlb.String(16))
	FactorName        = sqlb.NewColumn[string](Factors, "name", sqlb.String(64))
	FactorKey         = sqlb.NewColumn[string](Factors, "totp_key", sqlb.Text())
	FactorIdentityID  = sqlb.NewColumn[sql.Null[string]](Factors, "identity_id", sqlb.String(36).Labeled("id"), sqlb.Nullable())
	FactorLastStep    = sqlb.NewColumn[int64](Factors, "last_step", sqlb.Int())
	FactorSessionID   = sqlb.NewColumn[sql.Null[string]](Factors, "session_id", sqlb.String(36).Labeled("id"), sqlb.Nullable())
	FactorCreatedAt   = sqlb.NewColumn[time.Time](Factors, "created_at", sqlb.Time())
	FactorConfirmedAt = sqlb.NewColumn[sql.Null[time.Time]](Factors, "confirmed_at", sqlb.Time(), sqlb.Nullable())
	FactorLastUsedAt  = sqlb.NewColumn[sql.Null[time.Time]](Factors, "last_used_at", sqlb.Time(), sqlb.Nullable())
)

// RecoveryCodes is auth_two_factor_recovery: each user's recovery codes,
// as SHA-256 hashes, each usable once.
var (
	RecoveryCodes     = sqlb.NewTable("auth_two_factor_recovery")
	RecoveryHash      = sqlb.NewColumn[[]byte](RecoveryCodes, "code_hash", sqlb.Bytes(32))
	RecoveryUserID    = sqlb.NewColumn[string](RecoveryCodes, "user_id", sqlb.String(36).Labeled("id"), sqlb.References(auth.UserID, sqlb.Cascade))
	RecoveryCreatedAt = sqlb.NewColumn[time.Time](RecoveryCodes, "created_at", sqlb.Time())
	RecoveryUsedAt    = sqlb.NewColumn[sql.Null[time.Time]](RecoveryCodes, "used_at", sqlb.Time(), sqlb.Nullable())
)

// Attempts is auth_two_factor_attempt: wrong codes counted per account
// ("u:" and the user's ID) and per pending session ("s:" and its ID), in
// a window that starts with the first of them.
var (
	Attempts         = sqlb.NewTable("auth_two_factor_attempt")
	AttemptScope     = sqlb.NewColumn[string](Attempts, "scope", sqlb.String(40))
	AttemptUserID    = sqlb.NewColumn[string](Attempts, "user_id", sqlb.String(36).Labeled("id"), sqlb.References(auth.UserID, sqlb.Cascade))
	AttemptFailures  = sqlb.NewColumn[int64](Attempts, "failures", sqlb.Int())
	AttemptExpiresAt = sqlb.NewColumn[time.Time](Attempts, "expires_at", sqlb.Time())
)

// Devices is auth_two_factor_device: the browsers a user trusts to skip
// the second factor ([WithTrustDevice]), by the SHA-256 of their cookie.
var (
	Devices         = sqlb.NewTable("auth_two_factor_device")
	DeviceHash      = sqlb.NewColumn[[]byte](Devices, "token_hash", sqlb.Bytes(32))
	DeviceUserID    = sqlb.NewColumn[string](Devices, "user_id", sqlb.String(36).Labeled("id"), sqlb.References(auth.UserID, sqlb.Cascade))
	DeviceCreatedAt = sqlb.NewColumn[time.Time](Devices, "created_at", sqlb.Time())
	DeviceExpiresAt = sqlb.NewColumn[time.Time](Devices, "expires_at", sqlb.Time())
	DeviceUserAgent = sqlb.NewColumn[string](Devices, "user_agent", sqlb.String(512))
)

// enabledField is the JSON name of [Enabled] in the user.
const enabledField = "twoFactorEnabled"

// Enabled is the column the plugin adds to the user table: whether the
// user has a confirmed second factor. It appears in the user's JSON as
// twoFactorEnabled, and lets the session check of [RequireEnrolment] run
// with no query of its own.
var Enabled = sqlb.AddedColumn[bool](auth.Users, "two_factor_enabled", sqlb.Bool(), sqlb.Default(false))

func init() {
	Factors.PrimaryKey(FactorID)
	Factors.Index(FactorUserID)
	RecoveryCodes.PrimaryKey(RecoveryHash)
	RecoveryCodes.Index(RecoveryUserID)
	Attempts.PrimaryKey(AttemptScope)
	Attempts.Index(AttemptUserID)
	Devices.PrimaryKey(DeviceHash)
	Devices.Index(DeviceUserID)
}

// Tables implements [auth.Schema].
func (p *Plugin) Tables() []*sqlb.Table {
	return []*sqlb.Table{Factors, RecoveryCodes, Attempts, Devices}
}

// Migrations implements [auth.Schema].
func (p *Plugin) Migrations() []auth.Migration {
	return []auth.Migration{auth.Changes("001_create", sqlb.CreateTable(Factors), sqlb.CreateTable(RecoveryCodes),
		sqlb.CreateTable(Attempts), sqlb.CreateTable(Devices))}
}

// UserFields implements [auth.UserExtender].
func (p *Plugin) UserFields() []auth.UserField {
	return []auth.UserField{auth.Field(enabledField, Enabled)}
}

// enabled reports whether a loaded user has a confirmed second factor.
func enabled(u *auth.User) bool {
	on, _ := u.Fields[enabledField].(bool)
	return on
}
