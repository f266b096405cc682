package terms

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/admin"
	"github.com/sesame-go/sesame/sqlb"
)

// The names of the plugin's operations.
const (
	// OpGet is GET /terms: [Plugin.Get].
	OpGet = "terms.get"
	// OpAccept is POST /terms/accept: [Plugin.Accept].
	OpAccept = "terms.accept"
)

type ops struct {
	get    *auth.Op[auth.Empty, State]
	accept *auth.Op[AcceptRequest, State]
}

func (p *Plugin) newOps() ops {
	return ops{
		get: &auth.Op[auth.Empty, State]{Name: OpGet, Method: http.MethodGet, Path: "/terms",
			Session: auth.SessionUser, Rate: auth.DefaultRate, Handler: p.handleGet},
		accept: &auth.Op[AcceptRequest, State]{Name: OpAccept, Method: http.MethodPost, Path: "/terms/accept",
			Session: auth.SessionUser, Writes: true, Rate: auth.DefaultRate,
			Codes: []*auth.Error{ErrVersionNotCurrent, admin.ErrImpersonationForbidden}, Handler: p.handleAccept},
	}
}

// Operations implements [auth.Operator].
func (p *Plugin) Operations() []auth.Operation { return []auth.Operation{p.ops.get, p.ops.accept} }

// State is the current terms and the caller's acceptance.
type State struct {
	// Version and URL are the current terms ([New], [WithURL]).
	Version string `json:"version"`
	URL     string `json:"url,omitempty"`
	// Accepted says whether the caller accepted the current version.
	Accepted bool `json:"accepted"`
	// AcceptedVersion and AcceptedAt are the caller's last acceptance, of
	// this version or an older one; empty when they never accepted any.
	AcceptedVersion string    `json:"acceptedVersion,omitempty"`
	AcceptedAt      time.Time `json:"acceptedAt,omitzero"`
}

// AcceptRequest accepts a version of the terms: the current one, as the
// client showed it.
type AcceptRequest struct {
	Version string `json:"version"`
}

// Validate implements [auth.InputValidator].
func (r AcceptRequest) Validate() error {
	if r.Version == "" || len(r.Version) > MaxVersionLength {
		return errors.New("version must have 1 to 64 bytes")
	}
	return nil
}

// Get returns the current terms and whether the caller accepted them.
func (p *Plugin) Get(ctx context.Context) (State, error) { return p.ops.get.Run(ctx, auth.Empty{}) }

// Accept records that the caller accepted a version of the terms, which
// must be the current one ([ErrVersionNotCurrent] otherwise): the
// caller's sessions are free of the task at once. An impersonation
// session cannot accept for the user ([admin.ErrImpersonationForbidden]).
func (p *Plugin) Accept(ctx context.Context, version string) (State, error) {
	return p.ops.accept.Run(ctx, AcceptRequest{Version: version})
}

func (p *Plugin) handleGet(_ context.Context, c *auth.Call, _ auth.Empty) (State, error) {
	return p.state(c.User()), nil
}

func (p *Plugin) state(u *auth.User) State {
	s := State{Version: p.cfg.version, URL: p.cfg.url, AcceptedVersion: Accepted(u)}
	s.Accepted = s.AcceptedVersion == p.cfg.version
	if at, ok := u.Fields[fieldAcceptedAt].(sql.Null[time.Time]); ok && at.Valid {
		s.AcceptedAt = at.V
	} else if at, ok := u.Fields[fieldAcceptedAt].(time.Time); ok {
		s.AcceptedAt = at
	}
	return s
}

// handleAccept writes the acceptance on the user (for the session check)
// and in the record of consent; accepting the current version again keeps
// the first time.
func (p *Plugin) handleAccept(ctx context.Context, c *auth.Call, in AcceptRequest) (State, error) {
	if _, ok := admin.ImpersonationOf(c.Session()); ok {
		return State{}, admin.ErrImpersonationForbidden
	}
	if in.Version != p.cfg.version {
		return State{}, ErrVersionNotCurrent
	}
	u := c.User()
	if Accepted(u) == p.cfg.version {
		return p.state(u), nil
	}
	now := c.Now()
	if _, err := c.DB().Exec(ctx, sqlb.Update(auth.Users).Set(UserVersion.Set(in.Version),
		UserAcceptedAt.Set(sql.Null[time.Time]{V: now, Valid: true})).Where(auth.UserID.Eq(u.ID))); err != nil {
		return State{}, err
	}
	ip := ""
	if c.Request().IP.IsValid() {
		ip = c.Request().IP.String()
	}
	if _, err := c.DB().Exec(ctx, sqlb.Insert(Acceptances).Row(AcceptanceUserID.Set(u.ID), AcceptanceVersion.Set(in.Version),
		AcceptanceAcceptedAt.Set(now), AcceptanceIP.Set(ip)).OnConflictDoNothing(AcceptanceUserID, AcceptanceVersion)); err != nil {
		return State{}, err
	}
	c.UserChanged(u.ID)
	u, err := c.LoadUser(ctx, u.ID)
	if err != nil {
		return State{}, err
	}
	return p.state(u), nil
}
