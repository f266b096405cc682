package auth

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/sesame-go/sesame/sqlb"
)

// SessionRevocations is a list of stateless sessions ended before their
// time ([WithSessionRevocations]): a sign-out, or a session its user
// revoked. Entries are keyed by the user and the session, so that naming
// another user's session ID records nothing that concerns them; each is
// kept until until, when every token of the session has expired.
// [DatabaseSessionRevocations] keeps them in auth_session_revocation;
// kvstore/redis has one in Redis.
type SessionRevocations interface {
	// Revoke records at now (the instance's clock) that the session of
	// userID is ended, until until. db is the calling operation's
	// transaction: a list in the database writes in it; one outside
	// writes at once (a failed operation then leaves the session ended:
	// the safe side).
	Revoke(ctx context.Context, db *sqlb.DB, userID, sessionID string, until, now time.Time) error
	// Revoked reports whether the session of userID is on the list at
	// now. An error fails the request (500): a list that cannot answer
	// never lets a revoked token through.
	Revoked(ctx context.Context, db *sqlb.DB, userID, sessionID string, now time.Time) (bool, error)
	// Sweep deletes the entries whose time is up, for [Auth.Sweep].
	Sweep(ctx context.Context, db *sqlb.DB, now time.Time) (int64, error)
}

// WithSessionRevocations gives stateless sessions ([WithStatelessSessions])
// a revocation list, read on every request that carries a stateless token:
// a sign-out, or revoking one of one's sessions, then ends that token on
// every instance sharing the list, at the next request. Without one, a
// sign-out only clears the client's cookie, and a copy of the token works
// until it expires.
func WithSessionRevocations(list SessionRevocations) Option {
	return func(c *config) { c.revocations = list }
}

// DatabaseSessionRevocations returns the revocation list kept in the
// auth_session_revocation table: one query by primary key per request
// that carries a stateless token, entries written in the transaction of
// the sign-out and deleted by [Auth.Sweep] once their session could no
// longer be live.
func DatabaseSessionRevocations() SessionRevocations { return dbRevocations{} }

type dbRevocations struct{}

func (dbRevocations) Revoke(ctx context.Context, db *sqlb.DB, userID, sessionID string, until, _ time.Time) error {
	_, err := db.Exec(ctx, sqlb.Insert(Revocations).Row(RevocationUserID.Set(userID), RevocationSessionID.Set(sessionID),
		RevocationExpiresAt.Set(until)).OnConflictDoNothing(RevocationUserID, RevocationSessionID))
	return err
}

func (dbRevocations) Revoked(ctx context.Context, db *sqlb.DB, userID, sessionID string, now time.Time) (bool, error) {
	var id string
	err := db.One(ctx, sqlb.Select(RevocationSessionID.Into(&id)).From(Revocations).
		Where(sqlb.And(RevocationUserID.Eq(userID), RevocationSessionID.Eq(sessionID))).Key("auth.session.revoked"))
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

func (dbRevocations) Sweep(ctx context.Context, db *sqlb.DB, now time.Time) (int64, error) {
	return db.Exec(ctx, sqlb.Delete(Revocations).Where(RevocationExpiresAt.Le(now)))
}

// revokedUntil is how long a revocation of a session must be kept: until
// every token of it has expired, which is at the latest the absolute
// lifetime after its creation, read from its ID (a UUIDv7 holds the
// millisecond it was made). An ID that holds no time is kept for the whole
// absolute lifetime from now.
func (a *Auth) revokedUntil(sessionID string, now time.Time) time.Time {
	life := a.cfg.sessions.AbsoluteLifetime
	if t, ok := idTime(sessionID); ok && t.Before(now) {
		return t.Add(life + time.Millisecond)
	}
	return now.Add(life)
}
