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
	target, err := c.Identity(ctx, uid, in.ID)
	if errors.Is(err, auth.ErrIdentityNotFound) || (err == nil && target.Kind != Kind) {
		return auth.Empty{}, ErrNotFound
	}
	if err != nil {
		return auth.Empty{}, err
	}
	// Under the person's lock, so that two removals of their last two ways
	// in at once take turns (TestRemoveLastTwoAtOnce).
	if err := c.RemoveSignIn(ctx, uid, target.ID); errors.Is(err, auth.ErrIdentityNotFound) {
		return auth.Empty{}, ErrNotFound
	} else if err != nil {
		return auth.Empty{}, err
	}
	if err := c.AccountChanged(ctx, uid, auth.IdentityRemoved, true); err != nil {
		return auth.Empty{}, err
	}
	c.EmitCommitted(EventRemoved, target.ID)
	return auth.Empty{}, nil
}

func nullTime(t time.Time) sql.Null[time.Time] { return sql.Null[time.Time]{V: t, Valid: !t.IsZero()} }
