package authhttp

import (
	"context"
	"encoding/binary"
	"encoding/hex"
	"net/http"
	"time"

	"github.com/sesame-go/sesame/auth"
)

// SnapshotCache is a session cache the browser carries, for
// [auth.WithSessionCache]: beside the session cookie, a second cookie
// holds the session and its user, sealed (AES-256-GCM, [auth.Sealer]) and
// bound to the session's token, so that a request whose snapshot is
// current reads no store and runs no query at all, on any instance that
// holds the key. Make one with [NewSnapshotCache].
//
// What a snapshot costs is lag, by at most its age (the cache's lifetime,
// a minute by default): nothing reaches a cookie the browser holds, so a
// sign-out or a revocation on another device, an account-security event or
// a ban made elsewhere shows on this browser once its snapshot is older
// than the lifetime; the request that makes a change clears its own
// browser's snapshot. A snapshot never outlives its session's expiry,
// never serves a session token other than the one it was made for, and
// carries the session's data, so a pending second factor blocks it as it
// blocks the session. Only cookie sessions carry one: bearer clients read
// the store, or the instance's other cache.
type SnapshotCache struct {
	keys *auth.Sealer
}

var _ auth.SessionCache = (*SnapshotCache)(nil)

// maxSnapshot bounds a snapshot cookie's value: a user whose fields would
// make it longer is not cached, rather than risk the browser's limit of
// about 4 KiB a cookie.
const maxSnapshot = 3800

// NewSnapshotCache returns a cache that seals snapshots with keys: every
// instance that serves the browser needs them, the first sealing, any
// opening (rotate by adding a new key in front; snapshots sealed with a
// dropped key are misses).
func NewSnapshotCache(keys *auth.Sealer) *SnapshotCache { return &SnapshotCache{keys: keys} }

// SnapshotCookieName is the snapshot cookie's name for a's routes: the
// session cookie's name and "_snapshot".
func SnapshotCookieName(a *auth.Auth) string { return snapshotNames[secure(a)] }

// sealContext binds a snapshot to the session token's hash.
func sealContext(tokenHash []byte) string { return "sesame-snapshot:" + hex.EncodeToString(tokenHash) }

// Get implements [auth.SessionCache]: the request's snapshot cookie, if
// it opens for the request's session token and its time is not up.
func (c *SnapshotCache) Get(ctx context.Context, a *auth.Auth, tokenHash []byte, now time.Time) (*auth.Session, *auth.User, error) {
	req := auth.RequestFrom(ctx)
	if req == nil || !req.CookieAuth || !c.keys.Enabled() {
		return nil, nil, nil
	}
	sealed, ok := req.Cookies[SnapshotCookieName(a)]
	if !ok {
		return nil, nil, nil
	}
	plain, err := c.keys.Open(sealed.Reveal(), sealContext(tokenHash))
	if err != nil || len(plain) < 8 {
		return nil, nil, nil // another session's, a dropped key's, or altered: a miss
	}
	if int64(binary.BigEndian.Uint64([]byte(plain[:8]))) <= now.UnixMilli() {
		return nil, nil, nil
	}
	s, u, err := a.DecodeSession([]byte(plain[8:]))
	if err != nil {
		return nil, nil, nil
	}
	return s, u, nil
}

// Put implements [auth.SessionCache]: it asks the transport to set the
// snapshot cookie, until until.
func (c *SnapshotCache) Put(ctx context.Context, a *auth.Auth, tokenHash []byte, s *auth.Session, u *auth.User, _, until time.Time) error {
	req := auth.RequestFrom(ctx)
	if req == nil || !req.CookieAuth || !c.keys.Enabled() {
		return nil
	}
	enc, err := a.EncodeSession(s, u)
	if err != nil {
		return err
	}
	plain := binary.BigEndian.AppendUint64(make([]byte, 0, 8+len(enc)), uint64(until.UnixMilli()))
	sealed, err := c.keys.Seal(string(append(plain, enc...)), sealContext(tokenHash))
	if err != nil {
		return err
	}
	if len(sealed) > maxSnapshot {
		return nil
	}
	req.SetCookie(&http.Cookie{Name: SnapshotCookieName(a), Value: sealed, Path: "/", Expires: until,
		MaxAge: max(int(until.Sub(a.Now()).Seconds()), 1), HttpOnly: true, Secure: secure(a), SameSite: http.SameSiteLaxMode})
	return nil
}

// DropUser implements [auth.SessionCache]: it clears the snapshot of the
// request that made the change, when the request carries one. Other
// browsers' snapshots cannot be reached: they lag by their age.
func (c *SnapshotCache) DropUser(ctx context.Context, _ string, _ time.Time) error {
	if req := auth.RequestFrom(ctx); req != nil && req.CookieAuth {
		clearCarried(req)
	}
	return nil
}

// clearCarried clears the request's cookie-carried caches (a snapshot, a
// compact cookie), those it carries.
func clearCarried(req *auth.Request) {
	for _, secure := range []bool{false, true} {
		for _, name := range []string{snapshotNames[secure], compactNames[secure]} {
			if _, ok := req.Cookies[name]; ok {
				req.SetCookie(clearing(name, secure))
			}
		}
	}
}

// clearing is the cookie that deletes the cache cookie name.
func clearing(name string, secure bool) *http.Cookie {
	return &http.Cookie{Name: name, Value: "", Path: "/", MaxAge: -1, HttpOnly: name != compactNames[secure], Secure: secure,
		SameSite: http.SameSiteLaxMode}
}

// snapshotNames are the snapshot cookie's names on http and on https.
var snapshotNames = map[bool]string{false: "sesame_session_snapshot", true: "__Host-sesame_session_snapshot"}

// writeCookies sets the cookies the request's session cache asked for.
// A compact cookie, which the page's script reads, is set only for a
// session no check blocks, and one the request carries is cleared when a
// check blocks its session: what GET /session would refuse to show, the
// cookie does not show either.
func writeCookies(w http.ResponseWriter, r *http.Request, a *auth.Auth, req *auth.Request) {
	cookies := req.TakeCookies()
	name := CompactCookieName(a)
	_, carried := req.Cookies[name]
	for i, c := range cookies {
		if c.Name != name {
			continue
		}
		if c.MaxAge < 0 { // already cleared
			carried = false
			break
		}
		// A failure here is the session check's, which the operation or the
		// Middleware meets and reports: the cookie is only not set.
		if _, _, blocked, err := a.Admit(r.Context(), req); err != nil || blocked != nil {
			cookies[i] = clearing(name, secure(a))
			if !carried {
				cookies = append(cookies[:i], cookies[i+1:]...)
			}
		}
		carried = false // decided
		break
	}
	if carried {
		if _, _, blocked := req.Admission(); blocked != nil {
			cookies = append(cookies, clearing(name, secure(a)))
		}
	}
	for _, c := range cookies {
		http.SetCookie(w, c)
	}
}
