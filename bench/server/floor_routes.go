package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// floorLookup finds a live session by the hash of its token, with its
// user: the one query of a request that carries a session.
const floorLookup = `SELECT u.id, u.email, u.name, s.created_at, s.expires_at
	FROM floor_session s JOIN floor_user u ON u.id = s.user_id
	WHERE s.token_hash = $1 AND s.expires_at > now()`

// floorSession is a session as the floor answers it.
type floorSession struct {
	User      floorUser `json:"user"`
	CreatedAt time.Time `json:"createdAt"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// floorUser is a user as the floor answers it.
type floorUser struct {
	ID    int64  `json:"id"`
	Email string `json:"email"`
	Name  string `json:"name"`
}

// signIn checks an address and password, stores a new session and sets
// its cookie. An unknown address costs the same hash as a known one.
func (f *Floor) signIn(w http.ResponseWriter, r *http.Request) {
	var in struct{ Email, Password string }
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 64<<10)).Decode(&in); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_input"})
		return
	}
	var u floorUser
	var salt, key []byte
	err := f.db.QueryRowContext(r.Context(), `SELECT id, email, name, salt, key FROM floor_user WHERE email = $1`,
		strings.ToLower(in.Email)).Scan(&u.ID, &u.Email, &u.Name, &salt, &key)
	if errors.Is(err, sql.ErrNoRows) {
		salt, key = f.dummy, nil
	} else if err != nil {
		writeJSON(w, http.StatusInternalServerError, map[string]string{"error": "internal"})
		return
	}
	if got := f.hash(in.Password, salt); key == nil || subtle.ConstantTimeCompare(got, key) != 1 {
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_credentials"})
		return
	}
	raw := make([]byte, 32)
	rand.Read(raw)
	token := base64.RawURLEncoding.EncodeToString(raw)
	sum := sha256.Sum256([]byte(token))
	_, err = f.db.ExecContext(r.Context(), `INSERT INTO floor_session (token_hash, user_id, created_at, expires_at)
		VALUES ($1, $2, now(), now() + interval '7 days')`, sum[:], u.ID)
	if err != nil {
		writeJSON(w, http.StatusInternalServerError, map[string]string{"error": "internal"})
		return
	}
	http.SetCookie(w, &http.Cookie{Name: floorCookie, Value: token, Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode})
	writeJSON(w, http.StatusOK, map[string]any{"user": u})
}

// session answers the caller's session and user, or 401.
func (f *Floor) session(w http.ResponseWriter, r *http.Request) { f.answerSession(w, r, false) }

// answerSession looks the session up and answers it, or 401; with cache,
// it also sets the cache cookie of the floor's cached path.
func (f *Floor) answerSession(w http.ResponseWriter, r *http.Request, cache bool) {
	s, err := f.lookup(r)
	switch {
	case err != nil:
		writeJSON(w, http.StatusInternalServerError, map[string]string{"error": "internal"})
	case s == nil:
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "no_session"})
	case cache && !f.setCache(w, r, s):
		writeJSON(w, http.StatusInternalServerError, map[string]string{"error": "internal"})
	default:
		writeJSON(w, http.StatusOK, s)
	}
}

// floorUserKey carries the signed-in user in a request's context.
type floorUserKey struct{}

// requireUser is the floor's middleware: it looks the session up and lets
// through only requests with one, the user in their context.
func (f *Floor) requireUser(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s, err := f.lookup(r)
		switch {
		case err != nil:
			writeJSON(w, http.StatusInternalServerError, map[string]string{"error": "internal"})
		case s == nil:
			writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "no_session"})
		default:
			u := appUser{ID: strconv.FormatInt(s.User.ID, 10), Name: s.User.Name, Email: s.User.Email}
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), floorUserKey{}, u)))
		}
	})
}

// lookup returns the request's live session, or nil when it has none.
func (f *Floor) lookup(r *http.Request) (*floorSession, error) {
	token := ""
	if c, err := r.Cookie(floorCookie); err == nil {
		token = c.Value
	} else if h := r.Header.Get("Authorization"); strings.HasPrefix(h, "Bearer ") {
		token = h[len("Bearer "):]
	}
	if token == "" {
		return nil, nil
	}
	sum := sha256.Sum256([]byte(token))
	var s floorSession
	err := f.db.QueryRowContext(r.Context(), floorLookup, sum[:]).Scan(
		&s.User.ID, &s.User.Email, &s.User.Name, &s.CreatedAt, &s.ExpiresAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &s, nil
}
