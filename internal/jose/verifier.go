package jose

import (
	"context"
	"crypto/subtle"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Verifier verifies the ID tokens of one OpenID Connect provider for one
// client (OpenID Connect Core §3.1.3.7). It is safe for concurrent use.
type Verifier struct {
	keys     KeyFinder
	issuer   string
	clientID string
	now      func() time.Time
	skew     time.Duration
}

// NewVerifier returns a Verifier of the ID tokens that issuer (the exact
// issuer identifier of its discovery document) signs with keys, usually a
// [*KeySet] over its jwks_uri, for the client clientID. Options:
// [WithClock], [WithSkew].
func NewVerifier(keys KeyFinder, issuer, clientID string, opts ...Option) *Verifier {
	c := newConfig(opts)
	return &Verifier{keys: keys, issuer: issuer, clientID: clientID, now: c.now, skew: c.skew}
}

// Verify verifies the ID token and returns its claims. nonce is the value
// sent in the authentication request, which the token must carry; pass ""
// only when the request sent none (the token's nonce is then not checked).
//
// The checks, in order, with the error each failure matches: the token is
// a JWS ([Parse]'s errors) whose typ, if any, is JWT ([ErrTokenType]); its
// kid and alg find a key ([ErrUnknownKey], [ErrAlgorithmMismatch],
// [ErrFetch]) that verifies the signature ([ErrBadSignature]); the claims
// parse ([ErrMalformed]) and hold iss, sub, aud, exp and iat
// ([ErrMissingClaim]); iss is the issuer ([ErrWrongIssuer]); aud lists the
// client ([ErrWrongAudience]) and, listing several, azp is the client
// ([ErrWrongAuthorizedParty]); exp has not passed ([ErrExpired]), nbf has
// come ([ErrNotYetValid]), iat is not in the future ([ErrIssuedInFuture]),
// each with the skew allowed; the nonce matches ([ErrNonceMismatch]).
func (v *Verifier) Verify(ctx context.Context, token, nonce string) (*Claims, error) {
	jws, err := Parse(token)
	if err != nil {
		return nil, err
	}
	// RFC 8725 §3.11: a typ naming another kind of JWT (at+jwt for access
	// tokens, RFC 9068 §2.1) is not an ID token. RFC 7515 §4.1.9: the
	// "application/" prefix may be left out, media types ignore case.
	if typ := strings.TrimPrefix(strings.ToLower(jws.Header.Type), "application/"); typ != "" && typ != "jwt" {
		return nil, fmt.Errorf("%w: typ %q", ErrTokenType, jws.Header.Type)
	}
	// OpenID Connect Core §3.1.3.7 steps 6 to 8 and §10.1: the key comes
	// from the provider's set; its type fixes the algorithm.
	key, err := v.keys.FindKey(ctx, jws.Header.KeyID, jws.Header.Algorithm)
	if err != nil {
		return nil, err
	}
	if err := jws.Verify(key); err != nil {
		return nil, err
	}
	c, err := ParseClaims(jws.Payload)
	if err != nil {
		return nil, err
	}
	if err := v.check(c, nonce); err != nil {
		return nil, err
	}
	return c, nil
}

// check validates verified claims.
func (v *Verifier) check(c *Claims, nonce string) error {
	// OpenID Connect Core §2: iss, sub, aud, exp and iat are REQUIRED.
	for _, m := range []struct {
		name    string
		missing bool
	}{
		{"iss", c.Issuer == ""}, {"sub", c.Subject == ""}, {"aud", len(c.Audience) == 0},
		{"exp", c.ExpiresAt.IsZero()}, {"iat", c.IssuedAt.IsZero()},
	} {
		if m.missing {
			return fmt.Errorf("%w: %q", ErrMissingClaim, m.name)
		}
	}
	// OpenID Connect Core §3.1.3.7 step 2: iss MUST exactly match.
	if c.Issuer != v.issuer {
		return fmt.Errorf("%w: %q, want %q", ErrWrongIssuer, c.Issuer, v.issuer)
	}
	// Step 3: aud MUST contain the client_id.
	if !slices.Contains(c.Audience, v.clientID) {
		return fmt.Errorf("%w: %q does not list %q", ErrWrongAudience, c.Audience, v.clientID)
	}
	// Steps 4 and 5: with several audiences, azp must be present and be
	// the client_id. With one, azp may name another client of the same
	// party (Google's Android sign-in does), so it is not checked.
	if len(c.Audience) > 1 && c.AuthorizedParty != v.clientID {
		return fmt.Errorf("%w: azp %q, want %q", ErrWrongAuthorizedParty, c.AuthorizedParty, v.clientID)
	}
	now := v.now()
	// Step 9: the current time MUST be before exp, allowing for skew.
	if !now.Before(c.ExpiresAt.Add(v.skew)) {
		return fmt.Errorf("%w: at %s", ErrExpired, c.ExpiresAt.Format(time.RFC3339))
	}
	// RFC 7519 §4.1.5: not accepted before nbf, allowing for skew.
	if !c.NotBefore.IsZero() && now.Add(v.skew).Before(c.NotBefore) {
		return fmt.Errorf("%w: until %s", ErrNotYetValid, c.NotBefore.Format(time.RFC3339))
	}
	// Step 10: iat may reject tokens issued too far from now; one issued
	// after now, beyond the skew, is refused.
	if now.Add(v.skew).Before(c.IssuedAt) {
		return fmt.Errorf("%w: at %s", ErrIssuedInFuture, c.IssuedAt.Format(time.RFC3339))
	}
	// Step 11: if a nonce was sent, the claim MUST be present and equal it;
	// compared in constant time.
	if nonce != "" && subtle.ConstantTimeCompare([]byte(c.Nonce), []byte(nonce)) != 1 {
		return ErrNonceMismatch
	}
	return nil
}
