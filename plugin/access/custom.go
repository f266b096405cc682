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
	// One upsert, which takes the row's lock at once on every engine (an
	// insert then an update would deadlock concurrent definitions on
	// MySQL); the version it leaves says whether this call created the row.
	now := c.Now()
	if _, err := c.DB().Exec(ctx, sqlb.Insert(CustomRoles).Row(CustomRoleScope.Set(in.Scope), CustomRoleName.Set(in.Name),
		CustomRoleStatements.Set(string(doc)), CustomRoleVersion.Set(1), CustomRoleCreatedAt.Set(now), CustomRoleUpdatedAt.Set(now)).
		OnConflictUpdate([]sqlb.AnyColumn{CustomRoleScope, CustomRoleName},
			CustomRoleStatements.SetTo(sqlb.Excluded(CustomRoleStatements)), CustomRoleUpdatedAt.SetTo(sqlb.Excluded(CustomRoleUpdatedAt)),
			CustomRoleVersion.SetTo(sqlb.Add[int64](CustomRoleVersion, sqlb.Val[int64](1))))); err != nil {
		return Changed{}, err
	}
	var version int64
	if err := c.DB().One(ctx, sqlb.Select(CustomRoleVersion.Into(&version)).From(CustomRoles).
		Where(sqlb.And(CustomRoleScope.Eq(in.Scope), CustomRoleName.Eq(in.Name)))); err != nil {
		return Changed{}, err
	}
	c.EmitCommitted(EventRoleDefined, "scope="+in.Scope+" role="+in.Name)
	return Changed{Changed: version == 1}, nil
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
	if p.a == nil {
		return nil, false, errNotWired
	}
	return p.customRole(ctx, p.a.DB(), scope, name)
}

func (p *Plugin) customRole(ctx context.Context, db *sqlb.DB, scope, name string) (Statements, bool, error) {
	if !validName(name) || (scope != "" && !validName(scope)) {
		return nil, false, nil // no role can have them
	}
	var doc string
	err := db.One(ctx, sqlb.Select(CustomRoleStatements.Into(&doc)).From(CustomRoles).
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
