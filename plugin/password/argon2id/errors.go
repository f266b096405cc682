package argon2id

import "errors"

// Errors returned by this package, wrapped with details; test with
// [errors.Is]. None of them ever contains a password.
var (
	// ErrInvalidParams is returned by [New] and [Params.Validate] for
	// parameters outside the accepted bounds, by [Parse] for an encoded hash
	// whose parameters are, and by [Hasher.Verify] for a stored hash that
	// asks for more work than the hasher allows.
	ErrInvalidParams = errors.New("argon2id: invalid parameters")
	// ErrMalformedHash is returned by [Parse] and [Hasher.Verify] for a
	// string that is not a well-formed argon2id PHC string.
	ErrMalformedHash = errors.New("argon2id: malformed hash")
	// ErrUnsupportedHash is returned by [Parse] and [Hasher.Verify] for a
	// hash of another algorithm (argon2i, bcrypt ...) or of an Argon2
	// version other than 1.3 (v=19).
	ErrUnsupportedHash = errors.New("argon2id: unsupported hash")
)
