package redisstore

import (
	"context"
	_ "embed"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/sesame-go/sesame/auth"
)

// ClockMargin is how far apart the clocks of the instances sharing a
// [SessionCache] may be. After a user's entries are dropped, no lookup
// that began up to this long before the drop, by the dropping instance's
// clock, may cache the user's session again: a few more misses, so that
// a lagging clock cannot put an ended session back.
const ClockMargin = 5 * time.Second

// SessionCache caches resolved sessions and their users in Redis, for
// [auth.WithSessionCache]: shared by every instance that uses the same
// Redis and prefix, so that a sign-out, a revocation, a ban or any other
// change an operation makes to a user, on any instance, drops the user's
// entries for all of them at once. A request whose session is cached
// costs one GET and no database query. Make one with [NewSessionCache].
type SessionCache struct {
	c   redis.UniversalClient
	cfg config
}

var _ auth.SessionCache = (*SessionCache)(nil)

// NewSessionCache returns a session cache on c. Options: [WithPrefix] and
// [WithLogger]; [FailOpen] does not apply, since a cache always fails
// open to the session store: the core answers a failed Get as a miss and
// reads the store, and logs a failed Put or DropUser (see the package
// documentation, Failures).
func NewSessionCache(c redis.UniversalClient, opts ...Option) *SessionCache {
	return &SessionCache{c: c, cfg: newConfig(opts)}
}

var (
	//go:embed session_cache_put.lua
	cachePutSource string
	//go:embed session_cache_drop.lua
	cacheDropSource string

	cachePutScript  = redis.NewScript(cachePutSource)
	cacheDropScript = redis.NewScript(cacheDropSource)
)

func (s *SessionCache) entryKey(hash []byte) string {
	return s.cfg.prefix + "cache:" + hex.EncodeToString(hash)
}
func (s *SessionCache) indexKey(user string) string   { return s.cfg.prefix + "cache-user:" + user }
func (s *SessionCache) droppedKey(user string) string { return s.cfg.prefix + "cache-dropped:" + user }

// Get implements [auth.SessionCache]: one GET. An entry is the time it
// may be used until, by the instance's clock, then the session and user
// as [auth.Auth.EncodeSession] writes them; one that the instance cannot
// decode (written before a plugin was added or removed) is a miss.
func (s *SessionCache) Get(ctx context.Context, a *auth.Auth, tokenHash []byte, now time.Time) (*auth.Session, *auth.User, error) {
	b, err := s.c.Get(ctx, s.entryKey(tokenHash)).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("redisstore: read a cached session: %w", err)
	}
	if len(b) < 8 || int64(binary.BigEndian.Uint64(b)) <= now.UnixMilli() {
		return nil, nil, nil
	}
	ses, u, err := a.DecodeSession(b[8:])
	if err != nil {
		return nil, nil, nil
	}
	return ses, u, nil
}

// Put implements [auth.SessionCache]: one script, which refuses the entry
// when the user's entries were dropped since the lookup began (less
// [ClockMargin]).
func (s *SessionCache) Put(ctx context.Context, a *auth.Auth, tokenHash []byte, ses *auth.Session, u *auth.User, since, until time.Time) error {
	enc, err := a.EncodeSession(ses, u)
	if err != nil {
		return err
	}
	v := binary.BigEndian.AppendUint64(make([]byte, 0, 8+len(enc)), uint64(until.UnixMilli()))
	v = append(v, enc...)
	keys := []string{s.entryKey(tokenHash), s.indexKey(ses.UserID), s.droppedKey(ses.UserID)}
	err = cachePutScript.Run(ctx, s.c, keys, v, ttl(until, a.Now()), since.UnixMilli(), ClockMargin.Milliseconds(),
		hex.EncodeToString(tokenHash)).Err()
	if err != nil {
		return fmt.Errorf("redisstore: cache a session: %w", err)
	}
	return nil
}

// DropUser implements [auth.SessionCache]: one script, which deletes the
// user's entries and records the drop time for as long as any lookup
// could still be running ([auth.MaxSessionCacheTTL] and [ClockMargin]).
func (s *SessionCache) DropUser(ctx context.Context, userID string, at time.Time) error {
	keep := (auth.MaxSessionCacheTTL + ClockMargin).Milliseconds()
	err := cacheDropScript.Run(ctx, s.c, []string{s.indexKey(userID), s.droppedKey(userID)},
		s.cfg.prefix, at.UnixMilli(), keep).Err()
	if err != nil {
		return fmt.Errorf("redisstore: drop a user's cached sessions: %w", err)
	}
	return nil
}
