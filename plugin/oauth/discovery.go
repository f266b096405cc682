package oauth

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/sesame-go/sesame/internal/jose"
)

// metadata is what the plugin uses of an OpenID Connect provider's
// discovery document (OpenID Connect Discovery §3).
type metadata struct {
	Issuer        string `json:"issuer"`
	Authorization string `json:"authorization_endpoint"`
	Token         string `json:"token_endpoint"`
	UserInfo      string `json:"userinfo_endpoint"`
	JWKS          string `json:"jwks_uri"`
}

// metadataMaxAge is how long a discovery document is used before it is
// fetched again; keys rotate through the key set, not this.
const metadataMaxAge = 24 * time.Hour

// discover returns the provider's endpoints and ID token verifier,
// fetching the discovery document when it has none or an old one. A failed
// fetch is tried again by the next call.
func (p *Provider) discover(ctx context.Context, pl *Plugin) (Endpoints, *jose.Verifier, error) {
	if p.issuer == "" {
		return p.endpoints, nil, nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	now := pl.a.Now()
	if p.meta == nil || now.Sub(p.metaAt) >= metadataMaxAge {
		m, err := p.fetchMetadata(ctx, pl)
		if err != nil && p.meta == nil {
			return Endpoints{}, nil, err
		}
		if err == nil {
			p.meta, p.metaAt = m, now
		}
	}
	if p.keys == nil || p.keysFor != p.meta.JWKS {
		// jose.KeySet refetches on an unknown kid, once a minute at most
		// (OpenID Connect Core §10.1.1).
		p.keys = jose.NewKeySet(p.meta.JWKS, jose.WithHTTPClient(pl.cfg.client), jose.WithClock(pl.a.Now))
		p.keysFor = p.meta.JWKS
		p.verify = jose.NewVerifier(p.keys, p.meta.Issuer, p.clientID, jose.WithClock(pl.a.Now), jose.WithSkew(pl.cfg.skew))
	}
	e := Endpoints{Authorization: p.meta.Authorization, Token: p.meta.Token, UserInfo: p.meta.UserInfo}
	return e, p.verify, nil
}

func (p *Provider) fetchMetadata(ctx context.Context, pl *Plugin) (*metadata, error) {
	f := &fetcher{client: pl.cfg.client}
	body, err := f.get(ctx, p.issuer+"/.well-known/openid-configuration", "")
	if err != nil {
		return nil, err
	}
	return parseMetadata(body, p.issuer, p.tenantIssuer)
}

// parseMetadata reads a discovery document and checks it belongs to the
// issuer.
func parseMetadata(body []byte, issuer string, tenant bool) (*metadata, error) {
	var m metadata
	if err := json.Unmarshal(body, &m); err != nil {
		return nil, fmt.Errorf("oauth: discovery document: %w", err)
	}
	// OpenID Connect Discovery §4.3: the issuer in the document MUST be
	// identical to the one the document was fetched for. Microsoft's
	// multi-tenant documents name a {tenantid} template instead.
	if m.Issuer != issuer && !(tenant && strings.Contains(m.Issuer, "{tenantid}")) {
		return nil, fmt.Errorf("oauth: discovery document of %q names issuer %q", issuer, m.Issuer)
	}
	for _, u := range []string{m.Authorization, m.Token, m.JWKS} {
		if err := checkURL(u); err != nil {
			return nil, fmt.Errorf("oauth: discovery document of %q: %w", issuer, err)
		}
	}
	if m.UserInfo != "" && checkURL(m.UserInfo) != nil {
		m.UserInfo = ""
	}
	return &m, nil
}

// verifyIDToken checks an ID token (OpenID Connect Core §3.1.3.7) and
// returns its claims. For Microsoft's multi-tenant issuer the expected iss
// is the template with the token's own tid, as Microsoft documents; the
// signature by Microsoft's keys is what vouches for it.
func (p *Provider) verifyIDToken(ctx context.Context, pl *Plugin, v *jose.Verifier, token, nonce string) (*jose.Claims, error) {
	p.mu.Lock()
	meta := p.meta
	p.mu.Unlock()
	if p.tenantIssuer && meta != nil && strings.Contains(meta.Issuer, "{tenantid}") {
		tid, err := unverifiedTenant(token)
		if err != nil {
			return nil, err
		}
		v = jose.NewVerifier(p.keys, strings.ReplaceAll(meta.Issuer, "{tenantid}", tid), p.clientID,
			jose.WithClock(pl.a.Now), jose.WithSkew(pl.cfg.skew))
	}
	return v.Verify(ctx, token, nonce)
}

// unverifiedTenant reads the tid claim of a token not yet verified.
func unverifiedTenant(token string) (string, error) {
	jws, err := jose.Parse(token)
	if err != nil {
		return "", err
	}
	var c struct {
		TID string `json:"tid"`
	}
	if err := json.Unmarshal(jws.Payload, &c); err != nil || c.TID == "" || strings.ContainsAny(c.TID, "/?#") {
		return "", fmt.Errorf("%w: no usable tid", jose.ErrMalformed)
	}
	return c.TID, nil
}
