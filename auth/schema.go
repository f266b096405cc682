package auth

import (
	"database/sql"
	"time"

	"github.com/sesame-go/sesame/sqlb"
)

// The core tables, exported so that a host can join them in its own sqlb
// queries; run those through [Auth.DB] so that table prefixes and renames
// apply.

// Users is the user table, auth_user: one row per person. Plugins add
// columns with [UserExtender].
var (
	Users         = sqlb.NewTable("auth_user")
	UserID        = sqlb.NewColumn[string](Users, "id", idType)
	UserName      = sqlb.NewColumn[string](Users, "name", sqlb.Text())
	UserImage     = sqlb.NewColumn[string](Users, "image", sqlb.Text())
	UserCreatedAt = sqlb.NewColumn[time.Time](Users, "created_at", sqlb.Time())
	UserUpdatedAt = sqlb.NewColumn[time.Time](Users, "updated_at", sqlb.Time())
	// UserSessionEpoch counts the account-security events that ended
	// every stateless session of the user (migration 005): a stateless
	// token carries the count it was issued under, and one issued under
	// an older count is over ([WithStatelessSessions]).
	UserSessionEpoch = sqlb.AddedColumn[int64](Users, "session_epoch", sqlb.Int(), sqlb.Default(0))
)

// Identities is auth_identity: every sign-in identifier of every person,
// by kind, normalized, with the time it was verified. Scope is empty for
// kinds whose values are unique and the user's ID otherwise, so that one
// unique index serves both.
var (
	Identities         = sqlb.NewTable("auth_identity")
	IdentityID         = sqlb.NewColumn[string](Identities, "id", idType)
	IdentityKindName   = sqlb.NewColumn[string](Identities, "kind", sqlb.String(64))
	IdentityValue      = sqlb.NewColumn[string](Identities, "value", sqlb.String(255))
	IdentityScope      = sqlb.NewColumn[string](Identities, "scope", sqlb.String(36))
	IdentityUserID     = sqlb.NewColumn[string](Identities, "user_id", idType, sqlb.References(UserID, sqlb.Cascade))
	IdentityVerifiedAt = sqlb.NewColumn[sql.Null[time.Time]](Identities, "verified_at", sqlb.Time(), sqlb.Nullable())
	IdentityData       = sqlb.NewColumn[string](Identities, "data", sqlb.Text())
	IdentityCreatedAt  = sqlb.NewColumn[time.Time](Identities, "created_at", sqlb.Time())
	// IdentitySignUp marks the identity an account was made with
	// (migration 004): the only unverified identity that may name its
	// holder (see [Call.WhoIs]).
	IdentitySignUp = sqlb.AddedColumn[bool](Identities, "sign_up", sqlb.Bool(), sqlb.Default(false))
)

// Sessions is auth_session: one row per signed-in device. Only the
// SHA-256 of a session's token is stored.
var (
	Sessions              = sqlb.NewTable("auth_session")
	SessionID             = sqlb.NewColumn[string](Sessions, "id", idType)
	SessionTokenHash      = sqlb.NewColumn[[]byte](Sessions, "token_hash", sqlb.Bytes(32))
	SessionUserID         = sqlb.NewColumn[string](Sessions, "user_id", idType, sqlb.References(UserID, sqlb.Cascade))
	SessionCreatedAt      = sqlb.NewColumn[time.Time](Sessions, "created_at", sqlb.Time())
	SessionExpiresAt      = sqlb.NewColumn[time.Time](Sessions, "expires_at", sqlb.Time())
	SessionLastSeenAt     = sqlb.NewColumn[time.Time](Sessions, "last_seen_at", sqlb.Time())
	SessionIP             = sqlb.NewColumn[string](Sessions, "ip", sqlb.String(64))
	SessionUserAgent      = sqlb.NewColumn[string](Sessions, "user_agent", sqlb.Text())
	SessionCredential     = sqlb.NewColumn[string](Sessions, "credential", sqlb.String(64))
	SessionData           = sqlb.NewColumn[string](Sessions, "data", sqlb.Text())
	SessionImpersonatorID = sqlb.NewColumn[sql.Null[string]](Sessions, "impersonator_id", idType, sqlb.Nullable())
)

// Tokens is auth_token: single-use, expiring tokens and codes
// (verification, reset, magic links, sign-in codes), stored as hashes.
var (
	Tokens          = sqlb.NewTable("auth_token")
	TokenID         = sqlb.NewColumn[string](Tokens, "id", idType)
	TokenHash       = sqlb.NewColumn[[]byte](Tokens, "hash", sqlb.Bytes(32))
	TokenPurpose    = sqlb.NewColumn[string](Tokens, "purpose", sqlb.String(64))
	TokenSubject    = sqlb.NewColumn[string](Tokens, "subject", sqlb.String(255))
	TokenData       = sqlb.NewColumn[string](Tokens, "data", sqlb.Text())
	TokenCreatedAt  = sqlb.NewColumn[time.Time](Tokens, "created_at", sqlb.Time())
	TokenExpiresAt  = sqlb.NewColumn[time.Time](Tokens, "expires_at", sqlb.Time())
	TokenConsumedAt = sqlb.NewColumn[sql.Null[time.Time]](Tokens, "consumed_at", sqlb.Time(), sqlb.Nullable())
	TokenAttempts   = sqlb.NewColumn[int64](Tokens, "attempts", sqlb.Int())
	// The token's bindings (migration 002): the user it acts for, the
	// identity it was mailed to, the session that asked for it, and
	// whether it is a remedy that account-security events leave alive.
	TokenUserID     = sqlb.AddedColumn[sql.Null[string]](Tokens, "user_id", idType, sqlb.Nullable(), sqlb.References(UserID, sqlb.Cascade))
	TokenIdentityID = sqlb.AddedColumn[sql.Null[string]](Tokens, "identity_id", idType, sqlb.Nullable(), sqlb.References(IdentityID, sqlb.Cascade))
	TokenSessionID  = sqlb.AddedColumn[sql.Null[string]](Tokens, "session_id", idType, sqlb.Nullable())
	TokenRemedy     = sqlb.AddedColumn[bool](Tokens, "remedy", sqlb.Bool(), sqlb.Default(false))
	// tokensByUser and tokensByIdentity serve the account-security events.
	tokensByUser     = Tokens.AddedIndex(TokenUserID)
	tokensByIdentity = Tokens.AddedIndex(TokenIdentityID)
)

// RateLimits is auth_rate_limit: the counters of the database rate store,
// keyed by the SHA-256 of the limited key.
var (
	RateLimits         = sqlb.NewTable("auth_rate_limit")
	RateLimitKey       = sqlb.NewColumn[[]byte](RateLimits, "key_hash", sqlb.Bytes(32))
	RateLimitWindow    = sqlb.NewColumn[int64](RateLimits, "window_start", sqlb.Int())
	RateLimitCount     = sqlb.NewColumn[int64](RateLimits, "count", sqlb.Int())
	RateLimitPrevCount = sqlb.NewColumn[int64](RateLimits, "prev_count", sqlb.Int())
	RateLimitReported  = sqlb.NewColumn[int64](RateLimits, "reported", sqlb.Int())
	RateLimitExpiresAt = sqlb.NewColumn[time.Time](RateLimits, "expires_at", sqlb.Time())
)

// Revocations is auth_session_revocation: the stateless sessions ended
// before their time, by user and session ID, kept until every token of
// the session has expired ([DatabaseSessionRevocations], migration 005).
var (
	Revocations         = sqlb.NewTable("auth_session_revocation")
	RevocationUserID    = sqlb.NewColumn[string](Revocations, "user_id", idType)
	RevocationSessionID = sqlb.NewColumn[string](Revocations, "session_id", idType)
	RevocationExpiresAt = sqlb.NewColumn[time.Time](Revocations, "expires_at", sqlb.Time())
)

// Migrations is auth_migration: which migration of which plugin ran when.
var (
	Migrations         = sqlb.NewTable("auth_migration")
	MigrationPlugin    = sqlb.NewColumn[string](Migrations, "plugin", sqlb.String(64))
	MigrationID        = sqlb.NewColumn[string](Migrations, "id", sqlb.String(128))
	MigrationAppliedAt = sqlb.NewColumn[time.Time](Migrations, "applied_at", sqlb.Time())
)

// coreTables are the core's tables in creation order.
var coreTables = []*sqlb.Table{Users, Identities, Sessions, Tokens, RateLimits, Migrations, Outbox, Revocations}

func init() {
	Users.PrimaryKey(UserID)

	Identities.PrimaryKey(IdentityID)
	Identities.Unique(IdentityKindName, IdentityValue, IdentityScope)
	Identities.Index(IdentityUserID)

	Sessions.PrimaryKey(SessionID)
	Sessions.Unique(SessionTokenHash)
	Sessions.Index(SessionUserID)
	Sessions.Index(SessionExpiresAt)

	Tokens.PrimaryKey(TokenID)
	Tokens.Unique(TokenHash)
	Tokens.Index(TokenPurpose, TokenSubject)
	Tokens.Index(TokenExpiresAt)

	RateLimits.PrimaryKey(RateLimitKey)
	RateLimits.Index(RateLimitExpiresAt)

	Migrations.PrimaryKey(MigrationPlugin, MigrationID)

	Revocations.PrimaryKey(RevocationUserID, RevocationSessionID)
	Revocations.Index(RevocationExpiresAt)
}
