package referral

import (
	"context"

	"github.com/sesame-go/sesame/auth"
)

// Plugin is user-to-user referral: codes, who referred whom, counts. Make
// one with [New].
type Plugin struct {
	ops ops
	a   *auth.Auth
}

var (
	_ auth.Plugin        = (*Plugin)(nil)
	_ auth.Initializer   = (*Plugin)(nil)
	_ auth.Operator      = (*Plugin)(nil)
	_ auth.Schema        = (*Plugin)(nil)
	_ auth.IdentityAdder = (*Plugin)(nil)
)

// New returns the plugin.
func New() *Plugin {
	p := &Plugin{}
	p.ops = p.newOps()
	return p
}

// Name implements [auth.Plugin].
func (p *Plugin) Name() string { return "referral" }

// Init implements [auth.Initializer].
func (p *Plugin) Init(a *auth.Auth) error {
	p.a = a
	return nil
}

type codeKey struct{}

// WithCode returns a context whose sign-ups (Go calls of any sign-up
// method) are referred by code, as [Plugin.Apply] does for a browser.
func WithCode(ctx context.Context, code string) context.Context {
	return context.WithValue(ctx, codeKey{}, code)
}

// CookieName is the name of the cookie [Plugin.Apply] sets: with the
// __Host- prefix when the instance is served over https.
func (p *Plugin) CookieName() string {
	if p.a != nil && p.a.BaseURL().Scheme == "https" {
		return "__Host-sesame_referral"
	}
	return "sesame_referral"
}
