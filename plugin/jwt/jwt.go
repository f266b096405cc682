package jwt

import (
	"sync"

	"github.com/sesame-go/sesame/auth"
)

// Plugin mints short-lived JWTs of a signed-in session for other
// services, publishes the keys that verify them, and rotates its keys.
// Make one with [New].
type Plugin struct {
	cfg       config
	sealer    *auth.Sealer
	issuer    string
	templates map[string]Template
	// opened are the private keys opened so far, by kid.
	opened sync.Map
	ops    ops
}

var (
	_ auth.Plugin      = (*Plugin)(nil)
	_ auth.Operator    = (*Plugin)(nil)
	_ auth.Schema      = (*Plugin)(nil)
	_ auth.Validator   = (*Plugin)(nil)
	_ auth.Initializer = (*Plugin)(nil)
	_ auth.Maintainer  = (*Plugin)(nil)
	_ auth.Sweeper     = (*Plugin)(nil)
)

// New returns the plugin. [WithSecretKeys] is required; by default it
// signs with [EdDSA], for 5 minutes, with the base URL as issuer and
// audience, and Maintain rotates the key every 30 days.
func New(opts ...Option) *Plugin {
	p := &Plugin{cfg: newConfig(opts)}
	p.ops = p.newOps()
	return p
}

// Name implements [auth.Plugin].
func (p *Plugin) Name() string { return "jwt" }

// Validate implements [auth.Validator].
func (p *Plugin) Validate(*auth.Auth) error { return p.cfg.check() }

// Init implements [auth.Initializer].
func (p *Plugin) Init(a *auth.Auth) error {
	var err error
	if p.sealer, err = auth.NewSealer(*p.cfg.keys...); err != nil {
		return err
	}
	p.issuer = p.cfg.issuer
	if p.issuer == "" {
		p.issuer = a.BaseURL().String()
	}
	p.templates = map[string]Template{}
	for _, t := range append([]Template{p.cfg.def}, p.cfg.templates...) {
		if t.Lifetime == 0 {
			t.Lifetime = p.cfg.def.Lifetime
		}
		if len(t.Audience) == 0 {
			t.Audience = []string{p.issuer}
		}
		p.templates[t.Name] = t
	}
	return nil
}

// Issuer returns the iss claim of the plugin's tokens, for a [Verifier]
// of the same program.
func (p *Plugin) Issuer() string { return p.issuer }
