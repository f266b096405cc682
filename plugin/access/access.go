package access

import (
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/sesame-go/sesame/auth"
)

// Name is the plugin's name.
const Name = "access"

// The plugin's events, raised once the operation that made the change
// committed. They end no session: a revoked role stops granting at the
// next check, which reads the grants from the database every time.
const (
	// EventRoleGranted is a role granted to a user in a scope; the detail
	// names the user, scope and role.
	EventRoleGranted = "access.role_granted"
	// EventRoleRevoked is a role taken from a user in a scope.
	EventRoleRevoked = "access.role_revoked"
	// EventRoleDefined is a custom role stored (created or changed) in a scope.
	EventRoleDefined = "access.role_defined"
	// EventRoleDeleted is a custom role deleted from a scope, with its grants.
	EventRoleDeleted = "access.role_deleted"
)

// Plugin is the permission model: a vocabulary of resources and actions,
// roles over it, and grants of roles to users per scope.
type Plugin struct {
	resources Resources
	cfg       config
	roles     map[string]Statements
	a         *auth.Auth
	ops       ops
	// forAdmin is set once [Plugin.AdminAuthorizer] was asked for.
	forAdmin bool
}

var (
	_ auth.Plugin      = (*Plugin)(nil)
	_ auth.Initializer = (*Plugin)(nil)
	_ auth.Validator   = (*Plugin)(nil)
	_ auth.Schema      = (*Plugin)(nil)
	_ auth.Operator    = (*Plugin)(nil)
)

// New returns the plugin for the vocabulary resources, with the roles of
// [WithRoles]. Problems of either are reported by [auth.New].
func New(resources Resources, opts ...Option) *Plugin {
	p := &Plugin{resources: cloneStatements(resources), cfg: newConfig(opts), roles: map[string]Statements{}}
	for _, r := range p.cfg.roles {
		if _, ok := p.roles[r.Name]; !ok {
			p.roles[r.Name] = Statements(cloneStatements(Resources(r.Statements)))
		}
	}
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

// Validate implements [auth.Validator]: every problem of the vocabulary
// and of the roles, in one error.
func (p *Plugin) Validate(*auth.Auth) error {
	errs := append(p.resources.check(), p.resources.checkRoles(p.cfg.roles)...)
	if p.forAdmin {
		for res, acts := range AdminResources() {
			for _, act := range acts {
				if !p.resources.knows(res, act) {
					errs = append(errs, fmt.Errorf("access: AdminAuthorizer needs action %q of resource %q (see AdminResources)", act, res))
				}
			}
		}
	}
	return errors.Join(errs...)
}

// Roles returns the names of the roles of [WithRoles], sorted.
func (p *Plugin) Roles() []string { return sortedKeys(p.roles) }

// RoleStatements returns what a role of [WithRoles] grants, and false for
// a name that is none.
func (p *Plugin) RoleStatements(name string) (Statements, bool) {
	s, ok := p.roles[name]
	return Statements(cloneStatements(Resources(s))), ok
}

// cloneStatements copies r so that the caller's later changes reach
// nothing of the plugin's.
func cloneStatements(r Resources) Resources {
	out := make(Resources, len(r))
	for k, v := range maps.All(r) {
		out[k] = slices.Clone(v)
	}
	return out
}
