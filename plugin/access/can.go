package access

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"slices"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/plugin/apikey"
	"github.com/sesame-go/sesame/sqlb"
)

// Subject is whose permissions [Plugin.Can] checks: the caller of the
// context ([Caller]) or a user named by ID ([User]), in a scope ([Subject.In]).
// The zero Subject is no one, and checking it is an error.
type Subject struct {
	userID string
	caller bool
	scope  string
}

// Caller is the signed-in user of the context's request, as
// authhttp.Middleware admitted it: with the limits of the API key the
// request presents, if any (see [Plugin.Can]).
func Caller() Subject { return Subject{caller: true} }

// User is the user of an ID, with every permission their roles give.
func User(id string) Subject { return Subject{userID: id} }

// In returns the subject within a scope (an organization's ID, say): the
// roles granted in that scope count, besides those granted in every
// scope ("").
func (s Subject) In(scope string) Subject {
	s.scope = scope
	return s
}

// errNotWired is a call before auth.New made the plugin part of an instance.
var errNotWired = errors.New("access: the plugin is used before auth.New: pass it to auth.WithPlugins")

// ErrNoSubject is the zero [Subject], or a user ID that is not a name.
var ErrNoSubject = errors.New("access: no subject: use access.Caller() or access.User(id)")

// Can reports whether the subject may do action on resource: whether a
// role they hold in the subject's scope, or in every scope, grants it.
// A role of [WithRoles] grants its statements; a custom role those
// stored for it. For [Caller], it answers [auth.ErrNoSession] when the
// context has no signed-in user (or the session check's refusal, such as
// a ban); a request that presents an API key may do only what both the
// key's scopes ("resource:action", exactly) and its owner's roles allow,
// and a credential of another resolver, whose limits this plugin cannot
// read, may do nothing. A scope that is not a name (see [MaxName]) can
// hold no grant, and a check in it answers false, whatever the global
// roles. An unknown resource or action is an error: a typing mistake must
// not read as a refusal.
func (p *Plugin) Can(ctx context.Context, s Subject, resource, action string) (bool, error) {
	if p.a == nil {
		return false, errNotWired
	}
	return p.can(ctx, p.a.DB(), s, resource, action)
}

func (p *Plugin) can(ctx context.Context, db *sqlb.DB, s Subject, resource, action string) (bool, error) {
	if !p.resources.knows(resource, action) {
		return false, fmt.Errorf("access: unknown permission %q on %q", action, resource)
	}
	if s.scope != "" && !validName(s.scope) {
		return false, nil // no grant can be in a scope that is not a name
	}
	userID, limited, err := resolve(ctx, s)
	if err != nil {
		return false, err
	}
	if limited != nil && !slices.Contains(limited, KeyScope(resource, action)) {
		return false, nil
	}
	return p.holds(ctx, db, userID, s.scope, func(st Statements) bool { return st.Allows(resource, action) })
}

// resolve returns the user a subject is and, for a caller who presented
// a credential, the key scopes they are limited to (never nil then).
func resolve(ctx context.Context, s Subject) (string, []string, error) {
	if s.caller {
		return callerOf(ctx)
	}
	if !validName(s.userID) {
		return "", nil, ErrNoSubject
	}
	return s.userID, nil, nil
}

// KeyScope returns the API-key scope that stands for action on resource:
// "resource:action". A key created with it may do that action, if its
// owner may.
func KeyScope(resource, action string) string { return resource + ":" + action }

// KeyScopes returns the API-key scope of every permission of the
// vocabulary ([KeyScope]), sorted: what to declare with apikey.WithScopes.
// A permission whose scope would pass the apikey plugin's 64 bytes has
// none, and no key can carry it.
func KeyScopes(r Resources) []string {
	var out []string
	for _, res := range sortedKeys(r) {
		for _, act := range r[res] {
			if s := KeyScope(res, act); len(s) <= MaxName {
				out = append(out, s)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// callerOf returns the signed-in user of ctx and, for a request that
// presented a credential, the scopes it is limited to (never nil then).
func callerOf(ctx context.Context) (string, []string, error) {
	req := auth.RequestFrom(ctx)
	if req == nil {
		return "", nil, auth.ErrNoSession
	}
	s, u, blocked := req.Admission()
	if blocked != nil {
		return "", nil, blocked
	}
	if u == nil || s == nil {
		return "", nil, auth.ErrNoSession
	}
	if s.ResolvedBy == "" {
		return u.ID, nil, nil
	}
	_, scopes, ok := apikey.KeyOf(s)
	if !ok || scopes == nil {
		scopes = []string{}
	}
	return u.ID, scopes, nil
}

// holds reports whether a role of the user in scope (or in every scope)
// has statements that pass ok, in one query.
func (p *Plugin) holds(ctx context.Context, db *sqlb.DB, userID, scope string, ok func(Statements) bool) (bool, error) {
	var role string
	var doc sql.Null[string]
	found := false
	var bad error
	scopes, key := []string{""}, "access.holds"
	if scope != "" {
		scopes, key = append(scopes, scope), "access.holdsIn"
	}
	err := db.All(ctx, sqlb.Select(GrantRole.Into(&role), sqlb.OrNull(CustomRoleStatements).Into(&doc)).From(Grants).
		LeftJoin(CustomRoles, sqlb.And(CustomRoleScope.EqCol(GrantScope), CustomRoleName.EqCol(GrantRole))).
		Where(sqlb.And(GrantUserID.Eq(userID), GrantScope.In(scopes...))).Key(key), func() error {
		if found {
			return nil
		}
		if st, builtin := p.roles[role]; builtin {
			found = ok(st)
			return nil
		}
		if !doc.Valid {
			return nil // the grant of a custom role deleted since: it grants nothing
		}
		st, err := decode(doc.V)
		if err != nil {
			bad = err
			return nil
		}
		found = ok(st)
		return nil
	})
	if err != nil {
		return false, err
	}
	if !found && bad != nil {
		return false, bad
	}
	return found, nil
}

// RolesOf returns the roles a user holds in exactly the scope given
// ("" for those of every scope), sorted.
func (p *Plugin) RolesOf(ctx context.Context, userID, scope string) ([]string, error) {
	if p.a == nil {
		return nil, errNotWired
	}
	if !validName(userID) || (scope != "" && !validName(scope)) {
		return nil, nil // no grant can name them
	}
	return rolesOf(ctx, p.a.DB(), userID, scope)
}

func rolesOf(ctx context.Context, db *sqlb.DB, userID, scope string) ([]string, error) {
	var role string
	var out []string
	err := db.All(ctx, sqlb.Select(GrantRole.Into(&role)).From(Grants).
		Where(sqlb.And(GrantUserID.Eq(userID), GrantScope.Eq(scope))).OrderBy(GrantRole.Asc()), func() error {
		out = append(out, role)
		return nil
	})
	return out, err
}

// RequirePermission lets through the requests whose caller may do
// action on resource, as [Plugin.Can] with [Caller] decides: it answers
// as authhttp.RequireUser does without a signed-in user (401 no_session,
// or a session check's refusal), 403 [ErrPermissionDenied] when neither
// the caller's roles nor (for an API key) the key's scopes allow it, and
// 500 internal when the check fails. It needs authhttp.Middleware in
// front of it, and panics for a permission the vocabulary does not
// declare, since that is a wiring mistake to find at once.
func (p *Plugin) RequirePermission(resource, action string) func(http.Handler) http.Handler {
	if !p.resources.knows(resource, action) {
		panic(fmt.Sprintf("access: RequirePermission(%q, %q): the vocabulary declares no such permission", resource, action))
	}
	return authhttp.Require(func(r *http.Request) *auth.Error {
		ok, err := p.Can(r.Context(), Caller(), resource, action)
		if err != nil {
			e := auth.AsError(err)
			if e.Is(auth.ErrInternal) && p.a != nil {
				p.a.Logger().ErrorContext(r.Context(), "access: checking a permission failed", "err", err)
			}
			return e
		}
		if !ok {
			return ErrPermissionDenied
		}
		return nil
	})
}
