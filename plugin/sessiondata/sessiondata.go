package sessiondata

import (
	"github.com/sesame-go/sesame/auth"
)

// Plugin keeps data per session in its own table. Make one with [New].
type Plugin struct {
	cfg config
	ops ops
}

var (
	_ auth.Plugin             = (*Plugin)(nil)
	_ auth.Operator           = (*Plugin)(nil)
	_ auth.Schema             = (*Plugin)(nil)
	_ auth.Sweeper            = (*Plugin)(nil)
	_ auth.SessionEndObserver = (*Plugin)(nil)
	_ auth.ErrorCoder         = (*Plugin)(nil)
	_ auth.Validator          = (*Plugin)(nil)
)

// New returns the plugin. Without options, a session holds at most
// [DefaultMaxKeys] values of at most [DefaultMaxValue] bytes each.
func New(opts ...Option) *Plugin {
	p := &Plugin{cfg: newConfig(opts)}
	p.ops = p.newOps()
	return p
}

// Name implements [auth.Plugin].
func (p *Plugin) Name() string { return "sessiondata" }

// Validate implements [auth.Validator].
func (p *Plugin) Validate(*auth.Auth) error { return p.cfg.check() }
