package auth

import (
	"context"
	"slices"

	"github.com/sesame-go/sesame/sqlb"
)

// UserDeletionObserver hears, inside the operation's transaction, that a
// user is about to be deleted ([Call.DeleteUser], [Call.DeleteUsers]),
// while the user's rows are still there: to hand over what the user alone
// holds (the organization plugin makes another member the owner of an
// organization whose last owner goes) or to refuse with an error, which
// the deleting operation fails with (its transaction rolls back).
type UserDeletionObserver interface {
	DeletingUser(ctx context.Context, c *Call, userID string) error
}

// DeleteUser deletes a user: it tells the [UserDeletionObserver] plugins,
// ends the user's sessions in whatever store keeps them and drops their
// cached ones, then deletes their row, which takes their identities,
// tokens and every plugin row that references the user with it. It
// returns [ErrUserNotFound] when there is no such user. It does not ask
// who calls it: the operation that calls it decides (the anonymous plugin
// deletes expired or linked guests, the stale plugin inactive accounts).
func (c *Call) DeleteUser(ctx context.Context, userID string) error {
	n, err := c.DeleteUsers(ctx, userID)
	if err == nil && n == 0 {
		return ErrUserNotFound
	}
	return err
}

// DeleteUsers deletes users as [Call.DeleteUser] does, their rows in one
// statement, and returns how many there were.
func (c *Call) DeleteUsers(ctx context.Context, userIDs ...string) (int64, error) {
	if len(userIDs) == 0 {
		return 0, nil
	}
	for _, id := range userIDs {
		c.UserChanged(id)
		for _, p := range c.a.cfg.plugins {
			if o, ok := p.(UserDeletionObserver); ok {
				if err := o.DeletingUser(ctx, c, id); err != nil {
					return 0, err
				}
			}
		}
		if _, err := c.deleteSessions(ctx, id, ""); err != nil {
			return 0, err
		}
	}
	n, err := c.db.Exec(ctx, sqlb.Delete(Users).Where(UserID.In(userIDs...)))
	if err != nil {
		return 0, err
	}
	if c.session != nil && slices.Contains(userIDs, c.session.UserID) {
		c.outcome.Ended = true
	}
	return n, nil
}
