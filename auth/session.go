package auth

import (
	"bytes"
	"context"
	"encoding/json"
	"time"
)

// Session is one signed-in device of a user. Its token is never part of
// it: only the SHA-256 of the token is stored.
type Session struct {
	ID         string    `json:"id"`
	UserID     string    `json:"userId"`
	CreatedAt  time.Time `json:"createdAt"`
	ExpiresAt  time.Time `json:"expiresAt"`
	LastSeenAt time.Time `json:"lastSeenAt"`
	// IP and UserAgent describe the device that signed in. Lists of
	// sessions carry them; the per-request lookup leaves them out.
	IP        string `json:"ip,omitempty"`
	UserAgent string `json:"userAgent,omitempty"`
	// Credential is the kind of credential the session was made with:
	// "password", "oauth:github" ...
	Credential string `json:"credential"`
	// Data is a JSON object plugins keep with the session. The client may
	// read it: GET /session answers it, and the compact session cache
	// carries it in a cookie the page's script reads. Keep secrets out.
	Data json.RawMessage `json:"data"`
	// ImpersonatorID is the admin acting as the user, if any.
	ImpersonatorID string `json:"impersonatorId,omitempty"`
	// Current marks the caller's own session in a list.
	Current bool `json:"current,omitempty"`
	// ResolvedBy names the [CredentialResolver] plugin that resolved the
	// session from a credential of its own (an API key: "apikey"); it is
	// empty for a session that a sign-in started and the store keeps. The
	// core sets it, and such a session is never stored.
	ResolvedBy string `json:"resolvedBy,omitempty"`
}

// DataValue decodes the value of key in the session's [Session.Data] into
// v and reports whether the key is there. It parses the data only when it
// holds the key's name, so that a check run on every request costs next to
// nothing for the sessions it does not concern.
func (s *Session) DataValue(key string, v any) (bool, error) {
	if !quoted(s.Data, key) {
		return false, nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(s.Data, &m); err != nil {
		return false, err
	}
	raw, ok := m[key]
	if !ok {
		return false, nil
	}
	return true, json.Unmarshal(raw, v)
}

// quoted reports whether data holds key between double quotes, without
// allocating: the session check of every request asks it.
func quoted(data []byte, key string) bool {
	for i := 0; i < len(data); {
		j := bytes.Index(data[i:], []byte(key))
		if j < 0 {
			return false
		}
		j += i
		if end := j + len(key); j > 0 && data[j-1] == '"' && end < len(data) && data[end] == '"' {
			return true
		}
		i = j + 1
	}
	return false
}

// SetDataValue sets key in the session's [Session.Data] to v's JSON, or
// removes it when v is nil. [SessionStarter] plugins use it on the session
// being started; the data of a stored session does not change.
func (s *Session) SetDataValue(key string, v any) error {
	m := map[string]json.RawMessage{}
	if len(s.Data) > 0 {
		if err := json.Unmarshal(s.Data, &m); err != nil {
			return err
		}
	}
	if v == nil {
		delete(m, key)
	} else {
		raw, err := json.Marshal(v)
		if err != nil {
			return err
		}
		m[key] = raw
	}
	data, err := json.Marshal(m)
	if err != nil {
		return err
	}
	s.Data = data
	return nil
}

// resolveToken finds the live session of the request's token and its
// user, and refreshes the session when it is due; a credential of a
// [CredentialResolver] resolves to a session that is never refreshed.
func (a *Auth) resolveToken(ctx context.Context, r *Request) (*Session, *User, bool, error) {
	token := r.Token
	if token.IsZero() {
		return nil, nil, false, nil
	}
	now := a.Now()
	if len(a.resolvers) > 0 {
		if s, u, ok, err := a.resolveCredential(ctx, r, now); ok {
			return s, u, false, err
		}
	}
	if a.stateless() {
		return a.resolveStateless(ctx, r, now)
	}
	if !validToken(token) {
		return nil, nil, false, ErrInvalidToken
	}
	hash := hashToken(token)
	var s *Session
	var u *User
	if a.cfg.sessionCache != nil {
		s, u = a.cached(ctx, hash, now)
	}
	hit := s != nil
	if hit && now.Sub(s.LastSeenAt) >= a.cfg.sessions.UpdateAge {
		// A cached session due for a refresh is read anew: only the store
		// knows whether it still exists, and a refresh re-caches it for a
		// whole lifetime, which must never extend a session ended since.
		s, u, hit = nil, nil, false
	}
	if !hit {
		var err error
		if s, u, err = a.sessions.Lookup(ctx, a, hash, now); err != nil || s == nil {
			return nil, nil, false, err
		}
		if u == nil {
			if u, err = a.loadUser(ctx, a.db, s.UserID); err == ErrUserNotFound {
				return nil, nil, false, nil
			} else if err != nil {
				return nil, nil, false, err
			}
		}
	}
	refresh := now.Sub(s.LastSeenAt) >= a.cfg.sessions.UpdateAge
	if refresh {
		expires := a.refreshed(s, now)
		if err := a.sessions.Extend(ctx, a.db, s.ID, expires, now); err != nil {
			return nil, nil, false, err
		}
		s.ExpiresAt, s.LastSeenAt = expires, now
	}
	if a.cfg.sessionCache != nil && (!hit || refresh) {
		a.cache(ctx, hash, s, u, now, now)
	}
	return s, u, refresh, nil
}

// refreshed is a session's expiry when refreshed at now: it keeps the
// lifetime it was given when it started, as measured from its last
// refresh, where a [SessionStarter] may have shortened it (a session
// waiting for a second factor) or a [SessionPolicy] chose, and without a
// policy never more than the instance's lifetime.
func (a *Auth) refreshed(s *Session, now time.Time) time.Time {
	life := min(s.ExpiresAt.Sub(s.LastSeenAt), a.maxLifetime())
	exp := now.Add(life)
	if limit := s.CreatedAt.Add(a.cfg.sessions.AbsoluteLifetime); exp.After(limit) {
		exp = limit
	}
	// An impersonation ends within MaxImpersonation of its start, however
	// often it is used.
	if limit := s.CreatedAt.Add(MaxImpersonation); s.ImpersonatorID != "" && exp.After(limit) {
		exp = limit
	}
	return exp
}

// newSession builds a session for userID made with a credential by the
// caller of req.
func (a *Auth) newSession(userID, credential string, req *Request) (*Session, Secret) {
	now := a.Now()
	s := &Session{ID: newID(now), UserID: userID, CreatedAt: now, LastSeenAt: now,
		Credential: credential, Data: json.RawMessage("{}")}
	if req != nil {
		if req.IP.IsValid() {
			s.IP = req.IP.String()
		}
		s.UserAgent = truncate(req.UserAgent, 512)
	}
	s.ExpiresAt = now.Add(a.lifetime(s, req))
	if limit := now.Add(a.cfg.sessions.AbsoluteLifetime); s.ExpiresAt.After(limit) {
		s.ExpiresAt = limit
	}
	return s, newToken()
}

// truncate cuts s to at most n bytes without splitting a UTF-8 character.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n]
}
