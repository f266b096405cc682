// Package jwt mints short-lived JSON Web Tokens (RFC 7519) of a signed-in
// session for the host's other services, publishes the keys that verify
// them as a JWK Set (RFC 7517), rotates its signing keys, and verifies
// the tokens in services written in Go ([Verifier]). It uses only the
// standard library.
//
// # Configuration
//
// [New] needs [WithSecretKeys], the keys that seal the private signing
// keys stored in the database. By default tokens are signed with
// [EdDSA] (Ed25519; [WithAlgorithm] picks [ES256] or [RS256]), live 5
// minutes ([WithLifetime]), name the base URL as issuer ([WithIssuer])
// and audience ([WithAudience]). [WithTemplate] adds a named [Template]
// per service: its audience, lifetime and claims of the host's own.
// [WithRotation] sets how often [auth.Auth.Maintain] makes a new key (30
// days) and how long a new key is published before it signs (1 day).
//
// # Routes
//
// Under the handler's prefix: POST /jwt/token {"template": "..."}, from a
// live session, answers {"token": "...", "expiresAt": "..."}
// ([Plugin.Token], [OpToken]); GET /jwks answers the JWK Set
// ([Plugin.KeySet], [OpJWKS]), which caches may keep for 5 minutes (the
// set is authhttp.Cacheable); [Plugin.JWKSHandler] serves the same set as
// application/jwk-set+json, for a host to mount at
// /.well-known/jwks.json. [Plugin.Rotate] ([OpRotate])
// is a server operation: it has no route.
//
// A token carries iss, sub (the user's ID), aud, iat, nbf, exp, jti, sid
// (the session it was minted from), act {"sub": ...} when an
// administrator impersonates the user (RFC 8693 §4.1), and its template's
// claims; its header has alg, kid and typ "JWT".
//
// # Storage
//
// auth_jwt_key ([SigningKeys]) holds every key, shared by every process
// on the database: its kid (the key's JWK thumbprint, RFC 7638), its
// algorithm, its public JWK, and its private key as PKCS #8 DER in
// standard base64, sealed with [auth.Sealer] under the context
// "jwt-key:<kid>". auth_jwt_lock ([RotationLock]) holds the one row that
// rotations lock, so that processes take turns. The first token minted
// on an empty database makes the first key, which signs at once.
//
// # Security
//
// Rotation: a new key is published in the key set at once and signs only
// after the publish-ahead time, so that every cache holds it before any
// token names it; the key it replaces stays published until its last
// token expired, then Sweep deletes it. Maintain also seals every key
// anew with the first secret key.
//
// Minting needs a live session ([auth.SessionUser]): once an
// account-security event (a password reset or change, a sign-out
// everywhere ...) ended a user's sessions, or a session checker blocks
// one (a pending second factor, a ban), no token is minted from it. A
// token already minted lives its lifetime: keep lifetimes short, and let
// services that must know at once check sid.
//
// [Verifier] accepts only EdDSA, ES256 and RS256, never "none" nor the
// HMAC algorithms (so a public key is never taken for an HMAC secret); it
// needs a kid, takes the key only from the issuer's set, and uses a key
// with its one algorithm, whatever the header says (RFC 8725 §2.1, §3.1).
// Parsing is strict: one encoding per token, exact claim names, no crit.
// Private keys print "[redacted]"; tokens are [auth.Shown] in answers.
package jwt
