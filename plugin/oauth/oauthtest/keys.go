package oauthtest

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"fmt"
	"net/http"

	"github.com/sesame-go/sesame/internal/jose"
)

// signingKey is a key the provider signs ID tokens with.
type signingKey struct {
	kid    string
	alg    string
	signer crypto.Signer
}

// newKey makes a key for the configured algorithm with the next key ID.
// The caller holds the lock, or is Start.
func (p *Provider) newKey() (*signingKey, error) {
	p.nextKeyID++
	return generateKey(p.cfg.alg, fmt.Sprintf("key-%d", p.nextKeyID))
}

func generateKey(alg, kid string) (*signingKey, error) {
	var (
		s   crypto.Signer
		err error
	)
	switch alg {
	case jose.RS256:
		s, err = rsa.GenerateKey(rand.Reader, 2048)
	case jose.ES256:
		s, err = ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	case jose.EdDSA:
		_, s, err = ed25519.GenerateKey(rand.Reader)
	default:
		return nil, fmt.Errorf("oauthtest: algorithm %q, want RS256, ES256 or EdDSA", alg)
	}
	if err != nil {
		return nil, fmt.Errorf("oauthtest: generating a key: %w", err)
	}
	return &signingKey{kid: kid, alg: alg, signer: s}, nil
}

// RotateKeys replaces the signing key with a new one under a new key ID:
// later ID tokens carry the new kid, and the JWK Set lists only the new
// key, so that tokens signed before no longer verify. It fails the test
// with [WithPlainOAuth], which has no keys.
func (p *Provider) RotateKeys() {
	if p.cfg.plain {
		p.fatalf("oauthtest: RotateKeys: a WithPlainOAuth provider has no keys")
		return
	}
	p.mu.Lock()
	k, err := p.newKey()
	if err == nil {
		p.keys = []*signingKey{k}
	}
	p.mu.Unlock()
	if err != nil {
		p.fatalf("oauthtest: RotateKeys: %v", err)
	}
}

// KeyID returns the kid of the key that signs ID tokens now; empty with
// [WithPlainOAuth].
func (p *Provider) KeyID() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.keys) == 0 {
		return ""
	}
	return p.keys[len(p.keys)-1].kid
}

// jwks serves the public keys as a JWK Set (RFC 7517 §5).
func (p *Provider) jwks(w http.ResponseWriter, _ *http.Request) {
	p.mu.Lock()
	var set jose.Keys
	for _, k := range p.keys {
		pub, err := jose.NewKey(k.kid, k.signer.Public())
		if err != nil {
			p.mu.Unlock()
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		set = append(set, pub)
	}
	p.mu.Unlock()
	writeJSON(w, http.StatusOK, set, "application/jwk-set+json")
}

// discovery serves the provider metadata (OpenID Connect Discovery §3 and
// §4.2).
func (p *Provider) discovery(w http.ResponseWriter, _ *http.Request) {
	e := p.Endpoints()
	issuer := p.Issuer()
	if p.cfg.multiTenant {
		// As Microsoft's multi-tenant documents do, a template.
		issuer = p.tenantIssuer("{tenantid}")
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"issuer":                                issuer,
		"authorization_endpoint":                e.Authorization,
		"token_endpoint":                        e.Token,
		"userinfo_endpoint":                     e.UserInfo,
		"jwks_uri":                              e.JWKS,
		"scopes_supported":                      []string{"openid", "email", "profile"},
		"response_types_supported":              []string{"code"},
		"response_modes_supported":              []string{"query", "form_post"},
		"grant_types_supported":                 []string{"authorization_code", "refresh_token"},
		"subject_types_supported":               []string{"public"},
		"id_token_signing_alg_values_supported": []string{p.cfg.alg},
		"token_endpoint_auth_methods_supported": []string{"client_secret_basic", "client_secret_post"},
		"code_challenge_methods_supported":      []string{"S256"},
		"claims_supported": []string{"iss", "sub", "aud", "exp", "iat", "nonce",
			"email", "email_verified", "name", "picture", "preferred_username"},
		// RFC 9207 §3: the authorization response carries iss.
		"authorization_response_iss_parameter_supported": true,
	}, "application/json")
}

// tenantIssuer is the issuer of a tenant with [WithMultiTenant], shaped as
// Microsoft's "https://login.microsoftonline.com/{tenantid}/v2.0".
func (p *Provider) tenantIssuer(tid string) string { return p.Issuer() + "/" + tid + "/v2.0" }
