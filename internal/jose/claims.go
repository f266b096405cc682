package jose

import (
	"encoding/json"
	"fmt"
	"time"
)

// maxNumericDate is 9999-12-31T23:59:59Z, the last NumericDate accepted.
const maxNumericDate = 253402300799

// Claims are the claims of an ID token (OpenID Connect Core §2 and §5.1)
// and of JWTs in general (RFC 7519 §4.1). Claim names are matched exactly,
// as RFC 7519 §4 requires; other claims stay in Raw.
type Claims struct {
	// Issuer is "iss" (RFC 7519 §4.1.1).
	Issuer string
	// Subject is "sub" (RFC 7519 §4.1.2), the person's identifier at the
	// issuer.
	Subject string
	// Audience is "aud" (RFC 7519 §4.1.3), a string or an array of
	// strings in JSON.
	Audience []string
	// AuthorizedParty is "azp" (OpenID Connect Core §2).
	AuthorizedParty string
	// ExpiresAt is "exp" (RFC 7519 §4.1.4); zero when absent.
	ExpiresAt time.Time
	// NotBefore is "nbf" (RFC 7519 §4.1.5); zero when absent.
	NotBefore time.Time
	// IssuedAt is "iat" (RFC 7519 §4.1.6); zero when absent.
	IssuedAt time.Time
	// Nonce is "nonce" (OpenID Connect Core §2).
	Nonce string
	// Email is "email" (OpenID Connect Core §5.1).
	Email string
	// EmailVerified is "email_verified" (OpenID Connect Core §5.1): a
	// boolean, or the string "true" or "false" as some providers send.
	EmailVerified bool
	// Name is "name" (OpenID Connect Core §5.1).
	Name string
	// Picture is "picture" (OpenID Connect Core §5.1), a URL.
	Picture string
	// PreferredUsername is "preferred_username" (OpenID Connect Core §5.1).
	PreferredUsername string
	// Raw is the claims set as received, for the claims not named above;
	// [ParseClaims] sets it and [Claims.MarshalJSON] ignores it.
	Raw json.RawMessage
}

// ParseClaims parses a JWT claims set (RFC 7519 §4), a JSON object.
// NumericDates (RFC 7519 §2) are read to the second, fractions dropped,
// from 0 to the year 9999. A claim of the wrong type gets [ErrMalformed];
// on error the result is nil.
func ParseClaims(payload []byte) (*Claims, error) {
	m, err := object("claims set", payload)
	if err != nil {
		return nil, err
	}
	c := &Claims{Raw: json.RawMessage(append([]byte(nil), payload...))}
	err = stringMembers(m,
		field{"iss", &c.Issuer}, field{"sub", &c.Subject}, field{"azp", &c.AuthorizedParty},
		field{"nonce", &c.Nonce}, field{"email", &c.Email}, field{"name", &c.Name},
		field{"picture", &c.Picture}, field{"preferred_username", &c.PreferredUsername})
	if err != nil {
		return nil, err
	}
	if c.Audience, err = audience(m["aud"]); err != nil {
		return nil, err
	}
	for _, d := range []struct {
		name string
		dst  *time.Time
	}{{"exp", &c.ExpiresAt}, {"nbf", &c.NotBefore}, {"iat", &c.IssuedAt}} {
		if *d.dst, err = numericDate(d.name, m[d.name]); err != nil {
			return nil, err
		}
	}
	if c.EmailVerified, err = flag("email_verified", m["email_verified"]); err != nil {
		return nil, err
	}
	return c, nil
}

// UnmarshalJSON reads a claims set as [ParseClaims] does.
func (c *Claims) UnmarshalJSON(data []byte) error {
	p, err := ParseClaims(data)
	if err != nil {
		return err
	}
	*c = *p
	return nil
}

// audience reads "aud": RFC 7519 §4.1.3 allows one string or an array of
// strings. Null or an empty array is no audience.
func audience(raw json.RawMessage) ([]string, error) {
	if raw == nil || string(raw) == "null" {
		return nil, nil
	}
	var one string
	if err := json.Unmarshal(raw, &one); err == nil {
		return []string{one}, nil
	}
	var many []string
	if err := json.Unmarshal(raw, &many); err != nil {
		return nil, fmt.Errorf("%w: \"aud\" is neither a string nor an array of strings", ErrMalformed)
	}
	if len(many) == 0 {
		return nil, nil
	}
	return many, nil
}

// numericDate reads a NumericDate (RFC 7519 §2): seconds since the epoch,
// maybe with a fraction, which is dropped. Absent or null is the zero time.
func numericDate(name string, raw json.RawMessage) (time.Time, error) {
	if raw == nil || string(raw) == "null" {
		return time.Time{}, nil
	}
	var f float64
	if err := json.Unmarshal(raw, &f); err != nil || f < 0 || f > maxNumericDate {
		return time.Time{}, fmt.Errorf("%w: %q is not a NumericDate", ErrMalformed, name)
	}
	return time.Unix(int64(f), 0).UTC(), nil
}

// flag reads a boolean claim that providers send as true, false, "true"
// or "false". Absent or null is false.
func flag(name string, raw json.RawMessage) (bool, error) {
	if raw == nil {
		return false, nil
	}
	var b bool
	if err := json.Unmarshal(raw, &b); err == nil {
		return b, nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err == nil && (s == "true" || s == "false") {
		return s == "true", nil
	}
	return false, fmt.Errorf("%w: %q is not a boolean", ErrMalformed, name)
}

// MarshalJSON writes the named claims as a claims set, leaving out empty
// ones: times as NumericDates, an audience of one as a string. Raw is not
// written.
func (c Claims) MarshalJSON() ([]byte, error) {
	type wire struct {
		Iss               string `json:"iss,omitempty"`
		Sub               string `json:"sub,omitempty"`
		Aud               any    `json:"aud,omitempty"`
		Azp               string `json:"azp,omitempty"`
		Exp               *int64 `json:"exp,omitempty"`
		Nbf               *int64 `json:"nbf,omitempty"`
		Iat               *int64 `json:"iat,omitempty"`
		Nonce             string `json:"nonce,omitempty"`
		Email             string `json:"email,omitempty"`
		EmailVerified     bool   `json:"email_verified,omitempty"`
		Name              string `json:"name,omitempty"`
		Picture           string `json:"picture,omitempty"`
		PreferredUsername string `json:"preferred_username,omitempty"`
	}
	w := wire{Iss: c.Issuer, Sub: c.Subject, Azp: c.AuthorizedParty, Nonce: c.Nonce, Email: c.Email,
		EmailVerified: c.EmailVerified, Name: c.Name, Picture: c.Picture, PreferredUsername: c.PreferredUsername,
		Exp: unix(c.ExpiresAt), Nbf: unix(c.NotBefore), Iat: unix(c.IssuedAt)}
	switch len(c.Audience) {
	case 0:
	case 1:
		w.Aud = c.Audience[0]
	default:
		w.Aud = c.Audience
	}
	return json.Marshal(w)
}

// unix is t as a NumericDate, nil for the zero time.
func unix(t time.Time) *int64 {
	if t.IsZero() {
		return nil
	}
	u := t.Unix()
	return &u
}
