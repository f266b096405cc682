package auth

import (
	"context"
	"maps"
	"sync"
	"time"
)

// SessionCache keeps the sessions requests resolved, with their users,
// for a short while ([WithSessionCache]), so that a request skips the
// session store. The core drops a user's entries ([SessionCache.DropUser])
// once an operation ended any of the user's sessions (a sign-out, a
// revocation, an account-security event), changed the user (any operation
// of the signed-in user that writes, [Call.UserChanged]), or failed after
// starting to; [Auth.UserChanged] does it for the host's own changes.
type SessionCache interface {
	// Get returns the cached session of a token hash and its user, or
	// nil, nil, nil. a is the instance asking: a cache outside the
	// process decodes what it keeps with [Auth.DecodeSession].
	Get(ctx context.Context, a *Auth, tokenHash []byte, now time.Time) (*Session, *User, error)
	// Put caches a session and its user until until, unless their user
	// was dropped at or after since, the time the caller began to look
	// them up: a lookup that read the store before a sign-out committed
	// must not put the ended session back. A cache outside the process
	// encodes them with [Auth.EncodeSession].
	Put(ctx context.Context, a *Auth, tokenHash []byte, s *Session, u *User, since, until time.Time) error
	// DropUser drops every entry of a user, at the time at.
	DropUser(ctx context.Context, userID string, at time.Time) error
}

// Session cache lifetimes.
const (
	// DefaultSessionCacheTTL is how long a cached session is used by
	// default.
	DefaultSessionCacheTTL = time.Minute
	// MaxSessionCacheTTL is the longest a cached session may be used.
	MaxSessionCacheTTL = 15 * time.Minute
)

// WithSessionCache puts a cache in front of the session store: a request
// whose session is cached reads neither the store nor the database. An
// entry lives ttl ([DefaultSessionCacheTTL] when 0, at most
// [MaxSessionCacheTTL]), never past its session's expiry. What the cache
// drops at once, and what lags by up to ttl, is in [SessionCache]: with
// [NewMemorySessionCache], every change made through this instance shows
// on its next request, while changes made through another instance, or by
// the host's own SQL, show within ttl.
func WithSessionCache(c SessionCache, ttl time.Duration) Option {
	return func(cfg *config) {
		if ttl == 0 {
			ttl = DefaultSessionCacheTTL
		}
		cfg.sessionCache, cfg.sessionCacheTTL = c, ttl
	}
}

// cached returns the cached session of a token hash; a cache failure is
// logged and answered as a miss, since the store still knows.
func (a *Auth) cached(ctx context.Context, hash []byte, now time.Time) (*Session, *User) {
	s, u, err := a.cfg.sessionCache.Get(ctx, a, hash, now)
	if err != nil {
		a.cfg.logger.Warn("auth: the session cache failed; reading the store", "err", err)
		return nil, nil
	}
	if s == nil || u == nil || !s.ExpiresAt.After(now) {
		return nil, nil
	}
	return s, u
}

// cache puts a resolved session in the cache, for at most the cache's
// lifetime and never past the session's expiry.
func (a *Auth) cache(ctx context.Context, hash []byte, s *Session, u *User, since, now time.Time) {
	until := now.Add(a.cfg.sessionCacheTTL)
	if s.ExpiresAt.Before(until) {
		until = s.ExpiresAt
	}
	if err := a.cfg.sessionCache.Put(ctx, a, hash, s, u, since, until); err != nil {
		a.cfg.logger.Warn("auth: the session cache failed to keep a session", "err", err)
	}
}

// UserChanged drops a user's cached sessions, after a change the host
// made to the user outside Sesame's operations (its own SQL, say), so
// that the user's next request reads them anew. Without a session cache
// it does nothing.
func (a *Auth) UserChanged(ctx context.Context, userID string) error {
	if a.cfg.sessionCache == nil {
		return nil
	}
	return a.cfg.sessionCache.DropUser(ctx, userID, a.Now())
}

// UserChanged records that the operation changed a user other than the
// caller (a ban, an administrator's edit): their cached sessions are
// dropped once the operation ends. Ending sessions, account-security
// events and every writing operation of the signed-in caller do it
// themselves.
func (c *Call) UserChanged(userID string) {
	if userID != "" {
		c.changed = append(c.changed, userID)
	}
}

// dropChanged drops the cached sessions of the users the run changed, or
// may have changed before it failed: whatever the outcome, since stores
// outside the database keep what a failed run ended.
func (a *Auth) dropChanged(ctx context.Context, c *Call, wrote bool) {
	if a.cfg.sessionCache == nil {
		return
	}
	users := c.changed
	if wrote && c.user != nil {
		users = append(users, c.user.ID)
	}
	now := a.Now()
	seen := map[string]bool{}
	for _, id := range users {
		if seen[id] {
			continue
		}
		seen[id] = true
		if err := a.cfg.sessionCache.DropUser(context.WithoutCancel(ctx), id, now); err != nil {
			// Entries still expire by the cache's lifetime; nothing else
			// can be done here but to say so.
			a.cfg.logger.Error("auth: the session cache failed to drop a user's sessions", "user", id, "err", err)
		}
	}
}

// MemorySessionCache caches sessions in the process. Make one with
// [NewMemorySessionCache].
type MemorySessionCache struct {
	mu      sync.Mutex
	entries map[string]memEntry
	byUser  map[string]map[string]bool // user ID to token hashes
	dropped map[string]time.Time       // user ID to the last drop
	puts    int
}

type memEntry struct {
	s     Session
	u     User
	until time.Time
}

var _ SessionCache = (*MemorySessionCache)(nil)

// NewMemorySessionCache returns an empty in-process session cache.
func NewMemorySessionCache() *MemorySessionCache {
	return &MemorySessionCache{entries: map[string]memEntry{}, byUser: map[string]map[string]bool{},
		dropped: map[string]time.Time{}}
}

// Get implements [SessionCache]. It returns copies.
func (m *MemorySessionCache) Get(_ context.Context, _ *Auth, hash []byte, now time.Time) (*Session, *User, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	e, ok := m.entries[string(hash)]
	if !ok || !e.until.After(now) {
		return nil, nil, nil
	}
	s, u := e.s, e.u
	u.Fields = maps.Clone(e.u.Fields)
	return &s, &u, nil
}

// Put implements [SessionCache].
func (m *MemorySessionCache) Put(_ context.Context, _ *Auth, hash []byte, s *Session, u *User, since, until time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if d, ok := m.dropped[s.UserID]; ok && !d.Before(since) {
		return nil // the user changed while the caller looked them up
	}
	m.puts++
	if m.puts%1024 == 0 { // drop expired entries now and then, without a goroutine
		m.sweep(since)
	}
	e := memEntry{s: *s, u: *u, until: until}
	e.u.Fields = maps.Clone(u.Fields)
	m.entries[string(hash)] = e
	if m.byUser[s.UserID] == nil {
		m.byUser[s.UserID] = map[string]bool{}
	}
	m.byUser[s.UserID][string(hash)] = true
	return nil
}

// DropUser implements [SessionCache].
func (m *MemorySessionCache) DropUser(_ context.Context, userID string, at time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for h := range m.byUser[userID] {
		delete(m.entries, h)
	}
	delete(m.byUser, userID)
	if at.After(m.dropped[userID]) {
		m.dropped[userID] = at
	}
	return nil
}

// sweep drops expired entries, and drop times too old to matter to any
// lookup still running.
func (m *MemorySessionCache) sweep(now time.Time) {
	for h, e := range m.entries {
		if !e.until.After(now) {
			delete(m.entries, h)
			if hs := m.byUser[e.s.UserID]; hs != nil {
				delete(hs, h)
				if len(hs) == 0 {
					delete(m.byUser, e.s.UserID)
				}
			}
		}
	}
	for id, at := range m.dropped {
		if now.Sub(at) > MaxSessionCacheTTL {
			delete(m.dropped, id)
		}
	}
}
