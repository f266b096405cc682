package auth

import (
	"context"
	"database/sql"
	"encoding/hex"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/sesame-go/sesame/sqlb"
)

// MaxStatelessRefreshWithoutRead is the longest
// [WithStatelessRefreshWithoutRead] may skip the user's query: the longest
// a ban or an account-security event may wait to end a stateless session.
const MaxStatelessRefreshWithoutRead = 15 * time.Minute

// ErrSessionNotRevocable is returned by [Auth.RevokeSession] for a session
// other than the caller's own under [WithStatelessSessions] without
// [WithSessionRevocations]: no server keeps such a session, so it cannot
// be ended by itself. [Auth.RevokeOtherSessions] ends them all.
var ErrSessionNotRevocable = NewError("session_not_revocable", http.StatusConflict,
	"stateless sessions cannot be ended one by one without a revocation list; sign out everywhere instead")

// ErrSessionsNotListed is returned by [Call.UserSessions] under
// [WithStatelessSessions]: no server keeps the sessions, so a user's
// cannot be listed, nor one found by what it is (an impersonation an
// administrator stops). Ending all of them (an account-security event, the
// admin plugin's revoke-sessions) still works.
var ErrSessionsNotListed = NewError("sessions_not_listed", http.StatusConflict,
	"stateless sessions are kept by no server and cannot be listed; revoke all of the user's sessions instead")

// StatelessSessions reports whether the instance was made with
// [WithStatelessSessions]: a plugin that must know a user's sessions
// ([Call.UserSessions]) may refuse the configuration in its Validate.
func (a *Auth) StatelessSessions() bool { return a.stateless() }

// WithStatelessSessions makes sessions stateless: the token is the
// session itself (its ID, user, times, credential, data, impersonator),
// sealed with AES-256-GCM under keys (the first seals, any opens, so keys
// rotate: add a new one in front, drop the old one once the tokens it
// sealed have expired). No session store is read or written per request;
// the user is still loaded, by primary key, so that a ban or a deleted
// user ends the session at the next request, and so is the user's session
// epoch, which every account-security event (a password change, sign out
// everywhere, a ban, the admin's revoke-sessions) advances: tokens issued
// before it are over at their next request. A refresh re-issues the token
// (a new cookie, or the Auth-Token header for a bearer client) at most
// once per update age, never past the absolute lifetime.
//
// Sessions cannot be listed: [Auth.ListSessions] answers the caller's own.
// A sign-out clears the cookie; for it to end the token everywhere (a copy
// of it included), give a revocation list ([WithSessionRevocations]),
// which also lets [Auth.RevokeSession] end one of one's sessions by ID;
// without one that answers [ErrSessionNotRevocable].
func WithStatelessSessions(keys *Sealer) Option {
	return func(c *config) { c.stateless = keys }
}

// WithStatelessRefreshWithoutRead lets requests within d of their stateless
// token's last issue skip the user's query: the token also carries the
// user as of then, and is re-issued with the user read anew once d has
// passed. A ban, a deleted user or an account-security event (which end
// the session at the next request otherwise) then wait up to d; a
// revocation list ([WithSessionRevocations]) is still read on every
// request. d is at most [MaxStatelessRefreshWithoutRead].
func WithStatelessRefreshWithoutRead(d time.Duration) Option {
	return func(c *config) { c.withoutRead = d }
}

// checkStateless validates the stateless options together.
func (a *Auth) checkStateless(add func(string, ...any)) {
	c := a.cfg
	if c.stateless == nil {
		if c.revocations != nil {
			add("WithSessionRevocations needs WithStatelessSessions: the session stores end sessions themselves")
		}
		if c.withoutRead != 0 {
			add("WithStatelessRefreshWithoutRead needs WithStatelessSessions")
		}
		return
	}
	if !c.stateless.Enabled() {
		add("WithStatelessSessions needs a sealer with at least one key")
	}
	if c.sessionStore != nil {
		add("WithStatelessSessions and WithSessionStore exclude each other: stateless sessions are kept by no store")
	}
	if c.sessionCache != nil {
		add("WithStatelessSessions and WithSessionCache exclude each other: a stateless session is read from its token")
	}
	if c.withoutRead < 0 || c.withoutRead > MaxStatelessRefreshWithoutRead {
		add("stateless refresh without read %v must be at least zero and at most %v", c.withoutRead, MaxStatelessRefreshWithoutRead)
	}
}

// stateless reports whether sessions are stateless.
func (a *Auth) stateless() bool { return a.cfg.stateless != nil }

// statelessStore is the [SessionStore] of stateless sessions: nothing to
// create, read, extend or list; ending all of a user's sessions advances
// the user's session epoch, and ending some records them on the
// revocation list, if there is one.
type statelessStore struct{ a *Auth }

func (statelessStore) Create(context.Context, *sqlb.DB, *Session, []byte) error {
	return errors.New("auth: stateless sessions are not stored")
}

func (statelessStore) Lookup(context.Context, *Auth, []byte, time.Time) (*Session, *User, error) {
	return nil, nil, nil
}

func (statelessStore) Extend(context.Context, *sqlb.DB, string, time.Time, time.Time) error {
	return nil
}

func (statelessStore) List(context.Context, *sqlb.DB, string, time.Time) ([]*Session, error) {
	return nil, nil
}

// Delete ends every session of the user by advancing the user's epoch
// (keep, the caller's, is issued anew by the call), or the sessions ids by
// the revocation list; without a list, only the caller's own session can
// be among ids, and the transport clearing its cookie is all that ends it.
func (st statelessStore) Delete(ctx context.Context, db *sqlb.DB, userID, _ string, ids ...string) (int64, error) {
	if len(ids) == 0 {
		return db.Exec(ctx, sqlb.Update(Users).Set(UserSessionEpoch.SetTo(sqlb.Add(UserSessionEpoch, sqlb.Val[int64](1)))).
			Where(UserID.Eq(userID)))
	}
	if list := st.a.cfg.revocations; list != nil {
		now := st.a.Now()
		for _, id := range ids {
			if err := list.Revoke(ctx, db, userID, id, st.a.revokedUntil(id, now), now); err != nil {
				return 0, err
			}
		}
	}
	return int64(len(ids)), nil
}

func (st statelessStore) Sweep(ctx context.Context, db *sqlb.DB, now time.Time) (int64, error) {
	if list := st.a.cfg.revocations; list != nil {
		return list.Sweep(ctx, db, now)
	}
	return 0, nil
}

// userEpoch reads a user's session epoch, and the user when withUser is
// set, in one query by primary key; [ErrUserNotFound] when there is none.
func (a *Auth) userEpoch(ctx context.Context, db *sqlb.DB, id string, withUser bool) (*User, int64, error) {
	var epoch int64
	var r *userRow
	sel, key := []sqlb.Selection{UserSessionEpoch.Into(&epoch)}, "auth.session.epoch"
	if withUser {
		r = a.newUserRow()
		sel, key = r.selections(sel, false), "auth.session.stateless"
	}
	err := db.One(ctx, sqlb.Select(sel...).From(Users).Where(UserID.Eq(id)).Key(key))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, 0, ErrUserNotFound
	}
	if err != nil || !withUser {
		return nil, epoch, err
	}
	u := r.user()
	u.ID = id
	return u, epoch, nil
}

// issueStateless makes the token of a session starting now, under the
// user's current epoch read in db (the operation's transaction), with the
// user's snapshot when requests may skip reading it.
func (a *Auth) issueStateless(ctx context.Context, db *sqlb.DB, s *Session) (Secret, error) {
	u, epoch, err := a.userEpoch(ctx, db, s.UserID, a.cfg.withoutRead > 0)
	if err != nil {
		return Secret{}, err
	}
	return a.sealStateless(&statelessToken{s: s, epoch: epoch, user: u})
}

// resolveStateless is resolveToken for a stateless token: it opens the
// token, refuses it when expired or revoked, reads the user and the user's
// epoch (unless within the refresh-without-read window), refuses it when
// the user is gone or an account-security event came after it, and
// re-issues it when due.
func (a *Auth) resolveStateless(ctx context.Context, r *Request, now time.Time) (*Session, *User, bool, error) {
	t, u, err := a.openLive(ctx, a.db, r.Token, now, true)
	if err != nil || t == nil {
		return nil, nil, false, err
	}
	s := t.s
	r.epoch = t.epoch // r.mu is held
	age := now.Sub(s.LastSeenAt)
	if u == nil { // within the window: the token's own user
		return s, t.user, false, nil
	}
	if age < a.cfg.sessions.UpdateAge && (a.cfg.withoutRead == 0 || age < a.cfg.withoutRead) {
		return s, u, false, nil
	}
	s.ExpiresAt, s.LastSeenAt = a.refreshed(s, now), now
	t.user = nil
	if a.cfg.withoutRead > 0 {
		t.user = u
	}
	token, err := a.sealStateless(t)
	if err != nil {
		return nil, nil, false, err
	}
	r.Token, r.reissued = token, true // r.mu is held
	return s, u, true, nil
}

// openLive opens a stateless token and returns it with its user, or a nil
// token for one that is not live: unopenable, expired, revoked, of a user
// gone or under an older epoch. With mayskip set, a token within the
// refresh-without-read window comes back with a nil user (its own
// snapshot stands for it).
func (a *Auth) openLive(ctx context.Context, db *sqlb.DB, token Secret, now time.Time, mayskip bool) (*statelessToken, *User, error) {
	t, err := a.openStateless(token)
	if errors.Is(err, ErrUnsealable) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	s := t.s
	// The absolute lifetime caps every session, by today's setting: a
	// revocation is kept for that long after the session's start, so a
	// token made under a longer setting must not outlive its revocation.
	if !s.ExpiresAt.After(now) || !s.CreatedAt.Add(a.cfg.sessions.AbsoluteLifetime).After(now) {
		return nil, nil, nil
	}
	if list := a.cfg.revocations; list != nil {
		revoked, err := list.Revoked(ctx, db, s.UserID, s.ID, now)
		if err != nil || revoked {
			return nil, nil, err
		}
	}
	if mayskip && t.user != nil && now.Sub(s.LastSeenAt) < a.cfg.withoutRead && !now.Before(s.LastSeenAt) {
		return t, nil, nil
	}
	u, epoch, err := a.userEpoch(ctx, db, s.UserID, true)
	if err == ErrUserNotFound || (err == nil && epoch != t.epoch) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	return t, u, nil
}

// reissueKept issues the caller's session anew under the user's new epoch,
// after an account-security event that kept it: the token reaches the
// client (the cookie, or the Auth-Token header) once the operation
// committed, and the request uses it from then on.
//
// The events of this call advanced the epoch, one each, under the user's
// row lock, from the one the caller's token was issued under: an epoch
// further on means another event ended the token after this request
// resolved it (a request held open across a revocation, a password
// reset, a sign-out everywhere), and the holder of an ended token gets no
// new one: [ErrNoSession], and the operation rolls back.
func (c *Call) reissueKept(ctx context.Context) error {
	c.keptEvents++
	s := *c.session
	u, epoch, err := c.a.userEpoch(ctx, c.db, s.UserID, c.a.cfg.withoutRead > 0)
	if err != nil {
		return err
	}
	if epoch != c.req.epoch+c.keptEvents {
		return ErrNoSession
	}
	token, err := c.a.sealStateless(&statelessToken{s: &s, epoch: epoch, user: u})
	if err != nil {
		return err
	}
	c.AfterCommit(func(context.Context) { c.req.reissue(token) })
	return nil
}

// idTime returns the instant a UUIDv7 was made, to the millisecond.
func idTime(id string) (time.Time, bool) {
	h := strings.ReplaceAll(id, "-", "")
	if len(h) != 32 || h[12] != '7' {
		return time.Time{}, false
	}
	b, err := hex.DecodeString(h[:12])
	if err != nil {
		return time.Time{}, false
	}
	var ms int64
	for _, x := range b {
		ms = ms<<8 | int64(x)
	}
	return time.UnixMilli(ms).UTC(), true
}
