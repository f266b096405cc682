package oauth

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"unicode/utf8"

	"github.com/sesame-go/sesame/auth"
)

// Plugin is the oauth plugin: sign-in with OpenID Connect and OAuth 2.0
// providers. Make one with [New].
type Plugin struct {
	cfg       *config
	a         *auth.Auth
	providers map[string]*Provider
	order     []*Provider
	ops       ops
	keys      *auth.Sealer
}

var (
	_ auth.Plugin           = (*Plugin)(nil)
	_ auth.Operator         = (*Plugin)(nil)
	_ auth.IdentityProvider = (*Plugin)(nil)
	_ auth.SignInMethod     = (*Plugin)(nil)
	_ auth.Schema           = (*Plugin)(nil)
	_ auth.Validator        = (*Plugin)(nil)
	_ auth.Initializer      = (*Plugin)(nil)
	_ auth.IdentityObserver = (*Plugin)(nil)
)

// New returns the oauth plugin for the providers, each made by a preset
// ([GitHub], [Google] ...), [OIDC] or [OAuth2]. Problems with the
// providers or options are reported by [auth.New].
func New(providers []*Provider, opts ...Option) *Plugin {
	p := &Plugin{cfg: newConfig(opts), providers: map[string]*Provider{}}
	for _, pr := range providers {
		if pr == nil {
			continue
		}
		p.order = append(p.order, pr)
		if _, dup := p.providers[pr.name]; !dup {
			p.providers[pr.name] = pr
		}
	}
	// check reports keys of the wrong size; without a sealer nothing seals.
	if p.keys, _ = auth.NewSealer(p.cfg.tokenKeys...); p.keys == nil {
		p.keys = &auth.Sealer{}
	}
	p.ops = p.newOps()
	return p
}

// Name implements [auth.Plugin].
func (p *Plugin) Name() string { return "oauth" }

// String returns "oauth.Plugin(<provider names>)", and nothing of the
// configuration, which holds the token keys and the client secrets.
func (p *Plugin) String() string {
	if p == nil {
		return "oauth.Plugin(nil)"
	}
	return "oauth.Plugin(" + strings.Join(p.Providers(), ", ") + ")"
}

// GoString returns what String does, for %#v.
func (p *Plugin) GoString() string { return p.String() }

// Format writes what String returns, for every verb.
func (p *Plugin) Format(f fmt.State, _ rune) { io.WriteString(f, p.String()) }

// LogValue returns what String does, for log/slog.
func (p *Plugin) LogValue() slog.Value { return slog.StringValue(p.String()) }

// Validate implements [auth.Validator].
func (p *Plugin) Validate(*auth.Auth) error {
	errs := []error{p.cfg.check()}
	if len(p.order) == 0 {
		errs = append(errs, errors.New("oauth: no provider configured"))
	}
	seen := map[string]bool{}
	for _, pr := range p.order {
		if seen[pr.name] {
			errs = append(errs, fmt.Errorf("oauth: provider %q is configured twice", pr.name))
		}
		seen[pr.name] = true
		errs = append(errs, pr.check())
	}
	return errors.Join(errs...)
}

// Init implements [auth.Initializer].
func (p *Plugin) Init(a *auth.Auth) error {
	p.a = a
	return nil
}

// IdentityKinds implements [auth.IdentityProvider]: "oauth:<provider>"
// for each provider, unique, a sign-in identifier. Values are the
// provider's subjects, compared byte for byte.
func (p *Plugin) IdentityKinds() []auth.IdentityKind {
	out := make([]auth.IdentityKind, 0, len(p.order))
	for _, pr := range p.order {
		out = append(out, auth.IdentityKind{Name: pr.Kind(), Normalize: normalizeSubject, Unique: true, SignIn: true})
	}
	return out
}

// Credentials implements [auth.SignInMethod]: "oauth:<provider>" for each.
func (p *Plugin) Credentials() []string {
	out := make([]string, 0, len(p.order))
	for _, pr := range p.order {
		out = append(out, pr.Kind())
	}
	return out
}

// Providers returns the configured providers' names, in order.
func (p *Plugin) Providers() []string {
	out := make([]string, 0, len(p.order))
	for _, pr := range p.order {
		out = append(out, pr.name)
	}
	return out
}

// normalizeSubject keeps a provider's subject as it is (OpenID Connect
// Core §2: sub is case-sensitive), refusing empty, over-long or
// non-printable ones.
func normalizeSubject(raw string) (string, error) {
	if raw == "" || len(raw) > 255 || !utf8.ValidString(raw) {
		return "", errors.New("the subject must be 1 to 255 bytes of UTF-8")
	}
	if strings.IndexFunc(raw, func(r rune) bool { return r < 0x20 || r == 0x7f }) >= 0 {
		return "", errors.New("the subject holds control characters")
	}
	return raw, nil
}

// provider returns the configured provider of a name.
func (p *Plugin) provider(name string) (*Provider, error) {
	pr, ok := p.providers[name]
	if !ok {
		return nil, ErrUnknownProvider
	}
	return pr, nil
}
