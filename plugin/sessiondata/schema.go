package sessiondata

import (
	"context"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// Values is auth_session_data: one row per key of a session. It names
// its session by ID, without a foreign key, since sessions may live in
// memory or Redis; rows of ended sessions are deleted when they end
// ([auth.SessionEndObserver]) or, for expired ones, by [Plugin.Sweep].
var (
	Values         = sqlb.NewTable("auth_session_data")
	ValueSessionID = sqlb.NewColumn[string](Values, "session_id", sqlb.String(36).Labeled("id"))
	ValueKey       = sqlb.NewColumn[string](Values, "data_key", sqlb.String(maxKey))
	ValueUserID    = sqlb.NewColumn[string](Values, "user_id", sqlb.String(36).Labeled("id"), sqlb.References(auth.UserID, sqlb.Cascade))
	ValueJSON      = sqlb.NewColumn[string](Values, "value", sqlb.Text())
	ValueUpdatedAt = sqlb.NewColumn[time.Time](Values, "updated_at", sqlb.Time())
)

func init() {
	Values.PrimaryKey(ValueSessionID, ValueKey)
	Values.Index(ValueUserID)
}

// Tables implements [auth.Schema].
func (p *Plugin) Tables() []*sqlb.Table { return []*sqlb.Table{Values} }

// Migrations implements [auth.Schema].
func (p *Plugin) Migrations() []auth.Migration {
	return []auth.Migration{auth.Changes("001_create", sqlb.CreateTable(Values))}
}

// SessionsEnded implements [auth.SessionEndObserver]: the values of the
// ended sessions go with them.
func (p *Plugin) SessionsEnded(ctx context.Context, c *auth.Call, userID, keep string, ids []string) error {
	where := ValueUserID.Eq(userID)
	switch {
	case ids != nil:
		where = sqlb.And(where, ValueSessionID.In(ids...))
	case keep != "":
		where = sqlb.And(where, ValueSessionID.Ne(keep))
	}
	_, err := c.DB().Exec(ctx, sqlb.Delete(Values).Where(where))
	return err
}

// Sweep implements [auth.Sweeper]: it deletes the values of sessions
// that expired. It goes through the users who have values, a batch at a
// time, each batch a run of the server operation [OpSweep], which asks
// the session store which of their sessions still live (any store:
// database, memory, Redis).
func (p *Plugin) Sweep(ctx context.Context, _ *sqlb.DB, _ time.Time) (int64, error) {
	var total int64
	after := ""
	for {
		out, err := p.ops.sweep.Run(ctx, sweepRequest{After: after})
		total += out.Deleted
		if err != nil || out.Next == "" {
			return total, err
		}
		after = out.Next
	}
}
