// Package totp computes and verifies one-time passwords: HOTP (RFC 4226)
// and TOTP (RFC 6238), the six-digit codes of authenticator apps. It is the
// core of the future two-factor plugin and uses only the standard library.
//
// # Keys
//
// A [Key] is a shared secret with its parameters: the hash function
// ([SHA1] by default, [SHA256], [SHA512]), the number of digits (6 by
// default, or 8) and the time step (30 seconds by default), counted from
// the Unix epoch (T0 = 0). [Generate] makes a key whose secret has the
// length RFC 6238 Appendix A uses for its hash function (20, 32 or 64
// bytes) from crypto/rand; [NewKey] and [DecodeKey] make one from a raw or
// a Base32 secret, and [ParseURI] from an otpauth:// URI.
//
// The secret never prints: a Key writes "[redacted]" for every fmt verb,
// as JSON, as text and in log/slog, and holds its secret in an
// [auth.Secret], which fmt prints as an address when a Key sits in an
// unexported field. [Key.Secret] and [Key.Base32] return it for storage.
//
// # Codes
//
// [Key.Code] is the code of a time, [Key.HOTP] the code of a counter.
// [Key.Verify] checks a code typed by a user against the steps around a
// time, ±1 step by default ([Key.VerifySkew] takes another window), and
// returns the step counter that matched.
//
// # Authenticator apps
//
// [Key.URI] writes the otpauth://totp/ URI of the Key Uri Format that
// authenticator apps read from a QR code, with the issuer and account
// shown in the app; [ParseURI] reads one back.
//
// # Security
//
// Codes are compared in constant time (crypto/subtle), and a code of the
// wrong length or with anything but ASCII digits is refused before any
// comparison. A code stays valid for every step of the verification
// window: RFC 6238 §5.2 wants a verifier to accept each code once, so the
// caller stores the step [Key.Verify] returns and refuses a later code whose
// step is not greater. Secrets are at least 128 bits (RFC 4226 §4, R6).
// Times before the Unix epoch count as step 0.
package totp
