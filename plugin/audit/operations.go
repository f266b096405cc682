package audit

import (
	"context"
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// The names of the plugin's operations, for [auth.WithRateLimit] and for
// hooks and session checks that look at [auth.Call.Op].
const (
	// OpQuery is [Plugin.Query], a server operation: it has no route.
	OpQuery = "audit.query"
	// OpHistory is GET /audit/history: [Plugin.History].
	OpHistory = "audit.history"
)

// ops are the plugin's typed operations.
type ops struct {
	query   *auth.Op[Filter, Page]
	history *auth.Op[HistoryRequest, Page]
}

func (p *Plugin) newOps() ops {
	return ops{
		query: &auth.Op[Filter, Page]{Name: OpQuery, Handler: p.query},
		history: &auth.Op[HistoryRequest, Page]{Name: OpHistory, Method: http.MethodGet, Path: "/audit/history",
			Session: auth.SessionUser, Rate: auth.DefaultRate, Handler: p.history},
	}
}

// Operations implements [auth.Operator].
func (p *Plugin) Operations() []auth.Operation { return []auth.Operation{p.ops.query, p.ops.history} }

// Query returns a page of the records f chooses, newest first, to the
// host's code: it does not ask who calls it, so call it from code that
// already decided the caller may read the audit log (an administration
// page). A cursor this plugin did not give is [auth.ErrInvalidInput].
func (p *Plugin) Query(ctx context.Context, f Filter) (Page, error) {
	return p.ops.query.Run(ctx, f)
}

// History returns a page of the signed-in user's own records, newest
// first: their sign-ins, changes to their account, refusals they met.
// It answers [auth.ErrNoSession] to a caller with no session.
func (p *Plugin) History(ctx context.Context, in HistoryRequest) (Page, error) {
	return p.ops.history.Run(ctx, in)
}

func (p *Plugin) query(ctx context.Context, c *auth.Call, f Filter) (Page, error) {
	return query(ctx, c.DB(), f)
}

func (p *Plugin) history(ctx context.Context, c *auth.Call, in HistoryRequest) (Page, error) {
	return query(ctx, c.DB(), Filter{UserID: c.User().ID, Cursor: in.Cursor, Limit: in.Limit})
}
