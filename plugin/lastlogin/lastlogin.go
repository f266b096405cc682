package lastlogin

import (
	"context"
	"net/http"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// Plugin records how and when each user last signed in: one row per
// user and sign-in method, written once per sign-in in the sign-in's
// transaction, never on a request. Make one with [New].
type Plugin struct {
	list *auth.Op[auth.Empty, List]
}

var (
	_ auth.Plugin         = (*Plugin)(nil)
	_ auth.Operator       = (*Plugin)(nil)
	_ auth.Schema         = (*Plugin)(nil)
	_ auth.SessionStarter = (*Plugin)(nil)
)

// OpList is GET /last-login: [Plugin.List].
const OpList = "lastlogin.list"

// New returns the plugin. It has no options.
func New() *Plugin {
	p := &Plugin{}
	p.list = &auth.Op[auth.Empty, List]{Name: OpList, Method: http.MethodGet, Path: "/last-login",
		Session: auth.SessionUser, Rate: auth.DefaultRate, Handler: p.handleList}
	return p
}

// Name implements [auth.Plugin].
func (p *Plugin) Name() string { return "lastlogin" }

// Operations implements [auth.Operator].
func (p *Plugin) Operations() []auth.Operation { return []auth.Operation{p.list} }

// SignIn is the last sign-in of a user with one method.
type SignIn struct {
	// Method is the session's credential kind: "password",
	// "oauth:github", "magiclink" ...
	Method string    `json:"method"`
	At     time.Time `json:"at"`
	// IP is the client's address as the core decided it
	// ([auth.WithTrustedProxies]); empty for a Go call with no request.
	IP        string `json:"ip,omitempty"`
	UserAgent string `json:"userAgent,omitempty"`
}

// List is a user's last sign-in with each method, newest first: the
// first is the last sign-in of all.
type List struct {
	SignIns []SignIn `json:"signIns"`
}

// List returns the caller's last sign-ins, one per method, newest first.
func (p *Plugin) List(ctx context.Context) ([]SignIn, error) {
	l, err := p.list.Run(ctx, auth.Empty{})
	return l.SignIns, err
}

func (p *Plugin) handleList(ctx context.Context, c *auth.Call, _ auth.Empty) (List, error) {
	l, err := Of(ctx, c.DB(), c.User().ID)
	return List{SignIns: l}, err
}

// Of returns a user's last sign-ins, one per method, newest first, for
// the host's own pages and jobs (an administrator's view, the stale
// plugin); db is [auth.Auth.DB] or an operation's [auth.Call.DB].
func Of(ctx context.Context, db *sqlb.DB, userID string) ([]SignIn, error) {
	out := []SignIn{}
	var s SignIn
	err := db.All(ctx, sqlb.Select(LastMethod.Into(&s.Method), LastAt.Into(&s.At), LastIP.Into(&s.IP), LastUserAgent.Into(&s.UserAgent)).
		From(LastSignIns).Where(LastUserID.Eq(userID)).OrderBy(LastAt.Desc(), LastMethod.Asc()),
		func() error { out = append(out, s); return nil })
	return out, err
}

// StartingSession implements [auth.SessionStarter]: every session a
// sign-in starts records the sign-in, with one statement (an upsert of
// the user's row for the method). An impersonation is no sign-in of the
// user's and records nothing.
func (p *Plugin) StartingSession(ctx context.Context, c *auth.Call, s *auth.Session) error {
	if s.ImpersonatorID != "" {
		return nil
	}
	_, err := c.DB().Exec(ctx, sqlb.Insert(LastSignIns).Row(LastUserID.Set(s.UserID), LastMethod.Set(s.Credential),
		LastAt.Set(s.CreatedAt), LastIP.Set(s.IP), LastUserAgent.Set(s.UserAgent)).
		OnConflictUpdate([]sqlb.AnyColumn{LastUserID, LastMethod},
			LastAt.SetTo(sqlb.Excluded(LastAt)), LastIP.SetTo(sqlb.Excluded(LastIP)), LastUserAgent.SetTo(sqlb.Excluded(LastUserAgent))))
	return err
}
