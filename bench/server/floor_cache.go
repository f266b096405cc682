package server

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"net/http"
	"strings"
	"time"
)

// floorCacheCookie is the name of the floor's cache cookie: the cached
// path the benchmark's cache rows are measured against.
const floorCacheCookie = "floor_cache"

// floorCacheTTL is how long the floor's cache cookie serves, as long as
// the Sesame server's caches keep a session in the benchmark.
const floorCacheTTL = 15 * time.Minute

// floorCacheValue is the floor's cache cookie for a session of a token: the
// session's JSON answer after 8 bytes of its end (Unix milliseconds),
// base64url, and an HMAC-SHA-256 of the token's hash and those bytes.
func (f *Floor) floorCacheValue(tokenHash []byte, s *floorSession, until time.Time) (string, error) {
	body, err := json.Marshal(s)
	if err != nil {
		return "", err
	}
	raw := binary.BigEndian.AppendUint64(nil, uint64(until.UnixMilli()))
	raw = append(raw, body...)
	return base64.RawURLEncoding.EncodeToString(raw) + "." + base64.RawURLEncoding.EncodeToString(f.mac(tokenHash, raw)), nil
}

// mac is the floor's HMAC of a cache cookie's bytes, bound to the token.
func (f *Floor) mac(tokenHash, raw []byte) []byte {
	m := hmac.New(sha256.New, f.key)
	m.Write(tokenHash)
	m.Write(raw)
	return m.Sum(nil)
}

// cachedSession is GET /auth/cached-session: the session from the cache
// cookie when it holds, else as GET /auth/session answers, setting the
// cookie (until the earlier of floorCacheTTL and the session's expiry).
// A route of its own, so that the database row's requests pay nothing for
// it.
func (f *Floor) cachedSession(w http.ResponseWriter, r *http.Request) {
	if !f.cached(w, r) {
		f.answerSession(w, r, true)
	}
}

// setCache sets the cache cookie of the request's session s, when a
// cookie carries its token, and reports whether it could.
func (f *Floor) setCache(w http.ResponseWriter, r *http.Request, s *floorSession) bool {
	token, err := r.Cookie(floorCookie)
	if err != nil {
		return true // a bearer token: nothing to set
	}
	sum := sha256.Sum256([]byte(token.Value))
	until := time.Now().Add(floorCacheTTL)
	if s.ExpiresAt.Before(until) {
		until = s.ExpiresAt
	}
	v, err := f.floorCacheValue(sum[:], s, until)
	if err != nil {
		return false
	}
	http.SetCookie(w, &http.Cookie{Name: floorCacheCookie, Value: v, Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode})
	return true
}

// cached answers the request from its cache cookie when the cookie's HMAC
// holds for the request's session token and its time is not up, and
// reports whether it did: the floor's cached path, no query.
func (f *Floor) cached(w http.ResponseWriter, r *http.Request) bool {
	c, err := r.Cookie(floorCacheCookie)
	if err != nil {
		return false
	}
	token, err := r.Cookie(floorCookie)
	if err != nil {
		return false
	}
	b64, sig, ok := strings.Cut(c.Value, ".")
	if !ok {
		return false
	}
	raw, err1 := base64.RawURLEncoding.DecodeString(b64)
	got, err2 := base64.RawURLEncoding.DecodeString(sig)
	if err1 != nil || err2 != nil || len(raw) < 8 {
		return false
	}
	sum := sha256.Sum256([]byte(token.Value))
	if !hmac.Equal(f.mac(sum[:], raw), got) || int64(binary.BigEndian.Uint64(raw)) <= time.Now().UnixMilli() {
		return false
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	w.Write(append(raw[8:], '\n'))
	return true
}
