package passkey

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

func (p *Plugin) handleList(ctx context.Context, c *auth.Call, _ auth.Empty) (List, error) {
	recs, err := userRecords(ctx, c.DB(), c.User().ID)
	if err != nil {
		return List{}, err
	}
	out := List{Passkeys: make([]Passkey, 0, len(recs))}
	for _, r := range recs {
		out.Passkeys = append(out.Passkeys, r.passkey())
	}
	return out, nil
}

// handleRename renames one of the caller's passkeys; another person's
// answers as one that does not exist.
func (p *Plugin) handleRename(ctx context.Context, c *auth.Call, in RenameRequest) (auth.Empty, error) {
	n, err := c.DB().Exec(ctx, sqlb.Update(Passkeys).Set(PasskeyName.Set(strings.TrimSpace(in.Name))).
		Where(sqlb.And(PasskeyID.Eq(in.ID), PasskeyUserID.Eq(c.User().ID))))
	if err != nil {
		return auth.Empty{}, err
	}
	if n != 1 {
		return auth.Empty{}, ErrNotFound
	}
	return auth.Empty{}, nil
}

// handleRemove removes one of the caller's passkeys, unless no other way
// to sign in would be left, as an account-security event that ends the
// caller's other sessions and the flows they started.
func (p *Plugin) handleRemove(ctx context.Context, c *auth.Call, in RemoveRequest) (auth.Empty, error) {
	uid := c.User().ID
	// Two removals of a person's last two ways in, at once, must not both
	// see the other as what is left: they take turns on the person's row.
	err := c.LockUser(ctx, uid)
	if errors.Is(err, auth.ErrUserNotFound) {
		return auth.Empty{}, ErrNotFound
	}
	if err != nil {
		return auth.Empty{}, err
	}
	all, err := c.Identities(ctx, uid, "")
	if err != nil {
		return auth.Empty{}, err
	}
	var target *auth.Identity
	others := 0
	for _, id := range all {
		switch k, ok := p.a.IdentityKind(id.Kind); {
		case id.ID == in.ID && id.Kind == Kind:
			target = id
		case ok && k.SignIn && id.Verified():
			others++
		}
	}
	if target == nil {
		return auth.Empty{}, ErrNotFound
	}
	if others == 0 {
		return auth.Empty{}, ErrLastSignIn
	}
	if err := c.RemoveIdentity(ctx, uid, target.ID); err != nil {
		return auth.Empty{}, err
	}
	if err := c.AccountChanged(ctx, uid, auth.IdentityRemoved, true); err != nil {
		return auth.Empty{}, err
	}
	c.AfterCommit(func(ctx context.Context) { c.Emit(ctx, EventRemoved, target.ID) })
	return auth.Empty{}, nil
}

func nullTime(t time.Time) sql.Null[time.Time] { return sql.Null[time.Time]{V: t, Valid: !t.IsZero()} }
