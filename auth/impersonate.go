package auth

import (
	"context"
	"time"
)

// MaxImpersonation is the longest an impersonation session
// ([Call.Impersonate]) is made to live.
const MaxImpersonation = time.Hour

// CredentialImpersonation is the [Session.Credential] of a session that
// [Call.Impersonate] started.
const CredentialImpersonation = "impersonation"

// Impersonate starts a session of userID for the signed-in caller, who
// then acts as that user: the session's [Session.ImpersonatorID] is the
// caller's ID, so that the user sees it in their list of sessions (and
// may revoke it), and every check and hook can tell it from the user's own.
// It lives ttl, at most [MaxImpersonation] (ttl of zero or less means
// the most), and never past the instance's session lifetime. The
// [SessionStarter] plugins shape it as any other, seeing its
// ImpersonatorID: one that refuses the user (a ban) refuses it. As with
// [Call.StartSession], the outcome carries it, so that the transport
// sets its cookie or header, replacing the caller's.
//
// Impersonate does not decide who may impersonate whom: the operation
// that calls it does (the admin plugin asks its Authorizer). It answers
// [ErrNoSession] when the call has no signed-in caller. A refresh slides
// the session's expiry like any other's ([WithSessionUpdateAge]), but
// never past [MaxImpersonation] from its start.
func (c *Call) Impersonate(ctx context.Context, userID string, ttl time.Duration) (*Session, Secret, error) {
	if c.session == nil || c.user == nil {
		return nil, Secret{}, ErrNoSession
	}
	if ttl <= 0 || ttl > MaxImpersonation {
		ttl = MaxImpersonation
	}
	s, token := c.a.newSession(userID, CredentialImpersonation, c.req)
	s.ImpersonatorID = c.user.ID
	if limit := s.CreatedAt.Add(ttl); s.ExpiresAt.After(limit) {
		s.ExpiresAt = limit
	}
	return c.start(ctx, s, token, c.user.ID)
}

// UserSessions returns the live sessions of any user, newest first, from
// the instance's session store, impersonations among them: for an
// administrator's view of an account. [Auth.ListSessions] is the
// caller's own list. Whoever calls it decides whether the caller may see
// them. Under [WithStatelessSessions] it answers [ErrSessionsNotListed].
func (c *Call) UserSessions(ctx context.Context, userID string) ([]*Session, error) {
	if c.a.stateless() {
		return nil, ErrSessionsNotListed
	}
	return c.a.sessions.List(ctx, c.db, userID, c.Now())
}

// EndUserSessions ends the given sessions of any user (an impersonation
// an administrator stops) and the tokens they asked for, and returns how
// many it ended; none when ids is empty. Ending the caller's own session
// clears its cookie. Whoever calls it decides whether the caller may.
func (c *Call) EndUserSessions(ctx context.Context, userID string, ids ...string) (int64, error) {
	if len(ids) == 0 {
		return 0, nil
	}
	n, err := c.endSessions(ctx, userID, ids...)
	if err != nil {
		return 0, err
	}
	if c.session != nil && c.session.UserID == userID {
		for _, id := range ids {
			if id == c.session.ID {
				c.outcome.Ended = true
			}
		}
	}
	return n, nil
}
