package oauthtest

import (
	"encoding/base64"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/sesame-go/sesame/internal/jose"
)

// Fault is a way for the next ID token to be wrong, for testing that a
// client refuses it.
type Fault int

// The faults. Each matches the error of OpenID Connect Core §3.1.3.7 that a
// careful client reports.
const (
	// WrongAudience issues the token for another client (aud).
	WrongAudience Fault = iota + 1
	// WrongIssuer issues the token as another issuer (iss).
	WrongIssuer
	// Expired issues a token that expired an hour ago (exp, iat two hours
	// ago).
	Expired
	// BadSignature spoils the token's signature.
	BadSignature
	// WrongNonce puts another nonce in the token.
	WrongNonce
	// UnknownKey signs the token with a key the JWK Set does not list,
	// under a kid it does not list either.
	UnknownKey
	// TenantMismatch, with [WithMultiTenant], issues the token as another
	// tenant's issuer than its tid names.
	TenantMismatch
)

// String returns the fault's name, "WrongAudience" for example.
func (f Fault) String() string {
	names := []string{"", "WrongAudience", "WrongIssuer", "Expired", "BadSignature", "WrongNonce", "UnknownKey", "TenantMismatch"}
	if f > 0 && int(f) < len(names) {
		return names[f]
	}
	return "Fault(" + strconv.Itoa(int(f)) + ")"
}

// BreakNextIDToken makes the next ID token the token endpoint issues wrong
// in the given ways; the one after is right again.
func (p *Provider) BreakNextIDToken(faults ...Fault) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.faults = append(p.faults, faults...)
}

// idToken signs an ID token for u (OpenID Connect Core §2),
// applying and clearing the pending faults. nonce is empty for a refresh.
// The caller holds the lock.
func (p *Provider) idToken(u User, nonce string) (string, error) {
	now := p.now()
	c := jose.Claims{
		Issuer: p.Issuer(), Subject: u.Subject, Audience: []string{p.ClientID},
		IssuedAt: now, ExpiresAt: now.Add(time.Hour), Nonce: nonce,
		Email: u.Email, EmailVerified: u.EmailVerified, Name: u.Name, Picture: u.Picture,
		PreferredUsername: u.Username,
	}
	if p.cfg.appleUser {
		c.Name, c.Picture, c.PreferredUsername = "", "", ""
	}
	tid := u.TenantID
	if p.cfg.multiTenant {
		if tid == "" {
			tid = DefaultTenantID
		}
		c.Issuer = p.tenantIssuer(tid)
	}
	key := p.keys[len(p.keys)-1]
	faults := p.faults
	p.faults = nil
	bad := false
	for _, f := range faults {
		switch f {
		case WrongAudience:
			c.Audience = []string{"another-client"}
		case WrongIssuer:
			c.Issuer = "https://wrong-issuer.example"
		case Expired:
			c.IssuedAt, c.ExpiresAt = now.Add(-2*time.Hour), now.Add(-time.Hour)
		case WrongNonce:
			c.Nonce = "wrong-" + nonce
		case UnknownKey:
			if p.stranger == nil {
				k, err := generateKey(p.cfg.alg, "unknown-key")
				if err != nil {
					return "", err
				}
				p.stranger = k
			}
			key = p.stranger
		case BadSignature:
			bad = true
		case TenantMismatch:
			c.Issuer = p.tenantIssuer("other-" + tid)
		}
	}
	if !p.cfg.multiTenant {
		return sign(key, c, bad)
	}
	claims, err := withClaim(c, "tid", tid)
	if err != nil {
		return "", err
	}
	return sign(key, claims, bad)
}

// withClaim returns c's claims set with one more claim.
func withClaim(c jose.Claims, name, value string) (map[string]any, error) {
	b, err := json.Marshal(c)
	if err != nil {
		return nil, err
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	m[name] = value
	return m, nil
}

// sign signs claims with key, spoiling the signature when bad.
func sign(key *signingKey, claims any, bad bool) (string, error) {
	tok, err := jose.Sign(key.signer, key.alg, key.kid, claims)
	if err != nil || !bad {
		return tok, err
	}
	// Flip a bit in the middle of the signature.
	dot := strings.LastIndexByte(tok, '.')
	sig, err := base64.RawURLEncoding.DecodeString(tok[dot+1:])
	if err != nil {
		return "", err
	}
	sig[len(sig)/2] ^= 0x01
	return tok[:dot+1] + base64.RawURLEncoding.EncodeToString(sig), nil
}
