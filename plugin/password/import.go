package password

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// The schemes of password hashes from other systems that
// [Plugin.ImportPasswordHash] and [Plugin.ImportHash] take; see package
// legacy for their formats and bounds.
const (
	// SchemeBcrypt is a bcrypt string ($2a$, $2b$, $2y$): Auth0, Supabase,
	// Devise and most Node and Ruby apps.
	SchemeBcrypt = "bcrypt"
	// SchemeBetterAuthScrypt is better-auth's "salthex:keyhex", as its
	// account.password column holds it.
	SchemeBetterAuthScrypt = "better-auth-scrypt"
	// SchemeFirebaseScrypt is a Firebase export's passwordSalt and
	// passwordHash, both base64, joined as "salt$hash". It needs
	// [WithFirebaseScrypt].
	SchemeFirebaseScrypt = "firebase-scrypt"
	// SchemeArgon2 is an argon2i or argon2id PHC string, version 1.3.
	SchemeArgon2 = "argon2"
	// SchemePBKDF2SHA256 is Django's "pbkdf2_sha256$iterations$salt$hash".
	SchemePBKDF2SHA256 = "pbkdf2-sha256"
)

// ErrInvalidHash is a hash [Plugin.ImportHash] cannot import: an unknown
// scheme, a malformed hash, or work parameters out of bounds. The message
// names the problem, never the hash.
var ErrInvalidHash = auth.NewError("invalid_password_hash", http.StatusBadRequest, "the password hash cannot be imported")

// OpImportHash is [Plugin.ImportHash], a server operation: it has no route.
const OpImportHash = "password.importHash"

// ImportHashRequest imports a password hash made by another system: the
// input of [Plugin.ImportHash].
type ImportHashRequest struct {
	UserID string `json:"userId"`
	// Scheme is one of [Plugin.PasswordSchemes].
	Scheme string `json:"scheme"`
	// Hash is the hash in the scheme's export format.
	Hash auth.Secret `json:"hash"`
}

// Validate implements [auth.InputValidator].
func (r ImportHashRequest) Validate() error {
	return errors.Join(required("userId", r.UserID), required("scheme", r.Scheme), required("hash", r.Hash.Reveal()))
}

// PasswordSchemes implements [auth.PasswordImporter]: bcrypt,
// better-auth-scrypt, argon2 and pbkdf2-sha256, and firebase-scrypt with
// [WithFirebaseScrypt].
func (p *Plugin) PasswordSchemes() []string { return p.legacy.Schemes() }

// ImportPasswordHash implements [auth.PasswordImporter]: it stores hash,
// in scheme's export format, as the password of the user, inside c's
// transaction, replacing any password the user had. The person then signs
// in with the password the other system knew, and the first successful
// sign-in replaces the hash with the plugin's own. Replacing a password
// is an account-security event ([auth.PasswordChanged]: every session and
// pending flow of the user ends); a first one is not, and sends nothing.
//
// It fails with [ErrInvalidHash], whose message names the problem, for an
// unknown scheme, a malformed hash or work parameters out of bounds, and
// [auth.ErrUserNotFound] when there is no such user.
func (p *Plugin) ImportPasswordHash(ctx context.Context, c *auth.Call, userID, scheme, hash string) error {
	stored, err := p.legacy.Encode(scheme, hash)
	if err != nil {
		return ErrInvalidHash.With(err.Error())
	}
	if len(stored) > maxHashLen {
		return ErrInvalidHash.With(fmt.Sprintf("password: the hash takes %d characters stored, more than the %d auth_password.hash holds", len(stored), maxHashLen))
	}
	if _, err := c.LoadUser(ctx, userID); err != nil {
		return err
	}
	had, err := currentHash(ctx, c.DB(), userID, true)
	if err != nil {
		return err
	}
	if _, err := c.DB().Exec(ctx, setHash(userID, auth.NewSecret(stored), c.Now())); err != nil {
		return err
	}
	if had == "" {
		return nil
	}
	return c.AccountChanged(ctx, userID, auth.PasswordChanged, false)
}

// ImportHash stores a password hash made by another system as a user's
// password, as [Plugin.ImportPasswordHash] does, in an operation of its own
// ([OpImportHash]): for hosts writing their own importers, with users
// made by [auth.Auth.CreateUser]. It is a server operation that no
// transport serves, and it does not ask who calls it.
func (p *Plugin) ImportHash(ctx context.Context, req ImportHashRequest) error {
	_, err := p.ops.importHash.Run(ctx, req)
	return err
}

func (p *Plugin) handleImportHash(ctx context.Context, c *auth.Call, in ImportHashRequest) (auth.Empty, error) {
	return auth.Empty{}, p.ImportPasswordHash(ctx, c, in.UserID, in.Scheme, in.Hash.Reveal())
}
