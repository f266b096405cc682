package auth

import (
	"context"
	"errors"
	"net/http"
)

// SessionInfo is the answer of the session route: the signed-in user and
// the session (without its device details, which [Auth.ListSessions] has).
type SessionInfo struct {
	User    *User    `json:"user"`
	Session *Session `json:"session"`
}

// SessionList is the caller's live sessions, newest first.
type SessionList struct {
	Sessions []*Session `json:"sessions"`
}

// RevokeRequest names one of the caller's sessions.
type RevokeRequest struct {
	ID string `json:"id"`
}

// Validate implements [InputValidator].
func (r RevokeRequest) Validate() error {
	if r.ID == "" {
		return errors.New("id is required")
	}
	return nil
}

// Revoked says how many sessions an operation ended.
type Revoked struct {
	Revoked int64 `json:"revoked"`
}

// Empty is the input and output of operations that take or return nothing.
type Empty struct{}

// The names of the core's operations, for [WithRateLimit], and for hooks
// and session checks that look at [Call.Op]. Each plugin declares the
// names of its own operations likewise (password.OpSignIn ...).
const (
	// OpSession is GET /session: [Auth.GetSession].
	OpSession = "core.session"
	// OpSignOut is POST /sign-out: [Auth.SignOut].
	OpSignOut = "core.signOut"
	// OpListSessions is GET /sessions: [Auth.ListSessions].
	OpListSessions = "core.listSessions"
	// OpRevokeSession is POST /sessions/revoke: [Auth.RevokeSession].
	OpRevokeSession = "core.revokeSession"
	// OpRevokeOtherSessions is POST /sessions/revoke-others:
	// [Auth.RevokeOtherSessions].
	OpRevokeOtherSessions = "core.revokeOtherSessions"
	// OpCreateUser is [Auth.CreateUser], a server operation: it has no
	// route.
	OpCreateUser = "core.createUser"
)

// coreOperations are the session routes every instance serves, and the
// server operations.
func (a *Auth) coreOperations() []Operation {
	a.core = coreOps{
		session: &Op[Empty, SessionInfo]{
			Name: OpSession, Method: http.MethodGet, Path: "/session", Session: SessionUser, AcceptsKeys: true,
			// The session as the per-request lookup loaded it: the device
			// details (IP, user agent) are in the list of sessions.
			Handler: func(_ context.Context, c *Call, _ Empty) (SessionInfo, error) {
				return SessionInfo{User: c.User(), Session: c.Session()}, nil
			},
		},
		signOut: &Op[Empty, Empty]{
			Name: OpSignOut, Method: http.MethodPost, Path: "/sign-out", Session: SessionUser, Writes: true,
			Handler: func(ctx context.Context, c *Call, _ Empty) (Empty, error) {
				return Empty{}, c.EndSession(ctx)
			},
		},
		list: &Op[Empty, SessionList]{
			Name: OpListSessions, Method: http.MethodGet, Path: "/sessions", Session: SessionUser,
			Handler: func(ctx context.Context, c *Call, _ Empty) (SessionList, error) {
				list, err := a.sessions.List(ctx, c.DB(), c.User().ID, c.Now())
				if a.stateless() { // no server keeps the others: the caller's own is all it knows
					own := *c.Session()
					list = []*Session{&own}
				}
				for _, s := range list {
					s.Current = s.ID == c.Session().ID
				}
				if list == nil {
					list = []*Session{}
				}
				return SessionList{Sessions: list}, err
			},
		},
		revoke: &Op[RevokeRequest, Revoked]{
			Name: OpRevokeSession, Method: http.MethodPost, Path: "/sessions/revoke", Session: SessionUser,
			Writes: true, Rate: DefaultRate, Codes: []*Error{ErrSessionNotFound, ErrSessionNotRevocable},
			Handler: func(ctx context.Context, c *Call, in RevokeRequest) (Revoked, error) {
				if !ValidID(in.ID) { // no session has it; and a uuid column would refuse it
					return Revoked{}, ErrSessionNotFound
				}
				if a.stateless() && a.cfg.revocations == nil && in.ID != c.Session().ID {
					return Revoked{}, ErrSessionNotRevocable
				}
				n, err := c.endSessions(ctx, c.User().ID, in.ID)
				if err != nil {
					return Revoked{}, err
				}
				if n == 0 {
					return Revoked{}, ErrSessionNotFound
				}
				if in.ID == c.Session().ID {
					c.outcome.Ended = true
				}
				return Revoked{Revoked: n}, nil
			},
		},
		revokeOthers: &Op[Empty, Revoked]{
			Name: OpRevokeOtherSessions, Method: http.MethodPost, Path: "/sessions/revoke-others",
			Session: SessionUser, Writes: true, Rate: DefaultRate,
			Handler: func(ctx context.Context, c *Call, _ Empty) (Revoked, error) {
				n, err := c.accountChanged(ctx, c.User().ID, SignedOutEverywhere, true)
				return Revoked{Revoked: n}, err
			},
		},
		createUser: a.createUserOp(),
		updateUser: a.updateUserOp(),
	}
	return []Operation{a.core.session, a.core.signOut, a.core.list, a.core.revoke, a.core.revokeOthers, a.core.createUser,
		a.core.updateUser}
}

// coreOps are the core's typed operations.
type coreOps struct {
	session      *Op[Empty, SessionInfo]
	signOut      *Op[Empty, Empty]
	list         *Op[Empty, SessionList]
	revoke       *Op[RevokeRequest, Revoked]
	revokeOthers *Op[Empty, Revoked]
	createUser   *Op[NewUser, *User]
	updateUser   *Op[UpdateUserRequest, *User]
}

// GetSession returns the caller's user and session; [ErrNoSession] when
// the caller is not signed in.
func (a *Auth) GetSession(ctx context.Context) (SessionInfo, error) {
	return a.core.session.Run(ctx, Empty{})
}

// SignOut ends the caller's session.
func (a *Auth) SignOut(ctx context.Context) error {
	_, err := a.core.signOut.Run(ctx, Empty{})
	return err
}

// ListSessions returns the caller's live sessions, newest first.
func (a *Auth) ListSessions(ctx context.Context) ([]*Session, error) {
	l, err := a.core.list.Run(ctx, Empty{})
	return l.Sessions, err
}

// RevokeSession ends one of the caller's sessions; [ErrSessionNotFound]
// when the caller has no session of that ID. Under
// [WithStatelessSessions], a session other than the caller's own needs a
// revocation list ([ErrSessionNotRevocable] without one), and any ID of
// the caller's is taken as one of their sessions, since none is kept.
func (a *Auth) RevokeSession(ctx context.Context, id string) error {
	_, err := a.core.revoke.Run(ctx, RevokeRequest{ID: id})
	return err
}

// RevokeOtherSessions ends every session of the caller but the current
// one and returns how many it ended.
func (a *Auth) RevokeOtherSessions(ctx context.Context) (int64, error) {
	r, err := a.core.revokeOthers.Run(ctx, Empty{})
	return r.Revoked, err
}
