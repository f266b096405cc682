package legacy

import "errors"

// Errors returned by this package, wrapped with details; test with
// [errors.Is]. None of them quotes a hash or a password.
var (
	// ErrUnknownScheme is a scheme name this package does not know, a
	// stored string of no scheme it knows, or firebase-scrypt without the
	// project's parameters ([WithFirebase]).
	ErrUnknownScheme = errors.New("legacy: unknown password hash scheme")
	// ErrMalformedHash is a hash that is not well formed for its scheme.
	ErrMalformedHash = errors.New("legacy: malformed password hash")
	// ErrOutOfBounds is a hash whose work parameters are outside the
	// package's bounds (see the package documentation).
	ErrOutOfBounds = errors.New("legacy: password hash work parameters out of bounds")
)
