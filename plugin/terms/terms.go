package terms

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/admin"
)

// Plugin keeps which version of the terms each user accepted and when,
// and limits the sessions of a user who has not accepted the current
// version to accepting it and signing out. Make one with [New].
type Plugin struct {
	cfg     config
	ops     ops
	allowed []string
}

var (
	_ auth.Plugin         = (*Plugin)(nil)
	_ auth.Operator       = (*Plugin)(nil)
	_ auth.Schema         = (*Plugin)(nil)
	_ auth.UserExtender   = (*Plugin)(nil)
	_ auth.SessionChecker = (*Plugin)(nil)
	_ auth.ErrorCoder     = (*Plugin)(nil)
	_ auth.Validator      = (*Plugin)(nil)
)

// MaxVersionLength is the longest version a host may name.
const MaxVersionLength = 64

// New returns the plugin for the current version of the terms, a label
// the host chooses ("2026-03-01", "v4"): a user who accepted any other
// version, or none, must accept this one before their sessions do
// anything else. Change it to ask everyone again.
func New(version string, opts ...Option) *Plugin {
	p := &Plugin{cfg: newConfig(version, opts)}
	p.ops = p.newOps()
	p.allowed = append([]string{OpAccept, OpGet, auth.OpSignOut, auth.OpSession}, p.cfg.allowed...)
	return p
}

// Name implements [auth.Plugin].
func (p *Plugin) Name() string { return "terms" }

// Version returns the current version.
func (p *Plugin) Version() string { return p.cfg.version }

// Validate implements [auth.Validator].
func (p *Plugin) Validate(*auth.Auth) error {
	var errs []error
	if v := p.cfg.version; v == "" || len(v) > MaxVersionLength {
		errs = append(errs, fmt.Errorf("terms: the version %q must have 1 to %d bytes", v, MaxVersionLength))
	}
	if len(p.cfg.url) > 2048 {
		errs = append(errs, errors.New("terms: WithURL is too long"))
	}
	return errors.Join(errs...)
}

// CheckSession implements [auth.SessionChecker]: a session of a user who
// has not accepted the current version may only read the terms' state,
// accept them, read its session and sign out; the host's own routes
// refuse it too (through the middleware's admission) with
// [ErrTermsNotAccepted]. It reads the user as the request loaded it: it
// costs no query. An impersonation session passes: the administrator
// acting is not the user, and cannot accept for them.
func (p *Plugin) CheckSession(_ context.Context, c *auth.Call) error {
	if Accepted(c.User()) == p.cfg.version {
		return nil
	}
	if _, ok := admin.ImpersonationOf(c.Session()); ok {
		return nil
	}
	if !c.Admitting() && slices.Contains(p.allowed, c.Op().Name) {
		return nil
	}
	return ErrTermsNotAccepted
}

// ErrorCodes implements [auth.ErrorCoder]: the session check's code.
func (p *Plugin) ErrorCodes() []*auth.Error { return []*auth.Error{ErrTermsNotAccepted} }
