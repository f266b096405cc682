package invite

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// live is the condition of an invitation that may still make an account.
func live(now time.Time) sqlb.Cond {
	return sqlb.And(InvitationRevokedAt.IsNull(), InvitationExpiresAt.Gt(now),
		sqlb.Compare[int64](InvitationUses, sqlb.OpLt, InvitationMaxUses))
}

// find returns the live invitation of a code: [ErrInvitationInvalid] for a
// malformed code, an unknown one, and one used up, revoked or expired
// alike. The code is looked up by its SHA-256, as sessions are.
func find(ctx context.Context, db *sqlb.DB, code auth.Secret, now time.Time) (*Invitation, error) {
	if !wellFormed(code) {
		return nil, ErrInvitationInvalid
	}
	inv, err := one(ctx, db, sqlb.And(InvitationCodeHash.Eq(codeHash(code)), live(now)))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrInvitationInvalid
	}
	return inv, err
}

// claim counts one use of a live invitation. It reports false when the
// invitation stopped being live meanwhile: the conditional update decides
// between concurrent sign-ups, so that an invitation never makes more
// accounts than it may.
func claim(ctx context.Context, db *sqlb.DB, id string, now time.Time) (bool, error) {
	n, err := db.Exec(ctx, sqlb.Update(Invitations).
		Set(InvitationUses.SetTo(sqlb.Add[int64](InvitationUses, sqlb.Val[int64](1)))).
		Where(sqlb.And(InvitationID.Eq(id), live(now))))
	return n == 1, err
}

// one reads the invitation a condition finds, without its uses.
func one(ctx context.Context, db *sqlb.DB, where sqlb.Cond) (*Invitation, error) {
	var inv Invitation
	q, scan := selectInvitation(&inv)
	if err := db.One(ctx, q.Where(where)); err != nil {
		return nil, err
	}
	scan()
	return &inv, nil
}

// selectInvitation selects an invitation's columns into inv; scan copies
// the nullable ones in after each row.
func selectInvitation(inv *Invitation) (*sqlb.SelectStmt, func()) {
	var by, mail sql.Null[string]
	var revoked sql.Null[time.Time]
	q := sqlb.Select(InvitationID.Into(&inv.ID), InvitationCreatedBy.Into(&by), InvitationEmail.Into(&mail),
		InvitationMaxUses.Into(&inv.MaxUses), InvitationUses.Into(&inv.Uses), InvitationCreatedAt.Into(&inv.CreatedAt),
		InvitationExpiresAt.Into(&inv.ExpiresAt), InvitationRevokedAt.Into(&revoked)).From(Invitations)
	return q, func() { inv.CreatedBy, inv.Email, inv.RevokedAt, inv.UsedBy = by.V, mail.V, revoked.V, []Use{} }
}

// list returns a user's invitations, newest first, with their uses.
func list(ctx context.Context, db *sqlb.DB, userID string) ([]Invitation, error) {
	var out []Invitation
	var inv Invitation
	q, scan := selectInvitation(&inv)
	q = q.Where(InvitationCreatedBy.Eq(sql.Null[string]{V: userID, Valid: true})).
		OrderBy(InvitationCreatedAt.Desc(), InvitationID.Desc()).Limit(ListLimit)
	if err := db.All(ctx, q, func() error { scan(); out = append(out, inv); return nil }); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return []Invitation{}, nil
	}
	ids := make([]string, len(out))
	at := map[string]int{}
	for i, inv := range out {
		ids[i], at[inv.ID] = inv.ID, i
	}
	var u Use
	var invID string
	uq := sqlb.Select(UseInvitationID.Into(&invID), UseUserID.Into(&u.UserID), UseCreatedAt.Into(&u.UsedAt)).
		From(Uses).Where(UseInvitationID.In(ids...)).OrderBy(UseCreatedAt.Asc(), UseUserID.Asc())
	err := db.All(ctx, uq, func() error {
		i := at[invID]
		out[i].UsedBy = append(out[i].UsedBy, u)
		return nil
	})
	return out, err
}

// boundEmail returns the address of the email-bound invitation a user
// signed up with, or "" when there is none.
func boundEmail(ctx context.Context, db *sqlb.DB, userID string) (string, error) {
	var mail sql.Null[string]
	err := db.One(ctx, sqlb.Select(InvitationEmail.Into(&mail)).From(Uses).
		Join(Invitations, sqlb.Compare[string](InvitationID, sqlb.OpEq, UseInvitationID)).
		Where(sqlb.And(UseUserID.Eq(userID), InvitationEmail.IsNotNull())).Limit(1))
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return mail.V, err
}

func nullString(s string) sql.Null[string] { return sql.Null[string]{V: s, Valid: s != ""} }

func nullTime(t time.Time) sql.Null[time.Time] { return sql.Null[time.Time]{V: t, Valid: true} }
