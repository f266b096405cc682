package auth

import "context"

// SessionEndObserver hears, inside the operation's transaction, that
// sessions of a user ended before their time: a sign-out, a revocation,
// an account-security event, a deleted user. ids are the sessions that
// ended, or nil for every session of the user but keep (which may be
// empty). An error rolls the operation back. Sessions that expire end
// without a word: a plugin that keeps rows per session sweeps the rows of
// sessions no longer live ([Call.UserSessions]).
type SessionEndObserver interface {
	SessionsEnded(ctx context.Context, c *Call, userID, keep string, ids []string) error
}

// deleteSessions deletes sessions of a user from the store, as
// [SessionStore.Delete] does, and tells the [SessionEndObserver] plugins.
func (c *Call) deleteSessions(ctx context.Context, userID, keep string, ids ...string) (int64, error) {
	n, err := c.a.sessions.Delete(ctx, c.db, userID, keep, ids...)
	if err != nil {
		return n, err
	}
	for _, p := range c.a.cfg.plugins {
		if o, ok := p.(SessionEndObserver); ok {
			if err := o.SessionsEnded(ctx, c, userID, keep, ids); err != nil {
				return n, err
			}
		}
	}
	return n, nil
}
