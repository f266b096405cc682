package apikey

import (
	"context"
	"database/sql"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// Keys is auth_api_key: the API keys of each user, found by the SHA-256
// of the whole key, which is all that is stored of it.
var (
	Keys      = sqlb.NewTable("auth_api_key")
	KeyID     = sqlb.NewColumn[string](Keys, "id", sqlb.String(36).Labeled("id"))
	KeyUserID = sqlb.NewColumn[string](Keys, "user_id", sqlb.String(36).Labeled("id"), sqlb.References(auth.UserID, sqlb.Cascade))
	KeyHash   = sqlb.NewColumn[[]byte](Keys, "key_hash", sqlb.Bytes(32))
	KeyName   = sqlb.NewColumn[string](Keys, "name", sqlb.String(MaxNameLength*4))
	// KeyHint is the key's prefix and last four characters, for lists.
	KeyHint = sqlb.NewColumn[string](Keys, "hint", sqlb.String(64))
	// KeyScopes is the key's scopes as a JSON array of strings.
	KeyScopes = sqlb.NewColumn[string](Keys, "scopes", sqlb.Text())
	// KeyRateLimit and KeyRateWindow are the key's own rate limit: so many
	// requests per window (milliseconds); a limit of 0 takes the
	// plugin's ([WithRateLimit]).
	KeyRateLimit  = sqlb.NewColumn[int64](Keys, "rate_limit", sqlb.Int())
	KeyRateWindow = sqlb.NewColumn[int64](Keys, "rate_window_ms", sqlb.Int())
	KeyCreatedAt  = sqlb.NewColumn[time.Time](Keys, "created_at", sqlb.Time())
	// KeyExpiresAt is null for a key that does not expire.
	KeyExpiresAt = sqlb.NewColumn[sql.Null[time.Time]](Keys, "expires_at", sqlb.Time(), sqlb.Nullable())
	// KeyLastUsedAt is written at most once per [WithLastUsedInterval].
	KeyLastUsedAt = sqlb.NewColumn[sql.Null[time.Time]](Keys, "last_used_at", sqlb.Time(), sqlb.Nullable())
	// KeyReplacedBy is the key that a rotation replaced this one with;
	// the old key works until its grace period ends (its expiry).
	KeyReplacedBy = sqlb.NewColumn[sql.Null[string]](Keys, "replaced_by", sqlb.String(36).Labeled("id"), sqlb.Nullable())
)

func init() {
	Keys.PrimaryKey(KeyID)
	Keys.Unique(KeyHash)
	Keys.Index(KeyUserID)
}

// Tables implements [auth.Schema].
func (p *Plugin) Tables() []*sqlb.Table { return []*sqlb.Table{Keys} }

// Migrations implements [auth.Schema].
func (p *Plugin) Migrations() []auth.Migration {
	return []auth.Migration{auth.Changes("001_create", sqlb.CreateTable(Keys))}
}

// Sweep implements [auth.Sweeper]: it deletes the keys that expired
// before now, rotated ones whose grace period is over among them.
func (p *Plugin) Sweep(ctx context.Context, db *sqlb.DB, now time.Time) (int64, error) {
	return db.Exec(ctx, sqlb.Delete(Keys).Where(sqlb.And(KeyExpiresAt.IsNotNull(), KeyExpiresAt.Le(sql.Null[time.Time]{V: now, Valid: true}))))
}
