package password

import "context"

// Hasher computes and checks password hashes. The default is argon2id
// with [argon2id.DefaultParams]; [WithHasher] replaces it, for other
// parameters or to count hashes in tests.
type Hasher interface {
	// Hash returns the encoded hash of a password.
	Hash(ctx context.Context, password []byte) (string, error)
	// Verify reports whether password matches an encoded hash, comparing
	// in constant time.
	Verify(ctx context.Context, password []byte, encoded string) (bool, error)
	// NeedsRehash reports whether an encoded hash was made with other
	// parameters than the hasher's own.
	NeedsRehash(encoded string) bool
	// Dummy returns a valid hash of no one's password, verified when an
	// account or its password does not exist so that every sign-in costs
	// one hash.
	Dummy() string
}
