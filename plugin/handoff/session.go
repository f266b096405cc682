package handoff

import (
	"context"

	"github.com/sesame-go/sesame/auth"
)

// StartingSession implements [auth.SessionStarter]: the session a
// redemption starts is no fresher than the handing one. It takes the
// handing session's CreatedAt, so that a fresh-session operation
// (auth.SessionFresh) refuses it whenever it would refuse the handing
// session, and the absolute lifetime counts from the same start; and the
// handing session's impersonator, if any. The core clamps only ExpiresAt;
// an older CreatedAt is stored as set. A session that replaces a handoff
// session with another of the same credential (the twofactor plugin's
// passing of a pending one) keeps that session's CreatedAt likewise.
func (p *Plugin) StartingSession(ctx context.Context, c *auth.Call, s *auth.Session) error {
	var origin *auth.Session
	if g, ok := ctx.Value(redeemingKey{}).(*grant); ok {
		origin = &auth.Session{CreatedAt: g.CreatedAt, ImpersonatorID: g.Impersonator}
	} else if cs := c.Session(); s.Credential == Credential && cs != nil && cs.Credential == Credential && cs.UserID == s.UserID {
		origin = cs
	} else {
		return nil
	}
	if origin.CreatedAt.Before(s.CreatedAt) {
		s.CreatedAt = origin.CreatedAt
	}
	if limit := s.CreatedAt.Add(c.Auth().Sessions().AbsoluteLifetime); s.ExpiresAt.After(limit) {
		s.ExpiresAt = limit
	}
	if s.ImpersonatorID == "" {
		s.ImpersonatorID = origin.ImpersonatorID
	}
	return nil
}

// AccountChanged implements [auth.AccountObserver]: every
// account-security event of a user ends the user's pending handoffs,
// even those of the session the change was made from, which the core
// spares: a handoff starts a session, and no session may begin from
// before the event but the one that made the change.
func (p *Plugin) AccountChanged(ctx context.Context, c *auth.Call, userID string, _ auth.AccountEvent) error {
	_, err := c.RevokeTokens(ctx, purpose, userID)
	return err
}
