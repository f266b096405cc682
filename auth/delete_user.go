package auth

import (
	"context"

	"github.com/sesame-go/sesame/sqlb"
)

// DeleteUser deletes a user: it ends their sessions in whatever store
// keeps them, and drops their cached ones, then deletes their row, which
// takes their identities, tokens and every plugin row that references
// the user with it. It returns [ErrUserNotFound] when there is no such
// user. It does not ask who calls it: the operation that calls it decides
// (the anonymous plugin deletes expired or linked guests).
func (c *Call) DeleteUser(ctx context.Context, userID string) error {
	c.UserChanged(userID)
	if _, err := c.deleteSessions(ctx, userID, ""); err != nil {
		return err
	}
	n, err := c.db.Exec(ctx, sqlb.Delete(Users).Where(UserID.Eq(userID)))
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrUserNotFound
	}
	if c.session != nil && c.session.UserID == userID {
		c.outcome.Ended = true
	}
	return nil
}
