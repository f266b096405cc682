// Package legacy verifies password hashes made by other systems, so that
// people moving to Sesame keep their passwords: bcrypt (Auth0, Supabase,
// Devise and most Node and Ruby apps), better-auth's scrypt, Firebase
// Authentication's modified scrypt, argon2i and argon2id with any
// parameters, and Django's PBKDF2-SHA256. The password plugin stores them
// as they come ([Verifier.Encode]), verifies them at sign-in
// ([Verifier.Verify]) and replaces each with its own argon2id hash at the
// first successful sign-in.
//
// # Stored forms
//
// Each scheme's stored form names it, so that no string reads as two
// schemes:
//
//	bcrypt              $2a$10$… $2b$10$… $2y$10$… (as exported)
//	argon2              $argon2i$v=19$m=…,t=…,p=…$salt$key, $argon2id$… (PHC, as exported)
//	pbkdf2-sha256       pbkdf2_sha256$<iterations>$<salt>$<base64 key> (Django's, as exported)
//	better-auth-scrypt  $better-auth-scrypt$<salthex>:<keyhex> (better-auth's account.password, prefixed)
//	firebase-scrypt     $firebase-scrypt$<base64 salt>$<base64 hash> (the export's salt and hash, prefixed)
//
// # Work bounds
//
// A stored hash is untrusted input: a corrupt or planted row must not make
// a sign-in hang or exhaust memory. [Verifier.Encode] and [Verifier.Verify]
// refuse, with an error wrapping [ErrOutOfBounds], a hash asking for more
// than:
//
//	bcrypt         cost 4 to 14 (Auth0 and Supabase use 10, Devise 11 or 12)
//	argon2         memory at most 1 GiB, 1 to 64 passes, 1 to 64 lanes, salt 8 to 256 bytes, key 16 to 256 bytes
//	pbkdf2-sha256  1 to 3 000 000 iterations (Django 5.2 uses 1 000 000), salt 1 to 128 bytes, a 32-byte key
//	firebase       rounds 1 to 8 and mem cost 1 to 14, Firebase's own ranges (16 MiB at most)
//	better-auth    fixed: N=16384, r=16, p=1, 64-byte key (32 MiB)
//
// and at most [WithConcurrency] verifications run at once.
//
// # Security
//
// Keys are compared in constant time. better-auth's scrypt hashes the NFKC
// form of the password, as better-auth does, so "ﬁ" and "fi" are the same
// password there; the other schemes hash the UTF-8 bytes as given. bcrypt
// uses the first 72 bytes of a password, as every bcrypt does. Firebase's
// signer key is an [auth.Secret]. No error quotes a hash or a password.
package legacy
