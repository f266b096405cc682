package sessiondata

import (
	"errors"

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
// It refuses stateless sessions ([auth.WithStatelessSessions]): the
// values of ended sessions are swept by asking which of a user's
// sessions live, which no server knows of stateless ones.
func (p *Plugin) Validate(a *auth.Auth) error {
	if a.StatelessSessions() {
		return errors.New("sessiondata: stateless sessions cannot be listed, so the values of ended ones could never be swept")
	}
	return p.cfg.check()
}
