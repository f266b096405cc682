package auth

import (
	"context"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/sesame-go/sesame/sqlb"
)

// MemorySessionStore keeps sessions in the process: fast, and lost on
// restart; for a single instance or tests. Users are still read from the
// database. Make one with [NewMemorySessionStore].
type MemorySessionStore struct {
	mu     sync.Mutex
	byHash map[string]*Session
	hashes map[string]string // session ID to token hash
}

var _ SessionStore = (*MemorySessionStore)(nil)

// NewMemorySessionStore returns an empty in-process session store.
func NewMemorySessionStore() *MemorySessionStore {
	return &MemorySessionStore{byHash: map[string]*Session{}, hashes: map[string]string{}}
}

// Create implements [SessionStore].
func (m *MemorySessionStore) Create(_ context.Context, _ *sqlb.DB, s *Session, hash []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	c := *s
	m.byHash[string(hash)] = &c
	m.hashes[s.ID] = string(hash)
	return nil
}

// Lookup implements [SessionStore]; the core loads the user.
func (m *MemorySessionStore) Lookup(_ context.Context, _ *Auth, hash []byte, now time.Time) (*Session, *User, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.byHash[string(hash)]
	if !ok || !s.ExpiresAt.After(now) {
		return nil, nil, nil
	}
	c := *s
	return &c, nil, nil
}

// Extend implements [SessionStore].
func (m *MemorySessionStore) Extend(_ context.Context, _ *sqlb.DB, id string, expires, seen time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if s, ok := m.byHash[m.hashes[id]]; ok {
		s.ExpiresAt, s.LastSeenAt = expires, seen
	}
	return nil
}

// List implements [SessionStore].
func (m *MemorySessionStore) List(_ context.Context, _ *sqlb.DB, userID string, now time.Time) ([]*Session, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []*Session
	for _, s := range m.byHash {
		if s.UserID == userID && s.ExpiresAt.After(now) {
			c := *s
			out = append(out, &c)
		}
	}
	slices.SortFunc(out, func(a, b *Session) int {
		if c := b.CreatedAt.Compare(a.CreatedAt); c != 0 {
			return c
		}
		return strings.Compare(b.ID, a.ID)
	})
	return out, nil
}

// Delete implements [SessionStore].
func (m *MemorySessionStore) Delete(_ context.Context, _ *sqlb.DB, userID, keep string, ids ...string) (int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var n int64
	for hash, s := range m.byHash {
		if s.UserID != userID || s.ID == keep || (len(ids) > 0 && !slices.Contains(ids, s.ID)) {
			continue
		}
		delete(m.byHash, hash)
		delete(m.hashes, s.ID)
		n++
	}
	return n, nil
}

// Sweep implements [SessionStore].
func (m *MemorySessionStore) Sweep(_ context.Context, _ *sqlb.DB, now time.Time) (int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var n int64
	for hash, s := range m.byHash {
		if !s.ExpiresAt.After(now) {
			delete(m.byHash, hash)
			delete(m.hashes, s.ID)
			n++
		}
	}
	return n, nil
}
