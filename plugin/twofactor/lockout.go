package twofactor

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// counter is a count of wrong codes in a window that ends at expires.
type counter struct {
	failures int64
	expires  time.Time
}

// live returns the failures that still count at now.
func (k counter) live(now time.Time) int64 {
	if !k.expires.After(now) {
		return 0
	}
	return k.failures
}

func accountScope(userID string) string    { return "u:" + userID }
func sessionScope(sessionID string) string { return "s:" + sessionID }

// lockAccount takes the lock of a user's counter for the rest of the
// transaction, creating the counter if it is missing, and returns it.
// Every verification of the user's second factor takes it first, so that
// concurrent attempts are counted, and judged, one after the other.
func (p *Plugin) lockAccount(ctx context.Context, c *auth.Call, userID string) (counter, error) {
	k, err := p.readCounter(ctx, c.DB(), accountScope(userID), true)
	if !errors.Is(err, sql.ErrNoRows) {
		return k, err
	}
	_, err = c.DB().Exec(ctx, sqlb.Insert(Attempts).Row(AttemptScope.Set(accountScope(userID)), AttemptUserID.Set(userID),
		AttemptFailures.Set(0), AttemptExpiresAt.Set(c.Now())).
		OnConflictUpdate([]sqlb.AnyColumn{AttemptScope}, AttemptFailures.SetTo(AttemptFailures)))
	if err != nil {
		return counter{}, err
	}
	return p.readCounter(ctx, c.DB(), accountScope(userID), true)
}

func (p *Plugin) readCounter(ctx context.Context, db *sqlb.DB, scope string, lock bool) (counter, error) {
	var k counter
	q := sqlb.Select(AttemptFailures.Into(&k.failures), AttemptExpiresAt.Into(&k.expires)).From(Attempts).
		Where(AttemptScope.Eq(scope))
	if lock {
		q = q.ForUpdate()
	}
	return k, db.One(ctx, q)
}

// locked returns the refusal of a locked account, or nil.
func (p *Plugin) locked(k counter, now time.Time) error {
	if k.live(now) < int64(p.cfg.accountAttempts) {
		return nil
	}
	e := *ErrLocked
	e.RetryAfter = k.expires.Sub(now)
	return &e
}

// fail counts a wrong code against the account (whose counter the caller
// locked) and the pending session, and returns the refusal: a lock of the
// account once it reached its limit, the end of the session once the
// session reached its own, else a wrong code. Each lockout is a security
// event. The counts are kept although the operation fails.
func (p *Plugin) fail(ctx context.Context, c *auth.Call, account counter) error {
	now := c.Now()
	uid, sid := c.Session().UserID, c.Session().ID
	account = p.bump(account, now)
	if err := p.writeCounter(ctx, c, accountScope(uid), uid, account); err != nil {
		return err
	}
	session, err := p.readCounter(ctx, c.DB(), sessionScope(sid), false)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	session = p.bump(session, now)
	if err := p.writeCounter(ctx, c, sessionScope(sid), uid, session); err != nil {
		return err
	}
	c.KeepWrites()
	if account.failures == int64(p.cfg.accountAttempts) {
		c.Emit(ctx, EventLocked, "too many wrong codes across sessions")
	}
	if err := p.locked(account, now); err != nil {
		return err
	}
	if session.failures >= int64(p.cfg.sessionAttempts) {
		c.Emit(ctx, EventPendingSessionEnded, "too many wrong codes in one pending session")
		if err := c.EndSession(ctx); err != nil {
			return err
		}
		return ErrTooManyAttempts
	}
	return ErrInvalidCode
}

// bump adds a failure to a counter, starting a new window when the last
// one is over.
func (p *Plugin) bump(k counter, now time.Time) counter {
	if !k.expires.After(now) {
		return counter{failures: 1, expires: now.Add(p.cfg.lockout)}
	}
	k.failures++
	return k
}

func (p *Plugin) writeCounter(ctx context.Context, c *auth.Call, scope, userID string, k counter) error {
	_, err := c.DB().Exec(ctx, sqlb.Insert(Attempts).Row(AttemptScope.Set(scope), AttemptUserID.Set(userID),
		AttemptFailures.Set(k.failures), AttemptExpiresAt.Set(k.expires)).
		OnConflictUpdate([]sqlb.AnyColumn{AttemptScope},
			AttemptFailures.SetTo(sqlb.Excluded(AttemptFailures)), AttemptExpiresAt.SetTo(sqlb.Excluded(AttemptExpiresAt))))
	return err
}

// succeed clears the counts of the account and of the pending session.
func (p *Plugin) succeed(ctx context.Context, c *auth.Call) error {
	s := c.Session()
	_, err := c.DB().Exec(ctx, sqlb.Update(Attempts).Set(AttemptFailures.Set(0)).Where(AttemptScope.Eq(accountScope(s.UserID))))
	if err != nil {
		return err
	}
	_, err = c.DB().Exec(ctx, sqlb.Delete(Attempts).Where(AttemptScope.Eq(sessionScope(s.ID))))
	return err
}
