package auth

import "context"

// CallerSession returns the live session whose token the caller presented,
// and its user, even when the operation asks for no session (a sign-up or
// a sign-in, which a guest may run from a guest's session): nil, nil, nil
// when the caller presented none, or a token that is malformed or names no
// live session. It reads the session without sliding its expiry, and
// without running the session checks: use it to learn who is there, not
// to let them do anything.
func (c *Call) CallerSession(ctx context.Context) (*Session, *User, error) {
	if c.session != nil {
		return c.session, c.user, nil
	}
	token := c.req.Token
	if !token.IsZero() && c.a.stateless() {
		t, u, err := c.a.openLive(ctx, c.db, token, c.a.Now(), false)
		if err != nil || t == nil {
			return nil, nil, nil // a malformed token is none, as below
		}
		return t.s, u, nil
	}
	if token.IsZero() || !validToken(token) {
		return nil, nil, nil
	}
	s, u, err := c.a.sessions.Lookup(ctx, c.a, hashToken(token), c.a.Now())
	if err != nil || s == nil {
		return nil, nil, err
	}
	if u == nil {
		if u, err = c.a.loadUser(ctx, c.db, s.UserID); err == ErrUserNotFound {
			return nil, nil, nil
		} else if err != nil {
			return nil, nil, err
		}
	}
	return s, u, nil
}

// Blocks runs the session checks on s, a session of this call (one it
// started), as [Auth.Admit] runs them for the host's routes, and returns
// the refusal of the first check that blocks it (a pending second
// factor), or nil when none does.
func (c *Call) Blocks(ctx context.Context, s *Session) (*Error, error) {
	if len(c.a.checkers) == 0 {
		return nil, nil
	}
	u, err := c.LoadUser(ctx, s.UserID)
	if err != nil {
		return nil, err
	}
	return c.a.checkAdmission(ctx, c.req, c.db, s, u)
}
