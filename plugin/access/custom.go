package access

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// defineRole stores a custom role, checked against the vocabulary.
func (p *Plugin) defineRole(ctx context.Context, c *auth.Call, in DefineRoleRequest) (Changed, error) {
	if _, ok := p.roles[in.Name]; ok {
		return Changed{}, ErrRoleTaken
	}
	if errs := p.resources.checkStatements(in.Name, in.Statements); len(errs) > 0 {
		msgs := make([]string, len(errs))
		for i, e := range errs {
			msgs[i] = strings.TrimPrefix(e.Error(), "access: ")
		}
		return Changed{}, auth.ErrInvalidInput.With(strings.Join(msgs, "; "))
	}
	doc, err := json.Marshal(normalize(in.Statements))
	if err != nil {
		return Changed{}, err
	}
	now, where := c.Now(), sqlb.And(CustomRoleScope.Eq(in.Scope), CustomRoleName.Eq(in.Name))
	update := sqlb.Update(CustomRoles).Set(CustomRoleStatements.Set(string(doc)), CustomRoleUpdatedAt.Set(now)).Where(where)
	var name string
	err = c.DB().One(ctx, sqlb.Select(CustomRoleName.Into(&name)).From(CustomRoles).Where(where).ForUpdate())
	switch {
	case err == nil:
		_, err = c.DB().Exec(ctx, update)
		if err == nil {
			c.EmitCommitted(EventRoleDefined, "scope="+in.Scope+" role="+in.Name)
		}
		return Changed{}, err
	case !errors.Is(err, sql.ErrNoRows):
		return Changed{}, err
	}
	// A new role starts with no grants, even if a grant of an earlier
	// role of this name outlived it.
	if _, err := c.DB().Exec(ctx, sqlb.Delete(Grants).Where(sqlb.And(GrantScope.Eq(in.Scope), GrantRole.Eq(in.Name)))); err != nil {
		return Changed{}, err
	}
	n, err := c.DB().Exec(ctx, sqlb.Insert(CustomRoles).Row(CustomRoleScope.Set(in.Scope), CustomRoleName.Set(in.Name),
		CustomRoleStatements.Set(string(doc)), CustomRoleCreatedAt.Set(now), CustomRoleUpdatedAt.Set(now)).
		OnConflictDoNothing(CustomRoleScope, CustomRoleName))
	if err != nil {
		return Changed{}, err
	}
	if n == 0 { // created by a concurrent call in the meantime: replace its statements
		if _, err := c.DB().Exec(ctx, update); err != nil {
			return Changed{}, err
		}
	}
	c.EmitCommitted(EventRoleDefined, "scope="+in.Scope+" role="+in.Name)
	return Changed{Changed: n == 1}, nil
}

// deleteRole deletes a custom role and its grants.
func (p *Plugin) deleteRole(ctx context.Context, c *auth.Call, in RoleRequest) (Changed, error) {
	n, err := c.DB().Exec(ctx, sqlb.Delete(CustomRoles).Where(sqlb.And(CustomRoleScope.Eq(in.Scope), CustomRoleName.Eq(in.Name))))
	if err != nil {
		return Changed{}, err
	}
	if n == 0 {
		return Changed{}, ErrUnknownRole
	}
	if _, err := c.DB().Exec(ctx, sqlb.Delete(Grants).Where(sqlb.And(GrantScope.Eq(in.Scope), GrantRole.Eq(in.Name)))); err != nil {
		return Changed{}, err
	}
	c.EmitCommitted(EventRoleDeleted, "scope="+in.Scope+" role="+in.Name)
	return Changed{Changed: true}, nil
}

// CustomRole returns the statements of a custom role of a scope, and
// false when there is none.
func (p *Plugin) CustomRole(ctx context.Context, scope, name string) (Statements, bool, error) {
	var doc string
	err := p.a.DB().One(ctx, sqlb.Select(CustomRoleStatements.Into(&doc)).From(CustomRoles).
		Where(sqlb.And(CustomRoleScope.Eq(scope), CustomRoleName.Eq(name))))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	s, err := decode(doc)
	return s, err == nil, err
}

// normalize sorts and deduplicates the actions, so that a stored role
// reads back the same whatever order it was given in.
func normalize(s Statements) Statements {
	out := make(Statements, len(s))
	for res, acts := range s {
		acts = slices.Clone(acts)
		slices.Sort(acts)
		out[res] = slices.Compact(acts)
	}
	return out
}

// decode reads stored statements.
func decode(doc string) (Statements, error) {
	var s Statements
	if err := json.Unmarshal([]byte(doc), &s); err != nil {
		return nil, fmt.Errorf("access: stored statements: %w", err)
	}
	return s, nil
}
