package authhttp

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"net/http"
	"strings"
	"time"

	"github.com/sesame-go/sesame/auth"
)

// CompactCache is a session cache the browser carries, for
// [auth.WithSessionCache], like [SnapshotCache], but signed rather than
// sealed, so that the browser's own code can read it: beside the session
// cookie, a second cookie, not HttpOnly, holds what GET /session answers
// (the user and the session, never the token) as base64url JSON, with an
// HMAC-SHA-256 signature bound to the session token's hash. A request
// whose cookie is current reads no store and runs no query; a page's
// script reads who is signed in without a request ([CompactPayload] is
// the shape; docs/sessions.md has the browser's side). Make one with
// [NewCompactCache].
//
// It carries only what the client may see anyway: what GET /session
// answers, the session's data included (the core shows it there). The
// cookie is set only for a session that no session check blocks, so a
// session waiting for a second factor, terms or a ban shows nothing of its
// user to the page; and since the data is carried whole, a cached session
// meets every session check exactly as the stored one does.
//
// It lags as a snapshot does, by at most its age (the cache's lifetime, a
// minute by default): a sign-out, revocation, ban or account-security
// event made elsewhere shows on this browser once its cookie is older than
// the lifetime; the request that makes a change clears its own browser's
// cookie. It never outlives its session's expiry and never serves a token
// other than the one it was signed for. Only cookie sessions carry one.
type CompactCache struct {
	keys []auth.Secret
}

var _ auth.SessionCache = (*CompactCache)(nil)

// MinCompactKey is the shortest signing key [NewCompactCache] takes, in
// bytes: as long as the HMAC-SHA-256 output.
const MinCompactKey = 32

// compactVersion starts every compact cookie's value.
const compactVersion = "c1"

// NewCompactCache returns a cache that signs its cookies with keys: every
// instance that serves the browser needs them, the first signing, any
// verifying (rotate by adding a new key in front; cookies signed with a
// dropped key are misses). Each key is at least [MinCompactKey] random
// bytes, and none is the key of another purpose.
func NewCompactCache(keys ...auth.Secret) (*CompactCache, error) {
	if len(keys) == 0 {
		return nil, errors.New("authhttp: a compact cache needs a signing key")
	}
	for i, k := range keys {
		if n := len(k.Reveal()); n < MinCompactKey {
			return nil, fmt.Errorf("authhttp: compact cache key %d has %d bytes, want at least %d", i, n, MinCompactKey)
		}
	}
	return &CompactCache{keys: keys}, nil
}

// CompactCookieName is the compact cookie's name for a's routes: the
// session cookie's name and "_compact".
func CompactCookieName(a *auth.Auth) string { return compactNames[secure(a)] }

// compactNames are the compact cookie's names on http and on https.
var compactNames = map[bool]string{false: "sesame_session_compact", true: "__Host-sesame_session_compact"}

// CompactPayload is what the compact cookie's first part holds, as JSON:
// the answer of GET /session, and until, when the server stops using it
// (Unix milliseconds). A browser reads it to show who is signed in; it is
// a cache, not a credential, and the server checks its signature, never
// the browser.
type CompactPayload struct {
	auth.SessionInfo
	Until int64 `json:"until"`
}

// The compact cookie's value is four dot-separated parts:
//
//	c1.<base64url JSON CompactPayload>.<base64url encoded session>.<base64url HMAC>
//
// The third part is [auth.Auth.EncodeSession]'s form of the same session
// and user, which the server reads back with each user field in its Go
// type, after 8 bytes of until; the HMAC covers the first three parts and
// the session token's hash.

// strict decodes base64url without padding and refuses the other
// spellings of a value, so that one cookie has one spelling.
var strict = base64.RawURLEncoding.Strict()

// maxCompact bounds a compact cookie's value as maxSnapshot bounds a
// snapshot's: a user whose fields would make it longer is not cached.
const maxCompact = maxSnapshot

// compactMAC is the HMAC of a cookie's signed parts, bound to the session
// token's hash.
func compactMAC(key auth.Secret, tokenHash []byte, signed string) []byte {
	var m hash.Hash = hmac.New(sha256.New, []byte(key.Reveal()))
	m.Write([]byte("sesame-compact\x00"))
	m.Write(tokenHash)
	m.Write([]byte{0})
	m.Write([]byte(signed))
	return m.Sum(nil)
}

// Get implements [auth.SessionCache]: the request's compact cookie, if
// its signature holds for the request's session token under one of the
// keys and its time is not up.
func (c *CompactCache) Get(ctx context.Context, a *auth.Auth, tokenHash []byte, now time.Time) (*auth.Session, *auth.User, error) {
	req := auth.RequestFrom(ctx)
	if req == nil || !req.CookieAuth {
		return nil, nil, nil
	}
	v, ok := req.Cookies[CompactCookieName(a)]
	if !ok {
		return nil, nil, nil
	}
	until, enc, ok := c.verify(v.Reveal(), tokenHash)
	if !ok || until <= now.UnixMilli() {
		return nil, nil, nil // another session's, a dropped key's, altered or past its time: a miss
	}
	s, u, err := a.DecodeSession(enc)
	if err != nil {
		return nil, nil, nil
	}
	return s, u, nil
}

// verify checks a compact cookie's value for the token hash and returns
// its time and encoded session; ok is false for anything else, whatever
// is wrong with it.
func (c *CompactCache) verify(v string, tokenHash []byte) (until int64, enc []byte, ok bool) {
	if len(v) > maxCompact || !strings.HasPrefix(v, compactVersion+".") {
		return 0, nil, false
	}
	i := strings.LastIndexByte(v, '.')
	signed, sig := v[:i], v[i+1:]
	if strings.Count(signed, ".") != 2 { // version, payload, encoded session
		return 0, nil, false
	}
	got, err := strict.DecodeString(sig)
	if err != nil || len(got) != sha256.Size {
		return 0, nil, false
	}
	valid := false
	for _, k := range c.keys {
		if hmac.Equal(compactMAC(k, tokenHash, signed), got) { // constant time
			valid = true
			break
		}
	}
	if !valid {
		return 0, nil, false
	}
	raw, err := strict.DecodeString(signed[strings.LastIndexByte(signed, '.')+1:])
	if err != nil || len(raw) < 8 {
		return 0, nil, false
	}
	return int64(binary.BigEndian.Uint64(raw[:8])), raw[8:], true
}

// Put implements [auth.SessionCache]: it asks the transport to set the
// compact cookie, until until; the transport sets it only for a session
// no check blocks.
func (c *CompactCache) Put(ctx context.Context, a *auth.Auth, tokenHash []byte, s *auth.Session, u *auth.User, _, until time.Time) error {
	req := auth.RequestFrom(ctx)
	if req == nil || !req.CookieAuth {
		return nil
	}
	v, err := c.value(a, tokenHash, s, u, until)
	if err != nil || v == "" {
		return err
	}
	req.SetCookie(&http.Cookie{Name: CompactCookieName(a), Value: v, Path: "/", Expires: until,
		MaxAge: max(int(until.Sub(a.Now()).Seconds()), 1), HttpOnly: false, Secure: secure(a), SameSite: http.SameSiteLaxMode})
	return nil
}

// value is the compact cookie's value for a session, or "" when it would
// be longer than maxCompact.
func (c *CompactCache) value(a *auth.Auth, tokenHash []byte, s *auth.Session, u *auth.User, until time.Time) (string, error) {
	shown := *s
	shown.Current = false
	payload, err := json.Marshal(CompactPayload{SessionInfo: auth.SessionInfo{User: u, Session: &shown}, Until: until.UnixMilli()})
	if err != nil {
		return "", err
	}
	enc, err := a.EncodeSession(s, u)
	if err != nil {
		return "", err
	}
	raw := binary.BigEndian.AppendUint64(make([]byte, 0, 8+len(enc)), uint64(until.UnixMilli()))
	raw = append(raw, enc...)
	b64 := base64.RawURLEncoding
	if n := len(compactVersion) + 3 + b64.EncodedLen(len(payload)) + b64.EncodedLen(len(raw)) + b64.EncodedLen(sha256.Size); n > maxCompact {
		return "", nil
	}
	signed := compactVersion + "." + b64.EncodeToString(payload) + "." + b64.EncodeToString(raw)
	return signed + "." + b64.EncodeToString(compactMAC(c.keys[0], tokenHash, signed)), nil
}

// DropUser implements [auth.SessionCache]: it clears the compact cookie
// of the request that made the change, when the request carries one.
// Other browsers' cookies cannot be reached: they lag by their age.
func (c *CompactCache) DropUser(ctx context.Context, _ string, _ time.Time) error {
	if req := auth.RequestFrom(ctx); req != nil && req.CookieAuth {
		clearCarried(req)
	}
	return nil
}
