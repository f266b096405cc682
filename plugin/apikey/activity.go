package apikey

import (
	"context"
	"database/sql"
	"time"

	"github.com/sesame-go/sesame/sqlb"
)

// LastActivity returns, for those of the users who used a key, the latest
// last-used time of their keys (exact to [WithLastUsedInterval]), with one
// query for any number of users. It makes the plugin an activity reporter
// of the stale plugin (stale.ActivityReporter), so that an account used
// only through its keys is never mailed nor deleted as inactive.
func (p *Plugin) LastActivity(ctx context.Context, db *sqlb.DB, userIDs []string) (map[string]time.Time, error) {
	out := map[string]time.Time{}
	if len(userIDs) == 0 {
		return out, nil
	}
	var id string
	var at sql.Null[time.Time]
	err := db.All(ctx, sqlb.Select(KeyUserID.Into(&id), KeyLastUsedAt.Into(&at)).From(Keys).
		Where(sqlb.And(KeyUserID.In(userIDs...), KeyLastUsedAt.IsNotNull())),
		func() error {
			if at.V.After(out[id]) {
				out[id] = at.V
			}
			return nil
		})
	return out, err
}
