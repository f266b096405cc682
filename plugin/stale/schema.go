package stale

import (
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// Marks is auth_stale_mark: the owners mailed about their inactive
// accounts, and when. A mark is cleared once its owner was active after
// it; it goes with the user.
var (
	Marks          = sqlb.NewTable("auth_stale_mark")
	MarkUserID     = sqlb.NewColumn[string](Marks, "user_id", sqlb.String(36).Labeled("id"), sqlb.References(auth.UserID, sqlb.Cascade))
	MarkNotifiedAt = sqlb.NewColumn[time.Time](Marks, "notified_at", sqlb.Time())
)

// Progress is auth_stale_progress: where the pass in progress stopped
// (the last user ID it looked at), so that an interrupted run resumes
// there. Its one row is locked by each batch, so that two runs at once
// take turns instead of looking at the same users.
var (
	Progress          = sqlb.NewTable("auth_stale_progress")
	ProgressID        = sqlb.NewColumn[string](Progress, "id", sqlb.String(16))
	ProgressCursor    = sqlb.NewColumn[string](Progress, "cursor_user_id", sqlb.String(36))
	ProgressUpdatedAt = sqlb.NewColumn[time.Time](Progress, "updated_at", sqlb.Time())
)

// progressRow is the ID of the one row of [Progress].
const progressRow = "pass"

func init() {
	Marks.PrimaryKey(MarkUserID)
	Progress.PrimaryKey(ProgressID)
}

// Tables implements [auth.Schema].
func (p *Plugin) Tables() []*sqlb.Table { return []*sqlb.Table{Marks, Progress} }

// Migrations implements [auth.Schema].
func (p *Plugin) Migrations() []auth.Migration {
	return []auth.Migration{auth.Changes("001_create", sqlb.CreateTable(Marks), sqlb.CreateTable(Progress))}
}
