package jwt

import (
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// ErrUnknownTemplate is a mint request naming no template of the plugin's
// ([Plugin.Token]).
var ErrUnknownTemplate = auth.NewError("jwt_unknown_template", http.StatusBadRequest, "no such token template")

// The errors of [Verifier.Verify], one per reason a token is refused, for
// [errors.Is]; each wraps the detail for logs. All answer 401 but
// [ErrKeysUnavailable], a failure of the issuer's key set (503).
var (
	// ErrMalformed is a token that is not a JWS in the compact
	// serialization with a JSON header and claims set, or a claim of the
	// wrong type.
	ErrMalformed = auth.NewError("jwt_malformed", http.StatusUnauthorized, "the token is malformed")
	// ErrUnsupportedAlgorithm is a token whose alg is none of EdDSA,
	// ES256 and RS256: "none" and the HMAC algorithms among them, or a
	// token with a crit header.
	ErrUnsupportedAlgorithm = auth.NewError("jwt_unsupported_algorithm", http.StatusUnauthorized, "the token's algorithm is not accepted")
	// ErrMissingKeyID is a token without a kid header.
	ErrMissingKeyID = auth.NewError("jwt_missing_kid", http.StatusUnauthorized, "the token names no key")
	// ErrUnknownKey is a token whose kid names no key of the issuer's set,
	// even after fetching it again.
	ErrUnknownKey = auth.NewError("jwt_unknown_key", http.StatusUnauthorized, "the token's key is unknown")
	// ErrAlgorithmMismatch is a token whose alg is not the algorithm of
	// the key its kid names: an algorithm-confusion attempt.
	ErrAlgorithmMismatch = auth.NewError("jwt_algorithm_mismatch", http.StatusUnauthorized, "the token's algorithm is not its key's")
	// ErrBadSignature is a signature that the key does not verify.
	ErrBadSignature = auth.NewError("jwt_bad_signature", http.StatusUnauthorized, "the token's signature is invalid")
	// ErrWrongType is a token whose typ header names another kind of token.
	ErrWrongType = auth.NewError("jwt_wrong_type", http.StatusUnauthorized, "the token is not a JWT")
	// ErrMissingClaim is a token without iss, sub, aud, exp or iat.
	ErrMissingClaim = auth.NewError("jwt_missing_claim", http.StatusUnauthorized, "the token lacks a required claim")
	// ErrWrongIssuer is a token of another issuer.
	ErrWrongIssuer = auth.NewError("jwt_wrong_issuer", http.StatusUnauthorized, "the token's issuer is not accepted")
	// ErrWrongAudience is a token for other services.
	ErrWrongAudience = auth.NewError("jwt_wrong_audience", http.StatusUnauthorized, "the token is for another audience")
	// ErrExpired is a token whose exp has passed.
	ErrExpired = auth.NewError("jwt_expired", http.StatusUnauthorized, "the token has expired")
	// ErrNotYetValid is a token whose nbf or iat is still to come.
	ErrNotYetValid = auth.NewError("jwt_not_yet_valid", http.StatusUnauthorized, "the token is not valid yet")
	// ErrKeysUnavailable is an issuer's key set that could not be fetched
	// or read.
	ErrKeysUnavailable = auth.NewError("jwt_keys_unavailable", http.StatusServiceUnavailable, "the issuer's keys are unavailable")
)
