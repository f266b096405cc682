package audit

import (
	"context"
	"database/sql"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// Records is auth_audit: one row per recorded event. The user, actor and
// organization columns hold IDs but reference nothing: a record outlives
// the user it tells of, until [Plugin.Sweep] deletes it for its age.
var (
	Records       = sqlb.NewTable("auth_audit")
	RecordID      = sqlb.NewColumn[string](Records, "id", sqlb.String(36).Labeled("id"))
	RecordType    = sqlb.NewColumn[string](Records, "type", sqlb.String(maxType))
	RecordUserID  = sqlb.NewColumn[sql.Null[string]](Records, "user_id", sqlb.String(36).Labeled("id"), sqlb.Nullable())
	RecordActorID = sqlb.NewColumn[sql.Null[string]](Records, "actor_id", sqlb.String(36).Labeled("id"), sqlb.Nullable())
	RecordOrgID   = sqlb.NewColumn[sql.Null[string]](Records, "organization_id", sqlb.String(36).Labeled("id"), sqlb.Nullable())
	RecordOp      = sqlb.NewColumn[string](Records, "op", sqlb.String(maxOp))
	RecordIP      = sqlb.NewColumn[string](Records, "ip", sqlb.String(maxIP))
	RecordAgent   = sqlb.NewColumn[string](Records, "user_agent", sqlb.String(maxAgent))
	RecordAt      = sqlb.NewColumn[time.Time](Records, "at", sqlb.Time())
	RecordDetail  = sqlb.NewColumn[string](Records, "detail", sqlb.Text())
)

func init() {
	Records.PrimaryKey(RecordID)
	Records.Index(RecordAt, RecordID)
	Records.Index(RecordUserID, RecordAt)
	Records.Index(RecordType, RecordAt)
	Records.Index(RecordOrgID, RecordAt)
}

// Tables implements [auth.Schema].
func (p *Plugin) Tables() []*sqlb.Table { return []*sqlb.Table{Records} }

// Migrations implements [auth.Schema].
func (p *Plugin) Migrations() []auth.Migration {
	return []auth.Migration{auth.Changes("001_create", sqlb.CreateTable(Records))}
}

// Sweep implements [auth.Sweeper]: it deletes the records older than the
// retention ([WithRetention]).
func (p *Plugin) Sweep(ctx context.Context, db *sqlb.DB, now time.Time) (int64, error) {
	return db.Exec(ctx, sqlb.Delete(Records).Where(RecordAt.Lt(now.Add(-p.cfg.retention))))
}
