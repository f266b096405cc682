package admin

import (
	"context"
	"errors"
	"unicode"
	"unicode/utf8"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// Search reads users in batches, in the order of their IDs, and matches
// them in Go, so that every engine matches alike (case folding and
// collations differ between them); a call reads at most scanBudget users.
const (
	scanBatch  = 200
	scanBudget = 2000
)

func (p *Plugin) listUsers(ctx context.Context, c *auth.Call, in ListUsersRequest) (UserPage, error) {
	if err := p.authorize(ctx, c, Action{Permission: PermViewUsers}); err != nil {
		return UserPage{}, err
	}
	limit := in.Limit
	if limit == 0 {
		limit = DefaultPage
	}
	if in.By == ByID && in.Query != "" {
		return p.byID(ctx, c, in.Query)
	}
	ids, next, err := p.scan(ctx, c, in, limit)
	if err != nil {
		return UserPage{}, err
	}
	page := UserPage{Users: make([]*auth.User, 0, len(ids)), NextCursor: next}
	for _, id := range ids {
		u, err := c.LoadUser(ctx, id)
		if err != nil {
			return UserPage{}, err
		}
		page.Users = append(page.Users, u)
	}
	return page, nil
}

// byID is the page of the one user of an ID, or an empty one.
func (p *Plugin) byID(ctx context.Context, c *auth.Call, id string) (UserPage, error) {
	page := UserPage{Users: []*auth.User{}}
	if !validID(id) {
		return page, nil
	}
	u, err := c.LoadUser(ctx, id)
	if errors.Is(err, auth.ErrUserNotFound) {
		return page, nil
	}
	if err != nil {
		return UserPage{}, err
	}
	page.Users = append(page.Users, u)
	return page, nil
}

// scan returns the IDs of up to limit matching users after the cursor,
// and the cursor of the next page: the last match when the page is full,
// the last user read when the budget ran out, "" at the end.
func (p *Plugin) scan(ctx context.Context, c *auth.Call, in ListUsersRequest, limit int) ([]string, string, error) {
	var out []string
	after := in.Cursor
	for read := 0; read < scanBudget; {
		var id, name string
		var ids, names []string
		q := sqlb.Select(auth.UserID.Into(&id), auth.UserName.Into(&name)).From(auth.Users).
			OrderBy(auth.UserID.Asc()).Limit(scanBatch)
		if after != "" {
			q = q.Where(auth.UserID.Gt(after))
		}
		err := c.DB().All(ctx, q, func() error {
			ids, names = append(ids, id), append(names, name)
			return nil
		})
		if err != nil || len(ids) == 0 {
			return out, "", err
		}
		match, err := p.matcher(ctx, c, in, ids, names)
		if err != nil {
			return nil, "", err
		}
		for i, id := range ids {
			if !match(i) {
				continue
			}
			out = append(out, id)
			if len(out) == limit {
				return out, id, nil
			}
		}
		if len(ids) < scanBatch {
			return out, "", nil
		}
		after, read = ids[len(ids)-1], read+len(ids)
	}
	return out, after, nil
}

// matcher returns which users of a batch match the request.
func (p *Plugin) matcher(ctx context.Context, c *auth.Call, in ListUsersRequest, ids, names []string) (func(int) bool, error) {
	switch {
	case in.Query == "":
		return func(int) bool { return true }, nil
	case in.By == ByIdentifier:
		hit, err := identityMatches(ctx, c, in, ids)
		return func(i int) bool { return hit[ids[i]] }, err
	default:
		return func(i int) bool { return hasFoldPrefix(names[i], in.Query) }, nil
	}
}

// identityMatches returns the users of ids with an identifier that starts
// with the query.
func identityMatches(ctx context.Context, c *auth.Call, in ListUsersRequest, ids []string) (map[string]bool, error) {
	var uid, value string
	cond := []sqlb.Cond{auth.IdentityUserID.In(ids...)}
	if in.Kind != "" {
		cond = append(cond, auth.IdentityKindName.Eq(in.Kind))
	}
	hit := map[string]bool{}
	err := c.DB().All(ctx, sqlb.Select(auth.IdentityUserID.Into(&uid), auth.IdentityValue.Into(&value)).
		From(auth.Identities).Where(sqlb.And(cond...)), func() error {
		if hasFoldPrefix(value, in.Query) {
			hit[uid] = true
		}
		return nil
	})
	return hit, err
}

// hasFoldPrefix reports whether s starts with prefix under Unicode simple
// case folding, character by character.
func hasFoldPrefix(s, prefix string) bool {
	for prefix != "" {
		if s == "" {
			return false
		}
		a, na := utf8.DecodeRuneInString(s)
		b, nb := utf8.DecodeRuneInString(prefix)
		if a != b && !equalFold(a, b) {
			return false
		}
		s, prefix = s[na:], prefix[nb:]
	}
	return true
}

func equalFold(a, b rune) bool {
	for r := unicode.SimpleFold(a); r != a; r = unicode.SimpleFold(r) {
		if r == b {
			return true
		}
	}
	return false
}
