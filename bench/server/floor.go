package server

import (
	"context"
	"crypto/rand"
	"database/sql"
	"fmt"
	"net/http"
	"runtime"
	"strings"

	"golang.org/x/crypto/argon2"

	"github.com/sesame-go/sesame/plugin/password/argon2id"
)

// floorCookie is the name of the floor's session cookie.
const floorCookie = "floor_session"

// hashParams are the argon2id parameters of the floor's passwords:
// Sesame's defaults, so that a sign-in costs both servers the same hash.
var hashParams = argon2id.DefaultParams

// floorSchema creates the floor's two tables: people with their password's
// salt and key, and sessions by the SHA-256 of their token.
var floorSchema = []string{
	`CREATE TABLE IF NOT EXISTS floor_user (
		id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
		email text NOT NULL UNIQUE,
		name text NOT NULL,
		salt bytea NOT NULL,
		key bytea NOT NULL)`,
	`CREATE TABLE IF NOT EXISTS floor_session (
		token_hash bytea PRIMARY KEY,
		user_id bigint NOT NULL REFERENCES floor_user (id) ON DELETE CASCADE,
		created_at timestamptz NOT NULL,
		expires_at timestamptz NOT NULL)`,
}

// Floor is the floor server: the least work per request that answers the
// benchmark's three requests correctly. Its cached path, the floor of the
// benchmark's cache rows, is a cookie beside the session cookie: the
// session's answer and an HMAC-SHA-256 bound to the token, which GET
// /auth/cached-session sets on a miss and answers with no query while it
// is current. It has no options, no hooks, no
// rate limits, no expiry sliding and no cookie renewal; a session lookup
// is one query by token hash, a sign-in one query, one argon2id hash and
// one insert, each statement its own transaction.
//
// Like Sesame's argon2id hasher, it computes at most runtime.NumCPU()
// hashes at once: more would only hold more of their 19 MiB each, and
// make the collector work for it, with no more hashes done per second.
type Floor struct {
	db    *sql.DB
	dummy []byte        // a salt for the hash of a sign-in of no one
	key   []byte        // signs the cache cookie
	slots chan struct{} // one per hash being computed
}

// NewFloor returns the floor server on db, a PostgreSQL pool from [Open].
func NewFloor(db *sql.DB) *Floor {
	dummy := make([]byte, hashParams.SaltLength)
	rand.Read(dummy)
	key := make([]byte, 32)
	rand.Read(key)
	return &Floor{db: db, dummy: dummy, key: key, slots: make(chan struct{}, runtime.NumCPU())}
}

// Migrate creates the floor's tables if they do not exist.
func (f *Floor) Migrate(ctx context.Context) error {
	for _, q := range floorSchema {
		if _, err := f.db.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("server: floor schema: %w", err)
		}
	}
	return nil
}

// CreateUser stores u with the argon2id hash of its password.
func (f *Floor) CreateUser(ctx context.Context, u User) error {
	salt := make([]byte, hashParams.SaltLength)
	rand.Read(salt)
	key := floorHash(u.Password.Reveal(), salt)
	_, err := f.db.ExecContext(ctx, `INSERT INTO floor_user (email, name, salt, key) VALUES ($1, $2, $3, $4)`,
		strings.ToLower(u.Email), u.Name, salt, key)
	if err != nil {
		return fmt.Errorf("server: floor user %s: %w", u.Email, err)
	}
	return nil
}

// Handler serves the three requests of the benchmark.
func (f *Floor) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /auth/password/sign-in", f.signIn)
	mux.HandleFunc("GET /auth/session", f.session)
	mux.HandleFunc("GET /auth/cached-session", f.cachedSession)
	mux.Handle("GET /api/me", f.requireUser(http.HandlerFunc(floorMe)))
	return mux
}

// hash is floorHash in one of the floor's slots.
func (f *Floor) hash(password string, salt []byte) []byte {
	f.slots <- struct{}{}
	defer func() { <-f.slots }()
	return floorHash(password, salt)
}

// floorHash is the argon2id key of password with salt.
func floorHash(password string, salt []byte) []byte {
	p := hashParams
	return argon2.IDKey([]byte(password), salt, p.Iterations, p.Memory, p.Parallelism, p.KeyLength)
}
