package oauth

import (
	"database/sql"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// Tokens is auth_oauth_token: each person's provider tokens, one row per
// linked provider, sealed with the token keys ([WithTokenKeys]). The table
// exists whether or not keys are set; without them it stays empty.
var (
	Tokens         = sqlb.NewTable("auth_oauth_token")
	TokenUserID    = sqlb.NewColumn[string](Tokens, "user_id", sqlb.String(36).Labeled("id"), sqlb.References(auth.UserID, sqlb.Cascade))
	TokenProvider  = sqlb.NewColumn[string](Tokens, "provider", sqlb.String(64))
	TokenSubject   = sqlb.NewColumn[string](Tokens, "subject", sqlb.String(255))
	TokenAccess    = sqlb.NewColumn[string](Tokens, "access_token", sqlb.Text())
	TokenRefresh   = sqlb.NewColumn[string](Tokens, "refresh_token", sqlb.Text())
	TokenExpiresAt = sqlb.NewColumn[sql.Null[time.Time]](Tokens, "expires_at", sqlb.Time(), sqlb.Nullable())
	TokenScope     = sqlb.NewColumn[string](Tokens, "scope", sqlb.Text())
	TokenUpdatedAt = sqlb.NewColumn[time.Time](Tokens, "updated_at", sqlb.Time())
	// TokenRefreshing is when the refresh one caller holds the lease of
	// ends (migration 002): concurrent callers wait for its result rather
	// than spend the refresh token again.
	TokenRefreshing = sqlb.AddedColumn[sql.Null[time.Time]](Tokens, "refreshing_until", sqlb.Time(), sqlb.Nullable())
)

func init() { Tokens.PrimaryKey(TokenUserID, TokenProvider) }

// Tables implements [auth.Schema].
func (p *Plugin) Tables() []*sqlb.Table { return []*sqlb.Table{Tokens} }

// Migrations implements [auth.Schema].
func (p *Plugin) Migrations() []auth.Migration {
	return []auth.Migration{auth.Changes("001_create", sqlb.CreateTable(Tokens)),
		auth.Changes("002_refresh_lease", sqlb.AddColumn(TokenRefreshing))}
}
