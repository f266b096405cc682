package passkey

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"
	"golang.org/x/net/publicsuffix"

	"github.com/sesame-go/sesame/auth"
)

// relyingParty is the site passkeys are made for: its ID, the name
// authenticators show, and the origins whose pages may use them.
type relyingParty struct {
	id      string
	name    string
	origins []string
}

// newRelyingParty derives the relying party from the instance and the
// options, and reports every combination no browser would accept.
func newRelyingParty(a *auth.Auth, cfg *config) (*relyingParty, error) {
	base := a.BaseURL()
	rp := &relyingParty{id: strings.ToLower(cfg.rpID), name: cfg.rpName}
	if rp.id == "" {
		rp.id = strings.ToLower(base.Hostname())
	}
	if rp.name == "" {
		rp.name = rp.id
	}
	var errs []error
	if err := checkRPID(rp.id); err != nil {
		errs = append(errs, err)
	}
	origins := cfg.origins
	if len(origins) == 0 {
		origins = []string{base.Scheme + "://" + base.Host}
	}
	for _, raw := range origins {
		o, err := rp.checkOrigin(raw)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if !a.TrustedOrigin(o) {
			errs = append(errs, fmt.Errorf("passkey: origin %s is not trusted by the instance, whose CSRF check would refuse its requests: add it with auth.WithTrustedOrigins", o))
			continue
		}
		rp.origins = append(rp.origins, o)
	}
	return rp, errors.Join(errs...)
}

// checkRPID refuses what cannot be a relying party ID: an IP address, a
// malformed domain, or a public suffix ("com", "co.uk", "github.io"),
// which browsers refuse since any site under it could then use the
// passkeys (WebAuthn §5.1.3 step 8, HTML's "registrable domain suffix").
func checkRPID(id string) error {
	if err := protocol.ValidateRPID(id); err != nil {
		return fmt.Errorf("passkey: relying party ID %q is not a domain: %v", id, err)
	}
	if strings.ContainsAny(id, ":/") {
		return fmt.Errorf("passkey: relying party ID %q must be a bare domain, without scheme or port", id)
	}
	if id == "localhost" || strings.HasSuffix(id, ".localhost") {
		return nil
	}
	if suffix, _ := publicsuffix.PublicSuffix(id); suffix == id {
		return fmt.Errorf("passkey: relying party ID %q is a public suffix, which browsers refuse: use a domain registered under it", id)
	}
	return nil
}

// checkOrigin returns an origin in canonical form if its pages can use
// the relying party ID: a secure context (https, or http on localhost,
// WebAuthn §5 and Secure Contexts §3.1) whose host is the ID or a
// subdomain of it (WebAuthn §5.1.3 step 8).
func (rp *relyingParty) checkOrigin(raw string) (string, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
		return "", fmt.Errorf("passkey: origin %q is not scheme://host[:port]", raw)
	}
	host := strings.ToLower(u.Hostname())
	local := host == "localhost" || strings.HasSuffix(host, ".localhost")
	switch {
	case u.Scheme == "https":
	case u.Scheme == "http" && local:
	default:
		return "", fmt.Errorf("passkey: origin %q is not a secure context, where browsers offer no WebAuthn: use https (or http on localhost)", raw)
	}
	if host != rp.id && !strings.HasSuffix(host, "."+rp.id) {
		return "", fmt.Errorf("passkey: origin %q cannot use the relying party ID %q, which must be its host or a parent domain of it: set one with passkey.WithRPID, or list the origins with passkey.WithOrigins", raw, rp.id)
	}
	return u.Scheme + "://" + strings.ToLower(u.Host), nil
}

// webAuthn returns the go-webauthn relying party of rp.
func (rp *relyingParty) webAuthn(cfg *config) (*webauthn.WebAuthn, error) {
	wa, err := webauthn.New(&webauthn.Config{
		RPID:                  rp.id,
		RPDisplayName:         rp.name,
		RPOrigins:             rp.origins,
		AttestationPreference: protocol.PreferNoAttestation,
		AuthenticatorSelection: protocol.AuthenticatorSelection{
			ResidentKey:        protocol.ResidentKeyRequirementRequired,
			RequireResidentKey: protocol.ResidentKeyRequired(),
			UserVerification:   protocol.UserVerificationRequirement(cfg.verification),
		},
	})
	if err != nil {
		return nil, fmt.Errorf("passkey: %w", err)
	}
	return wa, nil
}
