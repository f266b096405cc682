package jose

import (
	"errors"
	"fmt"
)

// Errors of parsing and of signature checks, for [errors.Is]. The errors
// returned carry details after the sentinel's text.
var (
	// ErrMalformed is input that is not well formed: a token that is not
	// three base64url parts, a header, key or claims set that is not a JSON
	// object, a member of the wrong type. [Parse], [ParseKey], [ParseKeys],
	// [ParseClaims] and [Verifier.Verify] return it.
	ErrMalformed = errors.New("jose: malformed")
	// ErrUnsupportedAlgorithm is a token whose alg is none of RS256, ES256
	// and EdDSA: "none", the HMAC algorithms and every other. [Parse]
	// returns it.
	ErrUnsupportedAlgorithm = errors.New("jose: unsupported algorithm")
	// ErrCritical is a token with a crit header parameter: this package
	// understands no extension, so it must refuse them all (RFC 7515
	// §4.1.11). [Parse] returns it.
	ErrCritical = errors.New("jose: critical header parameter not understood")
	// ErrUnsupportedKey is a key this package does not use: symmetric, an
	// RSA key under 2048 bits, a curve other than P-256 or Ed25519, a point
	// off its curve, a key for encryption or for another algorithm.
	// [NewKey], [ParseKey] and [Sign] return it.
	ErrUnsupportedKey = errors.New("jose: unsupported key")
	// ErrBadSignature is a signature that the key does not verify.
	// [JWS.Verify] and [Verifier.Verify] return it.
	ErrBadSignature = errors.New("jose: bad signature")
	// ErrAlgorithmMismatch is a token whose alg is not the algorithm of the
	// key it names, as in an algorithm-confusion attempt (RFC 8725 §2.1).
	// It matches [ErrBadSignature] too. [JWS.Verify] and the key finders
	// return it.
	ErrAlgorithmMismatch = fmt.Errorf("%w: the algorithm is not the key's", ErrBadSignature)
	// ErrUnknownKey is a token whose kid names no key of the set, even
	// after a refetch, or that names none while the set holds several keys
	// for its algorithm. The key finders and [Verifier.Verify] return it.
	ErrUnknownKey = errors.New("jose: unknown key")
	// ErrFetch is a JWK Set that could not be fetched: a network error, a
	// status other than 200, a body over 1 MiB or not a JWK Set.
	// [KeySet.FindKey] returns it, wrapping the cause.
	ErrFetch = errors.New("jose: fetching the key set failed")
)

// Errors of ID token validation (OpenID Connect Core §3.1.3.7), returned by
// [Verifier.Verify] after the signature checked out.
var (
	// ErrTokenType is a token whose typ header declares another kind of
	// token than a JWT, an access token for example (RFC 8725 §3.11).
	ErrTokenType = errors.New("jose: not an ID token")
	// ErrMissingClaim is an ID token without one of the claims every ID
	// token has: iss, sub, aud, exp and iat (OpenID Connect Core §2).
	ErrMissingClaim = errors.New("jose: missing claim")
	// ErrWrongIssuer is an ID token whose iss is not the issuer.
	ErrWrongIssuer = errors.New("jose: wrong issuer")
	// ErrWrongAudience is an ID token whose aud does not list the client.
	ErrWrongAudience = errors.New("jose: wrong audience")
	// ErrWrongAuthorizedParty is an ID token for several audiences whose
	// azp is not the client. It matches [ErrWrongAudience] too.
	ErrWrongAuthorizedParty = fmt.Errorf("%w: azp is not the client", ErrWrongAudience)
	// ErrExpired is an ID token whose exp has passed.
	ErrExpired = errors.New("jose: token expired")
	// ErrNotYetValid is an ID token whose nbf has not come yet.
	ErrNotYetValid = errors.New("jose: token not yet valid")
	// ErrIssuedInFuture is an ID token whose iat is in the future.
	ErrIssuedInFuture = errors.New("jose: token issued in the future")
	// ErrNonceMismatch is an ID token whose nonce is not the one sent with
	// the authentication request, or that has none.
	ErrNonceMismatch = errors.New("jose: nonce mismatch")
)
