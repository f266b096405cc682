package totp

import "errors"

// Errors of this package, for [errors.Is]. The errors returned carry
// details after the sentinel's text.
var (
	// ErrInvalidKey is a key that cannot be used: a secret under 16 bytes,
	// Base32 that does not decode, a hash function, a number of digits or
	// a step this package does not support. [NewKey], [DecodeKey],
	// [Generate] and [ParseURI] return it.
	ErrInvalidKey = errors.New("totp: invalid key")
	// ErrMalformedCode is a code of the wrong length or with anything but
	// ASCII digits. [Key.Verify] and [Key.VerifySkew] return it.
	ErrMalformedCode = errors.New("totp: malformed code")
	// ErrWrongCode is a well-formed code that matches no step of the
	// verification window, or any code for the zero Key. [Key.Verify] and
	// [Key.VerifySkew] return it.
	ErrWrongCode = errors.New("totp: wrong code")
	// ErrInvalidURI is an otpauth URI that does not follow the Key Uri
	// Format, or an issuer or account that cannot go in one. [ParseURI]
	// and [Key.URI] return it; when the key's parameters are at fault it
	// matches [ErrInvalidKey] too.
	ErrInvalidURI = errors.New("totp: invalid otpauth URI")
)
