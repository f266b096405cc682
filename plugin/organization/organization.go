package organization

import (
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/access"
)

// Name is the plugin's name.
const Name = "organization"

// Plugin is organizations: their members with roles of the access
// plugin, granted in the organization's scope (its ID), and invitations.
type Plugin struct {
	acc *access.Plugin
	cfg config
	a   *auth.Auth
	ops ops
}

var (
	_ auth.Plugin             = (*Plugin)(nil)
	_ auth.Initializer        = (*Plugin)(nil)
	_ auth.Validator          = (*Plugin)(nil)
	_ auth.Schema             = (*Plugin)(nil)
	_ auth.Operator           = (*Plugin)(nil)
	_ auth.SessionEndObserver = (*Plugin)(nil)
	_ auth.IdentityObserver   = (*Plugin)(nil)
)

// New returns the plugin, built on acc: the access plugin whose
// vocabulary includes [Resources] and whose roles include the owner role
// ([WithOwnerRole], "owner" by default) and the default role of
// invitations ([WithMemberRole], "member"). [DefaultRoles] are three
// such roles. Pass both plugins to [auth.WithPlugins].
func New(acc *access.Plugin, opts ...Option) *Plugin {
	p := &Plugin{acc: acc, cfg: newConfig(opts)}
	p.ops = p.newOps()
	return p
}

// Name implements [auth.Plugin].
func (p *Plugin) Name() string { return Name }

// Init implements [auth.Initializer].
func (p *Plugin) Init(a *auth.Auth) error {
	p.a = a
	return nil
}

// Validate implements [auth.Validator]: the access plugin is there, knows
// every permission this plugin asks about, and has the owner and member
// roles; the owner role holds every permission of [Resources].
func (p *Plugin) Validate(a *auth.Auth) error {
	if p.acc == nil {
		return errors.New("organization: New needs the access plugin")
	}
	var errs []error
	found := false
	for _, q := range a.Plugins() {
		if q == auth.Plugin(p.acc) {
			found = true
		}
	}
	if !found {
		errs = append(errs, errors.New("organization: pass its access plugin to auth.WithPlugins too"))
	}
	for _, res := range slices.Sorted(maps.Keys(Resources())) {
		for _, act := range Resources()[res] {
			if !p.acc.Knows(res, act) {
				errs = append(errs, fmt.Errorf("organization: the access vocabulary lacks action %q of resource %q (merge organization.Resources())", act, res))
			}
		}
	}
	owner, ok := p.acc.RoleStatements(p.cfg.ownerRole)
	if !ok {
		errs = append(errs, fmt.Errorf("organization: the access plugin has no owner role %q (see WithOwnerRole)", p.cfg.ownerRole))
	}
	for res, acts := range Resources() {
		for _, act := range acts {
			if ok && !owner.Allows(res, act) {
				errs = append(errs, fmt.Errorf("organization: the owner role %q must grant %s:%s", p.cfg.ownerRole, res, act))
			}
		}
	}
	if _, ok := p.acc.RoleStatements(p.cfg.memberRole); !ok {
		errs = append(errs, fmt.Errorf("organization: the access plugin has no member role %q (see WithMemberRole)", p.cfg.memberRole))
	}
	return errors.Join(errs...)
}
