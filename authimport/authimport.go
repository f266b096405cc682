package authimport

import (
	"github.com/sesame-go/sesame/auth"
)

// Plugin imports people from other systems. Make one with [New] and pass
// it to auth.WithPlugins; run imports with [Plugin.Import] or the auth
// import command (authcli).
type Plugin struct {
	a  *auth.Auth
	op *auth.Op[batch, *Report]
}

var (
	_ auth.Plugin      = (*Plugin)(nil)
	_ auth.Operator    = (*Plugin)(nil)
	_ auth.Schema      = (*Plugin)(nil)
	_ auth.Initializer = (*Plugin)(nil)

	_ auth.AccountObserver = (*Plugin)(nil)
)

// OpBatch is the server operation that imports one batch of records in
// one transaction. No transport serves it; [Plugin.Import] runs it.
const OpBatch = "import.batch"

// New returns the import plugin.
func New() *Plugin {
	p := &Plugin{}
	p.op = &auth.Op[batch, *Report]{Name: OpBatch, Writes: true,
		Codes:   []*auth.Error{auth.ErrIdentityTaken, auth.ErrSessionExpired, ErrRejected, errDryRun},
		Handler: p.handleBatch}
	return p
}

// Name implements [auth.Plugin].
func (p *Plugin) Name() string { return "import" }

// Init implements [auth.Initializer].
func (p *Plugin) Init(a *auth.Auth) error {
	p.a = a
	return nil
}

// Operations implements [auth.Operator].
func (p *Plugin) Operations() []auth.Operation { return []auth.Operation{p.op} }

// From returns the import plugin among a's plugins.
func From(a *auth.Auth) (*Plugin, bool) {
	for _, pl := range a.Plugins() {
		if p, ok := pl.(*Plugin); ok {
			return p, true
		}
	}
	return nil, false
}

// passwords returns the plugin that imports password hashes, or nil.
func (p *Plugin) passwords() auth.PasswordImporter {
	for _, pl := range p.a.Plugins() {
		if pi, ok := pl.(auth.PasswordImporter); ok {
			return pi
		}
	}
	return nil
}
