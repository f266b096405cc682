package auth

import "context"

// PasswordImporter is implemented by the plugin that keeps passwords: it
// stores a password hash made by another system for the user, in one of the
// schemes it names, so the user signs in with the same password and the hash
// is replaced by the plugin's own at the next successful sign-in. Importers
// (auth import) call it inside their operation's transaction.
type PasswordImporter interface {
	// PasswordSchemes lists the schemes ImportPasswordHash accepts, such as
	// "bcrypt", "better-auth-scrypt", "firebase-scrypt", "argon2",
	// "pbkdf2-sha256".
	PasswordSchemes() []string
	// ImportPasswordHash stores hash, in scheme, as the user's password. It
	// fails with an error naming the problem when the scheme is unknown or
	// the hash is malformed or its work parameters are out of bounds.
	ImportPasswordHash(ctx context.Context, c *Call, userID, scheme, hash string) error
}
