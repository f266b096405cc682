package auth

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"net/http"
	"time"

	"github.com/sesame-go/sesame/sqlb"
)

// ImportedSession is a live session that another system started, for
// [Call.ImportSession]: a person signed in there stays signed in here once
// their browser's cookie is bridged (authhttp.BridgeCookie).
type ImportedSession struct {
	// UserID is the Sesame user the session is for.
	UserID string
	// System names the system that issued Token, such as "better-auth".
	System string
	// Token is the other system's session token, as its cookie carries it.
	// Only a hash of System and Token is stored, and no Sesame token has
	// that hash: the token signs nobody in by itself, only through
	// [Auth.AdoptSession], which the cookie bridge calls once it has
	// checked the other system's cookie.
	Token Secret
	// Credential is the session's [Session.Credential], such as
	// "import:better-auth".
	Credential string
	// CreatedAt and ExpiresAt are the session's; a session that has
	// expired is not imported, and the expiry is cut to the instance's
	// session lifetimes.
	CreatedAt, ExpiresAt time.Time
	// IP and UserAgent describe the device, as the other system saw it.
	IP, UserAgent string
}

// ErrSessionExpired is an [ImportedSession] that expired already.
var ErrSessionExpired = NewError("session_expired", http.StatusBadRequest, "the session has expired")

// ImportSession stores a session another system started, inside the
// calling operation's transaction, with no cookie or header for the
// caller: importers (auth import) call it. The [SessionStarter] plugins
// do not shape it. It needs the database session store (the default),
// where [Auth.AdoptSession] can find it; an expired session is
// [ErrSessionExpired].
func (c *Call) ImportSession(ctx context.Context, in ImportedSession) (*Session, error) {
	if _, ok := c.a.sessions.(dbSessionStore); !ok {
		return nil, internalf("imported sessions need the database session store")
	}
	if in.System == "" || in.Token.IsZero() || in.UserID == "" {
		return nil, ErrInvalidInput.With("an imported session needs a user, a system and a token")
	}
	now := c.a.Now()
	if !in.ExpiresAt.After(now) {
		return nil, ErrSessionExpired
	}
	created := in.CreatedAt.UTC().Truncate(time.Microsecond)
	if created.IsZero() || created.After(now) {
		created = now
	}
	expires := in.ExpiresAt.UTC().Truncate(time.Microsecond)
	for _, limit := range []time.Time{now.Add(c.a.maxLifetime()), created.Add(c.a.cfg.sessions.AbsoluteLifetime)} {
		if expires.After(limit) {
			expires = limit
		}
	}
	if !expires.After(now) {
		return nil, ErrSessionExpired
	}
	s := &Session{ID: newID(now), UserID: in.UserID, CreatedAt: created, ExpiresAt: expires, LastSeenAt: now,
		IP: truncate(in.IP, 64), UserAgent: truncate(in.UserAgent, 512), Credential: truncate(in.Credential, 64),
		Data: json.RawMessage("{}")}
	if err := c.a.sessions.Create(ctx, c.db, s, legacyTokenHash(in.System, in.Token)); err != nil {
		return nil, err
	}
	return s, nil
}

// AdoptSession gives the live session imported under another system's
// token ([Call.ImportSession]) a Sesame token, which must have the form of
// Sesame's own (43 characters of base64url): from then on the session is
// found by that token, and no longer by the other system's. It reports
// whether it moved a session; a session moved already, or never imported,
// reports false. The cookie bridge (authhttp.BridgeCookie) calls it with a
// token derived from the other system's by a key of the host's, so that
// concurrent requests carrying the same old cookie all arrive at the same
// session. Call it only for a token whose holder proved it (a signed
// cookie): it is the other system's sign-in.
func (a *Auth) AdoptSession(ctx context.Context, system string, legacy, token Secret) (bool, error) {
	if !validToken(token) {
		return false, ErrInvalidToken
	}
	if _, ok := a.sessions.(dbSessionStore); !ok || system == "" || legacy.IsZero() {
		return false, nil
	}
	n, err := a.db.Exec(ctx, sqlb.Update(Sessions).Set(SessionTokenHash.Set(hashToken(token))).
		Where(sqlb.And(SessionTokenHash.Eq(legacyTokenHash(system, legacy)), SessionExpiresAt.Gt(a.Now()))))
	return n == 1, err
}

// legacyTokenHash is what an imported session is stored under: the
// SHA-256 of the system's name, a NUL and the token, which no Sesame token
// (hashed alone) ever has.
func legacyTokenHash(system string, token Secret) []byte {
	h := sha256.New()
	h.Write([]byte(system))
	h.Write([]byte{0})
	h.Write([]byte(token.Reveal()))
	return h.Sum(nil)
}
