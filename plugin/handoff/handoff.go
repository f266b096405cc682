package handoff

import (
	"errors"
	"fmt"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/internal/linkpage"
)

// Plugin hands a signed-in session to another client. Make one with
// [New].
type Plugin struct {
	cfg  config
	a    *auth.Auth
	ops  ops
	page *linkpage.Page
}

var (
	_ auth.Plugin          = (*Plugin)(nil)
	_ auth.Operator        = (*Plugin)(nil)
	_ auth.SessionStarter  = (*Plugin)(nil)
	_ auth.AccountObserver = (*Plugin)(nil)
	_ auth.Validator       = (*Plugin)(nil)
	_ auth.Initializer     = (*Plugin)(nil)
)

// Credential is the credential kind of the sessions a redemption starts,
// as [auth.Session] records it.
const Credential = "handoff"

// New returns the handoff plugin. It signs nobody in by itself: it hands
// on sessions that another plugin (password, passkey ...) started.
func New(opts ...Option) *Plugin {
	p := &Plugin{cfg: newConfig(opts)}
	p.ops = p.newOps()
	p.page = p.newPage()
	return p
}

// Name implements [auth.Plugin].
func (p *Plugin) Name() string { return "handoff" }

// Validate implements [auth.Validator]. Besides the options, it wants the
// plugin listed after every other [auth.SessionStarter] in
// auth.WithPlugins: a starter that ran after it would judge the new
// session by the handing session's CreatedAt, which it sets, as though
// the session had begun then (the twofactor plugin would give a pending
// session a lifetime already over).
func (p *Plugin) Validate(a *auth.Auth) error {
	errs := []error{p.cfg.check()}
	after := false
	for _, pl := range a.Plugins() {
		if pl == auth.Plugin(p) {
			after = true
			continue
		}
		if _, ok := pl.(auth.SessionStarter); ok && after {
			errs = append(errs, fmt.Errorf("list handoff after the plugin %s in auth.WithPlugins: both shape new sessions, and handoff must be last", pl.Name()))
		}
	}
	return errors.Join(errs...)
}

// Init implements [auth.Initializer].
func (p *Plugin) Init(a *auth.Auth) error {
	p.a = a
	return nil
}
