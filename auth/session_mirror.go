package auth

import (
	"context"
	"fmt"
	"time"

	"github.com/sesame-go/sesame/sqlb"
)

// DatabaseSessionStore returns the default session store, which keeps
// sessions in the auth_session table: for [MirrorSessionStore], or to
// name the default.
func DatabaseSessionStore() SessionStore { return dbSessionStore{} }

// MirrorSessionStore keeps every session in two stores: primary, which
// stays authoritative (usually [DatabaseSessionStore]), and a copy that
// requests read first (a Redis store, say), falling back to primary when
// the copy does not have the session or fails (logged). Every write goes to both, primary
// first; a copy that fails a write fails it, so that a copy that cannot
// end a session fails the sign-out (or the account-security event) rather
// than keep serving the session. Lists come from primary.
//
// A copy is never filled from primary on a miss, since a lookup racing a
// sign-out could put the ended session back: sessions made before the
// mirror began are read from primary until they end. End sessions through
// Sesame (operations, [Call.AccountChanged]) and never by SQL alone, which
// the copy would not see.
func MirrorSessionStore(primary, copy SessionStore) SessionStore {
	return mirrorStore{primary: primary, copy: copy}
}

type mirrorStore struct {
	primary, copy SessionStore
}

func (m mirrorStore) Create(ctx context.Context, db *sqlb.DB, s *Session, tokenHash []byte) error {
	if err := m.primary.Create(ctx, db, s, tokenHash); err != nil {
		return err
	}
	return copyFailed("create a session", m.copy.Create(ctx, db, s, tokenHash))
}

func (m mirrorStore) Lookup(ctx context.Context, a *Auth, tokenHash []byte, now time.Time) (*Session, *User, error) {
	s, u, err := m.copy.Lookup(ctx, a, tokenHash, now)
	if err != nil {
		// The primary has every live session: reading it is safe.
		a.Logger().Warn("auth: the mirror's copy failed; reading the primary store", "err", err)
	}
	if s != nil && err == nil {
		return s, u, nil
	}
	return m.primary.Lookup(ctx, a, tokenHash, now)
}

func (m mirrorStore) Extend(ctx context.Context, db *sqlb.DB, id string, expires, seen time.Time) error {
	if err := m.primary.Extend(ctx, db, id, expires, seen); err != nil {
		return err
	}
	return copyFailed("extend a session", m.copy.Extend(ctx, db, id, expires, seen))
}

func (m mirrorStore) List(ctx context.Context, db *sqlb.DB, userID string, now time.Time) ([]*Session, error) {
	return m.primary.List(ctx, db, userID, now)
}

func (m mirrorStore) Delete(ctx context.Context, db *sqlb.DB, userID, keep string, ids ...string) (int64, error) {
	n, err := m.primary.Delete(ctx, db, userID, keep, ids...)
	if err != nil {
		return 0, err
	}
	if _, err := m.copy.Delete(ctx, db, userID, keep, ids...); err != nil {
		return 0, copyFailed("end sessions", err)
	}
	return n, nil
}

func (m mirrorStore) Sweep(ctx context.Context, db *sqlb.DB, now time.Time) (int64, error) {
	n, err := m.primary.Sweep(ctx, db, now)
	if err != nil {
		return 0, err
	}
	if _, err := m.copy.Sweep(ctx, db, now); err != nil {
		return 0, copyFailed("sweep sessions", err)
	}
	return n, nil
}

// copyFailed says which store failed.
func copyFailed(what string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("auth: the mirror's copy failed to %s: %w", what, err)
}
