package redisstore

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// Revocations is a revocation list of stateless sessions in Redis, for
// [auth.WithSessionRevocations]: a sign-out on any instance that shares
// the Redis database and prefix ends the token on all of them at their
// next request. Each entry is one key (prefix + "revoked:" + the user's
// ID + ":" + the session's ID) that expires by Redis's time to live once
// its session could no longer be live: nothing needs sweeping. Make one
// with [NewRevocations].
type Revocations struct {
	c   redis.UniversalClient
	cfg config
}

var _ auth.SessionRevocations = (*Revocations)(nil)

// NewRevocations returns a revocation list on c. It fails closed: every
// error of Redis is returned, so that a request carrying a stateless
// token answers 500 while Redis is down (a list that cannot answer never
// lets a revoked token through), and a sign-out fails. [FailOpen] does
// not apply.
func NewRevocations(c redis.UniversalClient, opts ...Option) *Revocations {
	return &Revocations{c: c, cfg: newConfig(opts)}
}

func (r *Revocations) key(userID, sessionID string) string {
	return r.cfg.prefix + "revoked:" + userID + ":" + sessionID
}

// Revoke implements [auth.SessionRevocations]: one SET with a time to
// live counted from the instance's clock, written at once, outside the
// operation's transaction (a sign-out that fails after it leaves the
// session ended).
func (r *Revocations) Revoke(ctx context.Context, _ *sqlb.DB, userID, sessionID string, until, now time.Time) error {
	if err := r.c.Set(ctx, r.key(userID, sessionID), "1", time.Duration(ttl(until, now))*time.Millisecond).Err(); err != nil {
		return fmt.Errorf("redisstore: revoke a session: %w", err)
	}
	return nil
}

// Revoked implements [auth.SessionRevocations]: one EXISTS.
func (r *Revocations) Revoked(ctx context.Context, _ *sqlb.DB, userID, sessionID string, _ time.Time) (bool, error) {
	n, err := r.c.Exists(ctx, r.key(userID, sessionID)).Result()
	if err != nil {
		return false, fmt.Errorf("redisstore: read the revocation list: %w", err)
	}
	return n > 0, nil
}

// Sweep implements [auth.SessionRevocations]: Redis expires the entries
// itself.
func (r *Revocations) Sweep(context.Context, *sqlb.DB, time.Time) (int64, error) { return 0, nil }
