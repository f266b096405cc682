package auth

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"github.com/sesame-go/sesame/sqlb"
)

// SessionStore keeps sessions. The default keeps them in the auth_session
// table; [NewMemorySessionStore] keeps them in the process. Methods that
// take a db run inside the calling operation's transaction where there is
// one; a store that is not the database must undo nothing on rollback,
// since the core deletes the sessions a failed operation created.
type SessionStore interface {
	// Create stores s under the token hash.
	Create(ctx context.Context, db *sqlb.DB, s *Session, tokenHash []byte) error
	// Lookup returns the live session of a token hash (expiring after
	// now) and, if it can load it in the same round trip, its user; a nil
	// user makes the core load it. It returns nil, nil, nil for none. It
	// may leave the device details (IP, UserAgent) out: List has them.
	Lookup(ctx context.Context, a *Auth, tokenHash []byte, now time.Time) (*Session, *User, error)
	// Extend moves a session's expiry and last-seen time.
	Extend(ctx context.Context, db *sqlb.DB, id string, expires, seen time.Time) error
	// List returns a user's live sessions, newest first.
	List(ctx context.Context, db *sqlb.DB, userID string, now time.Time) ([]*Session, error)
	// Delete deletes the given sessions of a user, or all of them when ids
	// is empty, except the session keep (if not empty). It returns how
	// many it deleted.
	Delete(ctx context.Context, db *sqlb.DB, userID, keep string, ids ...string) (int64, error)
	// Sweep deletes the sessions that expired before now.
	Sweep(ctx context.Context, db *sqlb.DB, now time.Time) (int64, error)
}

// dbSessionStore keeps sessions in auth_session.
type dbSessionStore struct{}

func (dbSessionStore) Create(ctx context.Context, db *sqlb.DB, s *Session, hash []byte) error {
	_, err := db.Exec(ctx, sqlb.Insert(Sessions).Row(SessionID.Set(s.ID), SessionTokenHash.Set(hash),
		SessionUserID.Set(s.UserID), SessionCreatedAt.Set(s.CreatedAt), SessionExpiresAt.Set(s.ExpiresAt),
		SessionLastSeenAt.Set(s.LastSeenAt), SessionIP.Set(s.IP), SessionUserAgent.Set(s.UserAgent),
		SessionCredential.Set(s.Credential), SessionData.Set(string(s.Data)),
		SessionImpersonatorID.Set(sql.Null[string]{V: s.ImpersonatorID, Valid: s.ImpersonatorID != ""})))
	return err
}

// sessionRow scans a session.
type sessionRow struct {
	s            Session
	data         string
	impersonator sql.Null[string]
}

func (r *sessionRow) selections(out []sqlb.Selection) []sqlb.Selection {
	return append(r.lean(out), SessionIP.Into(&r.s.IP), SessionUserAgent.Into(&r.s.UserAgent))
}

// lean selects what authorizing a request needs, leaving out the device
// details (IP, user agent) that only lists of sessions show: every column
// costs the per-request lookup.
func (r *sessionRow) lean(out []sqlb.Selection) []sqlb.Selection {
	return append(out, SessionID.Into(&r.s.ID), SessionUserID.Into(&r.s.UserID),
		SessionCreatedAt.Into(&r.s.CreatedAt), SessionExpiresAt.Into(&r.s.ExpiresAt),
		SessionLastSeenAt.Into(&r.s.LastSeenAt),
		SessionCredential.Into(&r.s.Credential), SessionData.Into(&r.data), SessionImpersonatorID.Into(&r.impersonator))
}

func (r *sessionRow) session() *Session {
	s := r.s
	s.Data = json.RawMessage(r.data)
	s.ImpersonatorID = r.impersonator.V
	return &s
}

// sessionLookup finds a live session by its token hash (Param 0) and
// expiry (Param 1), with its user: built once, run per request with the
// selections of the instance's user fields.
var sessionLookup = sqlb.Prepare(sqlb.Select().From(Sessions).
	Join(Users, UserID.EqCol(SessionUserID)).
	Where(sqlb.And(sqlb.Compare(SessionTokenHash, sqlb.OpEq, sqlb.Param[[]byte](0)),
		sqlb.Compare(SessionExpiresAt, sqlb.OpGt, sqlb.Param[time.Time](1)))))

// lookupRow is what a session lookup scans into, with room for its
// selections: one allocation.
type lookupRow struct {
	sessionRow
	user userRow
	sel  [16]sqlb.Selection
}

// Lookup resolves the session and its user in one query: a join.
func (dbSessionStore) Lookup(ctx context.Context, a *Auth, hash []byte, now time.Time) (*Session, *User, error) {
	r := new(lookupRow)
	a.initUserRow(&r.user)
	// The user's ID is the session's user_id, which the join matches.
	sel := r.user.selections(r.lean(r.sel[:0]), false)
	err := a.db.QueryOne(ctx, sessionLookup, sel, hash, now)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	s := &r.s // one row, the lookup's own: no copy, as session() makes for lists
	s.Data, s.ImpersonatorID = json.RawMessage(r.data), r.impersonator.V
	u := r.user.only()
	u.ID = s.UserID
	return s, u, nil
}

func (dbSessionStore) Extend(ctx context.Context, db *sqlb.DB, id string, expires, seen time.Time) error {
	_, err := db.Exec(ctx, sqlb.Update(Sessions).Set(SessionExpiresAt.Set(expires), SessionLastSeenAt.Set(seen)).
		Where(SessionID.Eq(id)))
	return err
}

func (dbSessionStore) List(ctx context.Context, db *sqlb.DB, userID string, now time.Time) ([]*Session, error) {
	var sr sessionRow
	var out []*Session
	q := sqlb.Select(sr.selections(nil)...).From(Sessions).
		Where(sqlb.And(SessionUserID.Eq(userID), SessionExpiresAt.Gt(now))).
		OrderBy(SessionCreatedAt.Desc(), SessionID.Desc())
	err := db.All(ctx, q, func() error {
		out = append(out, sr.session())
		return nil
	})
	return out, err
}

func (dbSessionStore) Delete(ctx context.Context, db *sqlb.DB, userID, keep string, ids ...string) (int64, error) {
	cond := []sqlb.Cond{SessionUserID.Eq(userID)}
	if len(ids) > 0 {
		cond = append(cond, SessionID.In(ids...))
	}
	if keep != "" {
		cond = append(cond, SessionID.Ne(keep))
	}
	return db.Exec(ctx, sqlb.Delete(Sessions).Where(sqlb.And(cond...)))
}

func (dbSessionStore) Sweep(ctx context.Context, db *sqlb.DB, now time.Time) (int64, error) {
	return db.Exec(ctx, sqlb.Delete(Sessions).Where(SessionExpiresAt.Le(now)))
}
