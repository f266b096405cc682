package jwt

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/internal/jose"
)

// Verifier verifies the tokens of one issuer for one audience, in a
// service written in Go. It fetches the issuer's key set when first
// needed and keeps it (an hour by default, [WithCacheAge]); a token
// naming a kid the set lacks, as after a rotation, makes it fetch the set
// again, at most once a minute, so that made-up kids cannot make it
// hammer the issuer. It is safe for concurrent use and starts no
// goroutine.
type Verifier struct {
	keys     jose.KeyFinder
	issuer   string
	audience string
	now      func() time.Time
	skew     time.Duration
}

// VerifierOption configures a [Verifier].
type VerifierOption func(*verifierConfig)

type verifierConfig struct {
	jose []jose.Option
	now  func() time.Time
	skew time.Duration
}

// WithHTTPClient sets the client that fetches the key set (by default
// one with a 10-second timeout).
func WithHTTPClient(c *http.Client) VerifierOption {
	return func(vc *verifierConfig) { vc.jose = append(vc.jose, jose.WithHTTPClient(c)) }
}

// WithClock sets the verifier's clock (time.Now by default), for exp,
// nbf and iat and for the key set's cache.
func WithClock(now func() time.Time) VerifierOption {
	return func(vc *verifierConfig) {
		if now != nil {
			vc.now = now
			vc.jose = append(vc.jose, jose.WithClock(now))
		}
	}
}

// WithSkew sets the leeway allowed for clocks that differ from the
// issuer's in exp, nbf and iat (1 minute by default).
func WithSkew(d time.Duration) VerifierOption {
	return func(vc *verifierConfig) { vc.skew = max(d, 0) }
}

// WithCacheAge sets how long fetched keys are used before they are
// fetched again (1 hour by default, at least a minute).
func WithCacheAge(d time.Duration) VerifierOption {
	return func(vc *verifierConfig) { vc.jose = append(vc.jose, jose.WithMaxAge(d)) }
}

// NewVerifier returns a Verifier of the tokens that issuer (the exact iss
// claim, the issuer's base URL by default) signs with the keys published
// at jwksURL, for the service audience (an aud claim of its template).
func NewVerifier(jwksURL, issuer, audience string, opts ...VerifierOption) *Verifier {
	vc := verifierConfig{now: time.Now, skew: time.Minute}
	for _, o := range opts {
		o(&vc)
	}
	return &Verifier{keys: jose.NewKeySet(jwksURL, vc.jose...), issuer: issuer, audience: audience, now: vc.now, skew: vc.skew}
}

// Verify verifies a token and returns its claims. The checks, in order,
// with the error each failure matches ([errors.Is]): the token is a JWS
// in the compact serialization ([ErrMalformed]) of EdDSA, ES256 or RS256
// with no crit header ([ErrUnsupportedAlgorithm]), typed JWT if at all
// ([ErrWrongType]), with a kid ([ErrMissingKeyID]) of the issuer's set
// ([ErrUnknownKey], [ErrKeysUnavailable]) whose algorithm is the token's
// ([ErrAlgorithmMismatch]) and whose signature verifies
// ([ErrBadSignature]); the claims hold iss, sub, aud, exp and iat
// ([ErrMissingClaim]); iss is the issuer ([ErrWrongIssuer]); aud lists
// the audience ([ErrWrongAudience]); exp has not passed ([ErrExpired]);
// nbf and iat have come ([ErrNotYetValid]), with the skew allowed.
func (v *Verifier) Verify(ctx context.Context, token string) (*Claims, error) {
	jws, err := jose.Parse(token)
	if err != nil {
		return nil, joseError(err)
	}
	// RFC 8725 §3.11: a typ naming another kind of token is refused. RFC
	// 7515 §4.1.9: "application/" may be left out; media types ignore case.
	if typ := strings.TrimPrefix(strings.ToLower(jws.Header.Type), "application/"); typ != "" && typ != "jwt" {
		return nil, ErrWrongType
	}
	// RFC 7515 §4.1.4: kid names the key. The plugin always sets it, so
	// that a token never makes the verifier try its keys in turn.
	if jws.Header.KeyID == "" {
		return nil, ErrMissingKeyID
	}
	// RFC 8725 §3.1: the key comes from the issuer's set and fixes the
	// algorithm; a header naming another one is refused.
	key, err := v.keys.FindKey(ctx, jws.Header.KeyID, jws.Header.Algorithm)
	if err != nil {
		return nil, joseError(err)
	}
	if err := jws.Verify(key); err != nil {
		return nil, joseError(err)
	}
	c, err := parseClaims(jws.Payload)
	if err != nil {
		return nil, err
	}
	if err := v.check(c); err != nil {
		return nil, err
	}
	return c, nil
}

// check validates verified claims.
func (v *Verifier) check(c *Claims) error {
	switch {
	case c.Issuer == "", c.Subject == "", len(c.Audience) == 0, c.ExpiresAt.IsZero(), c.IssuedAt.IsZero():
		return ErrMissingClaim
	// RFC 7519 §4.1.1: iss compared exactly.
	case c.Issuer != v.issuer:
		return ErrWrongIssuer
	// RFC 7519 §4.1.3: a service not listed in aud must reject the token.
	case !slices.Contains(c.Audience, v.audience):
		return ErrWrongAudience
	}
	now := v.now()
	// RFC 7519 §4.1.4: not accepted on or after exp, allowing for skew.
	if !now.Before(c.ExpiresAt.Add(v.skew)) {
		return ErrExpired
	}
	// RFC 7519 §4.1.5 and §4.1.6: not before nbf, nor issued in the future.
	if now.Add(v.skew).Before(c.NotBefore) || now.Add(v.skew).Before(c.IssuedAt) {
		return ErrNotYetValid
	}
	return nil
}

// joseError maps an error of the jose package to the verifier's.
func joseError(err error) error {
	var e *auth.Error
	switch {
	case errors.Is(err, jose.ErrUnsupportedAlgorithm), errors.Is(err, jose.ErrCritical):
		e = ErrUnsupportedAlgorithm
	case errors.Is(err, jose.ErrAlgorithmMismatch):
		e = ErrAlgorithmMismatch
	case errors.Is(err, jose.ErrBadSignature), errors.Is(err, jose.ErrUnsupportedKey):
		e = ErrBadSignature
	case errors.Is(err, jose.ErrUnknownKey):
		e = ErrUnknownKey
	case errors.Is(err, jose.ErrMalformed):
		e = ErrMalformed
	default: // a fetch that failed, or the caller gave up
		e = ErrKeysUnavailable
	}
	return e.Wrap(err)
}
