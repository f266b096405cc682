package stale

import (
	"context"
	"time"

	"github.com/sesame-go/sesame/sqlb"
)

// ActivityReporter is a plugin that knows of a use of accounts that
// neither sessions nor sign-ins show: an API key's requests, say (the
// apikey plugin is one). The plugin finds every such plugin of the
// instance, and a pass counts what they report as activity, so that an
// account used only that way is never mailed nor deleted as inactive.
//
// The interface names nothing of this package, so that any plugin can
// satisfy it without importing stale: a method of this shape is enough.
type ActivityReporter interface {
	// LastActivity returns, for those of the users (one batch of a pass,
	// at most [WithBatchSize]) it knows a use of, the time of their latest
	// use. It runs inside the batch's transaction (db), and must read the
	// whole batch with a fixed number of queries, never one per user.
	LastActivity(ctx context.Context, db *sqlb.DB, userIDs []string) (map[string]time.Time, error)
}
