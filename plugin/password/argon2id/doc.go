// Package argon2id hashes and verifies passwords with argon2id (RFC 9106),
// stored as PHC strings in the format the reference implementation and
// libsodium write:
//
//	$argon2id$v=19$m=19456,t=2,p=1$<salt>$<key>
//
// with the salt and the derived key in standard base64 without padding.
// Hashes made by other argon2id v=19 implementations verify here, and the
// other way round.
//
// # Configuration
//
//	h, err := argon2id.New(argon2id.DefaultParams, argon2id.WithConcurrency(4))
//
// [DefaultParams] are OWASP's minimum; raise Memory first, then
// Iterations, to what the host's servers afford. Raising them later is
// safe: stored hashes keep their own parameters, still verify, and
// [Hasher.NeedsRehash] tells when to replace one after a successful
// sign-in.
//
// # Security
//
// Argon2id is the variant RFC 9106 §4 recommends for password hashing: it
// resists both side-channel and GPU attacks. Its cost is memory first:
// RFC 9106 §4's second recommended option is 64 MiB, 3 passes and 4
// lanes; the OWASP Password Storage Cheat Sheet gives 19 MiB, 2 passes and
// 1 lane as the minimum, and [DefaultParams] follow it, with RFC 9106 §4's
// 16-byte salt (from crypto/rand, new for every hash) and 32-byte key.
//
// Memory use is bounded: at most [WithConcurrency] hashes run at once, so
// a burst of sign-ins holds at most that many times Params.Memory; the
// others wait for a slot or for their context to end. A stored hash is
// untrusted input: [Parse] accepts only canonical strings within the
// bounds of [Params.Validate], and [Hasher.Verify] refuses one asking for
// more than the larger of the hasher's own parameters and 1 GiB, 64
// passes and 64 lanes, returning an error rather than spending it.
//
// Keys are compared in constant time (crypto/subtle). To keep sign-in
// time from telling which accounts exist, verify against [Hasher.Dummy]
// when there is no stored hash, so that every attempt costs one hash.
// Nothing in this package logs, and no error contains a password.
package argon2id
