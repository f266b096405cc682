// Package jose verifies and signs the JSON Web Tokens of OpenID Connect and
// OAuth 2.0 sign-in: JWS in the compact serialization (RFC 7515), JSON Web
// Keys and key sets (RFC 7517), ID token validation (OpenID Connect Core 1.0
// §3.1.3.7), and signing, for the client-secret JWT some providers want
// (Sign in with Apple) and for test providers. It is the foundation of
// plugin/oauth and plugin/jwt, and uses only the standard library.
//
// # Verifying ID tokens
//
// A [Verifier] checks a token end to end: its form, its signature by a key
// of the provider's set, then the claims against the issuer, the client and
// the nonce sent with the authentication request:
//
//	keys := jose.NewKeySet(jwksURI, jose.WithHTTPClient(client)) // from the discovery document
//	v := jose.NewVerifier(keys, issuer, clientID)
//	claims, err := v.Verify(ctx, idToken, nonce)
//	if err != nil {
//		// errors.Is(err, jose.ErrExpired), jose.ErrWrongAudience, ...
//	}
//	// claims.Subject, claims.Email, claims.EmailVerified ...
//
// Each failure has its sentinel error (see [Verifier.Verify] for the list),
// so that callers and tests tell them apart with [errors.Is]. [Parse],
// [JWS.Verify] and [ParseClaims] are the steps, for other uses.
//
// # Algorithms and keys
//
// Three algorithms are accepted: [RS256] with RSA keys of 2048 to 8192 bits
// (RFC 7518 §3.3), [ES256] with P-256 keys and 64-byte R || S signatures
// (RFC 7518 §3.4), and [EdDSA] with Ed25519 keys (RFC 8037). Every other
// alg is refused when parsing, "none" and the HMAC algorithms included, and
// so is any crit header.
//
// A [Key] has exactly one algorithm, fixed by its type and checked against
// its JWK's alg member; a token verifies only when its header names that
// algorithm. The header alone never chooses how a signature is checked,
// which defeats algorithm confusion (RFC 8725 §2.1): an RSA public key is
// never taken for an HMAC secret, nor an ES256 token checked with an RSA
// key.
//
// # Key sets
//
// [ParseKeys] reads a JWK Set, skipping the keys it cannot use (another
// kty or curve, use "enc", a weak RSA key, an EC point off its curve)
// rather than failing. [Keys] is a fixed set; a [KeySet] fetches a
// provider's jwks_uri with the [*net/http.Client] given, reads at most
// 1 MiB, keeps the keys for an hour ([WithMaxAge]) and fetches them again,
// at most once a minute, when a token names a kid it lacks: that is how
// key rotation shows (OpenID Connect Core §10.1.1). Both implement [KeyFinder].
//
// # Signing
//
// [Sign] makes a JWT from any value that marshals to a JSON object, such as
// [Claims], with an RSA, P-256 or Ed25519 [crypto.Signer].
//
// # Security
//
// Parsing is strict: exactly three parts of unpadded base64url with no
// stray characters or non-zero trailing bits, so each token has one
// encoding; header and claim names are matched exactly, not in the
// case-insensitive way of encoding/json. Expiry, not-before and issued-at
// allow a skew of one minute by default ([WithSkew]); clocks are injected
// with [WithClock]. The nonce is compared in constant time. Tokens are not
// decrypted: JWE is refused.
package jose
