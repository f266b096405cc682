package apikey

import (
	"regexp"

	"github.com/sesame-go/sesame/auth"
)

// Plugin issues API keys and resolves them like sessions. Make one with
// [New].
type Plugin struct {
	cfg     config
	a       *auth.Auth
	ops     ops
	declare map[string]bool
}

var (
	_ auth.Plugin             = (*Plugin)(nil)
	_ auth.Operator           = (*Plugin)(nil)
	_ auth.Schema             = (*Plugin)(nil)
	_ auth.CredentialResolver = (*Plugin)(nil)
	_ auth.SessionChecker     = (*Plugin)(nil)
	_ auth.AccountObserver    = (*Plugin)(nil)
	_ auth.Sweeper            = (*Plugin)(nil)
	_ auth.Validator          = (*Plugin)(nil)
	_ auth.Initializer        = (*Plugin)(nil)
)

// Credential is the credential kind of the sessions keys resolve to, as
// [auth.Session] records it.
const Credential = "apikey"

// New returns the API key plugin. It signs nobody in by itself: a person
// signs in with another plugin, then makes keys for their scripts.
func New(opts ...Option) *Plugin {
	p := &Plugin{cfg: newConfig(opts)}
	if len(p.cfg.scopes) > 0 {
		p.declare = map[string]bool{}
		for _, s := range p.cfg.scopes {
			p.declare[s] = true
		}
	}
	p.ops = p.newOps()
	return p
}

// name is the plugin's name, which [auth.Session.ResolvedBy] reports of
// a key's session.
const name = "apikey"

// Name implements [auth.Plugin].
func (p *Plugin) Name() string { return name }

// Validate implements [auth.Validator].
func (p *Plugin) Validate(*auth.Auth) error { return p.cfg.check() }

// Init implements [auth.Initializer].
func (p *Plugin) Init(a *auth.Auth) error {
	p.a = a
	return nil
}

// Prefix returns the prefix of the keys the plugin issues ([WithPrefix]).
func (p *Plugin) Prefix() string { return p.cfg.prefix }

var scopeShape = regexp.MustCompile(`^[A-Za-z0-9:._-]{1,64}$`)

// validScope reports whether s has the shape of a scope.
func validScope(s string) bool { return scopeShape.MatchString(s) }
