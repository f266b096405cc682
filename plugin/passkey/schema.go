package passkey

import (
	"database/sql"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// Passkeys is auth_passkey: one row per registered passkey, the WebAuthn
// credential record (WebAuthn §4, "credential record"). Its ID is the ID
// of the passkey's identity in auth_identity, whose removal deletes it.
// Nothing in it is secret: the public key verifies, it cannot sign.
var (
	Passkeys        = sqlb.NewTable("auth_passkey")
	PasskeyID       = sqlb.NewColumn[string](Passkeys, "id", sqlb.String(36).Labeled("id"), sqlb.References(auth.IdentityID, sqlb.Cascade))
	PasskeyUserID   = sqlb.NewColumn[string](Passkeys, "user_id", sqlb.String(36).Labeled("id"), sqlb.References(auth.UserID, sqlb.Cascade))
	PasskeyName     = sqlb.NewColumn[string](Passkeys, "name", sqlb.String(255))
	PasskeyCredID   = sqlb.NewColumn[[]byte](Passkeys, "credential_id", sqlb.Bytes(0))
	PasskeyHandle   = sqlb.NewColumn[[]byte](Passkeys, "user_handle", sqlb.Bytes(64))
	PasskeyKey      = sqlb.NewColumn[[]byte](Passkeys, "public_key", sqlb.Bytes(0))
	PasskeyAAGUID   = sqlb.NewColumn[[]byte](Passkeys, "aaguid", sqlb.Bytes(16))
	PasskeyAttType  = sqlb.NewColumn[string](Passkeys, "attestation_type", sqlb.String(64))
	PasskeyAttFmt   = sqlb.NewColumn[string](Passkeys, "attestation_format", sqlb.String(64))
	PasskeyTransp   = sqlb.NewColumn[string](Passkeys, "transports", sqlb.String(255))
	PasskeyCount    = sqlb.NewColumn[int64](Passkeys, "sign_count", sqlb.Int())
	PasskeyUV       = sqlb.NewColumn[bool](Passkeys, "user_verified", sqlb.Bool())
	PasskeyBE       = sqlb.NewColumn[bool](Passkeys, "backup_eligible", sqlb.Bool())
	PasskeyBS       = sqlb.NewColumn[bool](Passkeys, "backup_state", sqlb.Bool())
	PasskeyCreated  = sqlb.NewColumn[time.Time](Passkeys, "created_at", sqlb.Time())
	PasskeyLastUsed = sqlb.NewColumn[sql.Null[time.Time]](Passkeys, "last_used_at", sqlb.Time(), sqlb.Nullable())
)

func init() {
	Passkeys.PrimaryKey(PasskeyID)
	Passkeys.Index(PasskeyUserID)
}

// Tables implements [auth.Schema].
func (p *Plugin) Tables() []*sqlb.Table { return []*sqlb.Table{Passkeys} }

// Migrations implements [auth.Schema].
func (p *Plugin) Migrations() []auth.Migration {
	return []auth.Migration{auth.Changes("001_create", sqlb.CreateTable(Passkeys))}
}
