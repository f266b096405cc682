package jwt

import (
	"encoding/json"
	"time"

	"github.com/sesame-go/sesame/internal/jose"
)

// Claims are a verified token's claims.
type Claims struct {
	// Issuer is iss, Subject sub (the user's ID), Audience aud (RFC 7519
	// §4.1).
	Issuer   string
	Subject  string
	Audience []string
	// ExpiresAt, NotBefore and IssuedAt are exp, nbf and iat; zero when
	// absent.
	ExpiresAt, NotBefore, IssuedAt time.Time
	// ID is jti (RFC 7519 §4.1.7).
	ID string
	// SessionID is sid: the session the token was minted from.
	SessionID string
	// Actor is act's sub (RFC 8693 §4.1): the administrator acting as the
	// subject, if any.
	Actor string
	// Raw is the claims set as signed, for a template's own claims; see
	// [Claims.Decode].
	Raw json.RawMessage
}

// Decode unmarshals the claims set into v, for claims of a template's own.
func (c *Claims) Decode(v any) error { return json.Unmarshal(c.Raw, v) }

// parseClaims reads a claims set (RFC 7519 §4), matching names exactly.
func parseClaims(payload []byte) (*Claims, error) {
	jc, err := jose.ParseClaims(payload)
	if err != nil {
		return nil, ErrMalformed.Wrap(err)
	}
	// encoding/json matches struct fields regardless of case: read the
	// members by their exact names.
	var m map[string]json.RawMessage
	if err := json.Unmarshal(payload, &m); err != nil {
		return nil, ErrMalformed.Wrap(err)
	}
	c := &Claims{Issuer: jc.Issuer, Subject: jc.Subject, Audience: jc.Audience, ExpiresAt: jc.ExpiresAt,
		NotBefore: jc.NotBefore, IssuedAt: jc.IssuedAt, Raw: jc.Raw}
	if err := stringClaim(m["jti"], &c.ID); err != nil {
		return nil, err
	}
	if err := stringClaim(m["sid"], &c.SessionID); err != nil {
		return nil, err
	}
	if raw, ok := m["act"]; ok && string(raw) != "null" {
		var act map[string]json.RawMessage
		if err := json.Unmarshal(raw, &act); err != nil {
			return nil, ErrMalformed.Wrap(err)
		}
		if err := stringClaim(act["sub"], &c.Actor); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// stringClaim reads a string member; absent or null leaves dst empty.
func stringClaim(raw json.RawMessage, dst *string) error {
	if raw == nil {
		return nil
	}
	if err := json.Unmarshal(raw, dst); err != nil {
		return ErrMalformed.Wrap(err)
	}
	return nil
}
