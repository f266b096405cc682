package access

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"sort"
)

// Statements are permissions: each resource names the actions granted on
// it, as in {"project": {"read", "write"}}.
type Statements map[string][]string

// Resources is the vocabulary of an instance: every resource and the
// actions it has. Roles, custom roles, API-key scopes and checks may name
// only what it declares.
type Resources map[string][]string

// Role is a named set of statements.
type Role struct {
	Name       string
	Statements Statements
}

// MaxName is the most bytes a resource, action, role or scope name has.
const MaxName = 64

// nameShape is what a resource, action, role or scope name may hold: no
// ':' (which separates resource and action in a key's scope), no '*', no
// space, nothing but ASCII.
var nameShape = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)

func validName(s string) bool { return nameShape.MatchString(s) }

// Allows reports whether s grants action on resource.
func (s Statements) Allows(resource, action string) bool {
	return slices.Contains(s[resource], action)
}

// check returns every problem of the vocabulary.
func (r Resources) check() []error {
	var errs []error
	if len(r) == 0 {
		errs = append(errs, errors.New("access: New needs at least one resource"))
	}
	for _, res := range sortedKeys(r) {
		if !validName(res) {
			errs = append(errs, fmt.Errorf("access: resource %q must be 1 to %d letters, digits, '.', '_' or '-'", res, MaxName))
		}
		if len(r[res]) == 0 {
			errs = append(errs, fmt.Errorf("access: resource %q has no action", res))
		}
		seen := map[string]bool{}
		for _, act := range r[res] {
			if !validName(act) {
				errs = append(errs, fmt.Errorf("access: action %q of resource %q must be 1 to %d letters, digits, '.', '_' or '-'", act, res, MaxName))
			}
			if seen[act] {
				errs = append(errs, fmt.Errorf("access: resource %q lists action %q twice", res, act))
			}
			seen[act] = true
		}
	}
	return errs
}

// knows reports whether the vocabulary declares action on resource.
func (r Resources) knows(resource, action string) bool {
	return slices.Contains(r[resource], action)
}

// checkStatements returns every problem of the statements of role
// against the vocabulary: an empty set, an unknown resource or action.
func (r Resources) checkStatements(role string, s Statements) []error {
	var errs []error
	if len(s) == 0 {
		errs = append(errs, fmt.Errorf("access: role %q grants nothing", role))
	}
	for _, res := range sortedKeys(s) {
		if _, ok := r[res]; !ok {
			errs = append(errs, fmt.Errorf("access: role %q names unknown resource %q", role, res))
			continue
		}
		if len(s[res]) == 0 {
			errs = append(errs, fmt.Errorf("access: role %q lists no action on %q", role, res))
		}
		for _, act := range s[res] {
			if !r.knows(res, act) {
				errs = append(errs, fmt.Errorf("access: role %q names unknown action %q of %q", role, act, res))
			}
		}
	}
	return errs
}

// checkRoles returns every problem of the host's roles: a bad or
// duplicate name, and the problems of their statements.
func (r Resources) checkRoles(roles []Role) []error {
	var errs []error
	seen := map[string]bool{}
	for _, role := range roles {
		if !validName(role.Name) {
			errs = append(errs, fmt.Errorf("access: role name %q must be 1 to %d letters, digits, '.', '_' or '-'", role.Name, MaxName))
		}
		if seen[role.Name] {
			errs = append(errs, fmt.Errorf("access: role %q is declared twice", role.Name))
		}
		seen[role.Name] = true
		errs = append(errs, r.checkStatements(role.Name, role.Statements)...)
	}
	return errs
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Knows reports whether the vocabulary declares action on resource, for
// plugins built on this one to check, at [auth.New], that the permissions
// they ask about exist.
func (p *Plugin) Knows(resource, action string) bool { return p.resources.knows(resource, action) }
