package access

import (
	"context"
	"slices"

	"github.com/sesame-go/sesame/sqlb"
)

// Permissions returns every permission the subject holds, merged from
// the roles granted in its scope and in every scope, each resource's
// actions sorted; for a [Caller] presenting an API key, only those its
// scopes name too. A user with none gets an empty set.
func (p *Plugin) Permissions(ctx context.Context, s Subject) (Statements, error) {
	if p.a == nil {
		return nil, errNotWired
	}
	return p.permissions(ctx, p.a.DB(), s)
}

func (p *Plugin) permissions(ctx context.Context, db *sqlb.DB, s Subject) (Statements, error) {
	out := Statements{}
	if s.scope != "" && !validName(s.scope) {
		return out, nil
	}
	userID, limited, err := resolve(ctx, s)
	if err != nil {
		return nil, err
	}
	_, err = p.holds(ctx, db, userID, s.scope, func(st Statements) bool {
		for res, acts := range st {
			for _, act := range acts {
				if p.resources.knows(res, act) && (limited == nil || slices.Contains(limited, KeyScope(res, act))) &&
					!slices.Contains(out[res], act) {
					out[res] = append(out[res], act)
				}
			}
		}
		return false // read every role
	})
	for _, acts := range out {
		slices.Sort(acts)
	}
	return out, err
}

// Covers reports whether the subject holds every permission of a role:
// one of [WithRoles], or a custom role of the subject's scope. A host (or
// the organization plugin) asks it before letting someone grant or
// revoke the role, so that no one hands out more than they hold. It
// answers [ErrUnknownRole] for a role that is neither.
func (p *Plugin) Covers(ctx context.Context, s Subject, role string) (bool, error) {
	if p.a == nil {
		return false, errNotWired
	}
	return p.covers(ctx, p.a.DB(), s, role)
}

func (p *Plugin) covers(ctx context.Context, db *sqlb.DB, s Subject, role string) (bool, error) {
	if !validName(role) {
		return false, ErrUnknownRole
	}
	st, ok := p.roles[role]
	if !ok {
		custom, found, err := p.customRole(ctx, db, s.scope, role)
		if err != nil {
			return false, err
		}
		if !found {
			return false, ErrUnknownRole
		}
		st = custom
	}
	held, err := p.permissions(ctx, db, s)
	if err != nil {
		return false, err
	}
	for res, acts := range st {
		for _, act := range acts {
			if p.resources.knows(res, act) && !held.Allows(res, act) {
				return false, nil
			}
		}
	}
	return true, nil
}
