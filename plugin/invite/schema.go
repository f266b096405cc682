package invite

import (
	"context"
	"database/sql"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// Invitations is auth_invitation: one row per invitation, found by the
// SHA-256 of its code (the code itself is never stored). Uses counts the
// accounts made with it, up to MaxUses; Email, when set, is the one
// verified address whose sign-up may use it.
var (
	Invitations         = sqlb.NewTable("auth_invitation")
	InvitationID        = sqlb.NewColumn[string](Invitations, "id", sqlb.String(36).Labeled("id"))
	InvitationCodeHash  = sqlb.NewColumn[[]byte](Invitations, "code_hash", sqlb.Bytes(32))
	InvitationCreatedBy = sqlb.NewColumn[sql.Null[string]](Invitations, "created_by", sqlb.String(36).Labeled("id"), sqlb.Nullable(), sqlb.References(auth.UserID, sqlb.Cascade))
	InvitationEmail     = sqlb.NewColumn[sql.Null[string]](Invitations, "email", sqlb.String(320), sqlb.Nullable())
	InvitationMaxUses   = sqlb.NewColumn[int64](Invitations, "max_uses", sqlb.Int())
	InvitationUses      = sqlb.NewColumn[int64](Invitations, "uses", sqlb.Int())
	InvitationCreatedAt = sqlb.NewColumn[time.Time](Invitations, "created_at", sqlb.Time())
	InvitationExpiresAt = sqlb.NewColumn[time.Time](Invitations, "expires_at", sqlb.Time())
	InvitationRevokedAt = sqlb.NewColumn[sql.Null[time.Time]](Invitations, "revoked_at", sqlb.Time(), sqlb.Nullable())
)

// Uses is auth_invitation_use: who signed up with which invitation, and
// when. A use goes with its account; the invitation's count stays.
var (
	Uses            = sqlb.NewTable("auth_invitation_use")
	UseInvitationID = sqlb.NewColumn[string](Uses, "invitation_id", sqlb.String(36).Labeled("id"), sqlb.References(InvitationID, sqlb.Cascade))
	UseUserID       = sqlb.NewColumn[string](Uses, "user_id", sqlb.String(36).Labeled("id"), sqlb.References(auth.UserID, sqlb.Cascade))
	UseCreatedAt    = sqlb.NewColumn[time.Time](Uses, "used_at", sqlb.Time())
)

func init() {
	Invitations.PrimaryKey(InvitationID)
	Invitations.Unique(InvitationCodeHash)
	Invitations.Index(InvitationCreatedBy)
	Invitations.Index(InvitationExpiresAt)
	Uses.PrimaryKey(UseInvitationID, UseUserID)
	Uses.Index(UseUserID)
}

// Retention is how long an expired invitation, and the record of who used
// it, is kept before [Plugin.Sweep] deletes it.
const Retention = 90 * 24 * time.Hour

// Tables implements [auth.Schema].
func (p *Plugin) Tables() []*sqlb.Table { return []*sqlb.Table{Invitations, Uses} }

// Migrations implements [auth.Schema].
func (p *Plugin) Migrations() []auth.Migration {
	return []auth.Migration{auth.Changes("001_create", sqlb.CreateTable(Invitations), sqlb.CreateTable(Uses))}
}

// Sweep implements [auth.Sweeper]: invitations expired longer than
// [Retention] ago go, with their uses.
func (p *Plugin) Sweep(ctx context.Context, db *sqlb.DB, now time.Time) (int64, error) {
	return db.Exec(ctx, sqlb.Delete(Invitations).Where(InvitationExpiresAt.Lt(now.Add(-Retention))))
}
