package emailchallenge

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// Challenges is auth_email_challenge: one row per challenge, found by the
// hash of the browser's binding value. Completed marks the one winner of
// the link and the code; the session itself is collected by using up the
// challenge's own token (purpose emailchallenge.claim), bound to the
// person, so that account-security events end a challenge too.
var (
	Challenges         = sqlb.NewTable("auth_email_challenge")
	ChallengeID        = sqlb.NewColumn[string](Challenges, "id", sqlb.String(36).Labeled("id"))
	ChallengeBinding   = sqlb.NewColumn[[]byte](Challenges, "binding_hash", sqlb.Bytes(32))
	ChallengeUserID    = sqlb.NewColumn[sql.Null[string]](Challenges, "user_id", sqlb.String(36).Labeled("id"), sqlb.Nullable(), sqlb.References(auth.UserID, sqlb.Cascade))
	ChallengeReturnTo  = sqlb.NewColumn[string](Challenges, "return_to", sqlb.Text())
	ChallengeCreatedAt = sqlb.NewColumn[time.Time](Challenges, "created_at", sqlb.Time())
	ChallengeExpiresAt = sqlb.NewColumn[time.Time](Challenges, "expires_at", sqlb.Time())
	ChallengeCompleted = sqlb.NewColumn[sql.Null[time.Time]](Challenges, "completed_at", sqlb.Time(), sqlb.Nullable())
)

func init() {
	Challenges.PrimaryKey(ChallengeID)
	Challenges.Unique(ChallengeBinding)
	Challenges.Index(ChallengeExpiresAt)
}

// Tables implements [auth.Schema].
func (p *Plugin) Tables() []*sqlb.Table { return []*sqlb.Table{Challenges} }

// Migrations implements [auth.Schema].
func (p *Plugin) Migrations() []auth.Migration {
	return []auth.Migration{auth.Changes("001_create", sqlb.CreateTable(Challenges))}
}

// Sweep implements [auth.Sweeper]: challenges past their claim window.
func (p *Plugin) Sweep(ctx context.Context, db *sqlb.DB, now time.Time) (int64, error) {
	return db.Exec(ctx, sqlb.Delete(Challenges).Where(ChallengeExpiresAt.Lt(now.Add(-ClaimWindow))))
}

// challenge is one row.
type challenge struct {
	id, userID, returnTo string
	expiresAt, completed time.Time
}

// load finds the challenge of a binding value; [ErrChallengeInvalid] when
// there is none.
func load(ctx context.Context, db *sqlb.DB, binding auth.Secret) (*challenge, error) {
	var ch challenge
	var user sql.Null[string]
	var done sql.Null[time.Time]
	err := db.One(ctx, sqlb.Select(ChallengeID.Into(&ch.id), ChallengeUserID.Into(&user), ChallengeReturnTo.Into(&ch.returnTo),
		ChallengeExpiresAt.Into(&ch.expiresAt), ChallengeCompleted.Into(&done)).
		From(Challenges).Where(ChallengeBinding.Eq(bindingHash(binding))))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrChallengeInvalid
	}
	if err != nil {
		return nil, err
	}
	ch.userID, ch.completed = user.V, done.V
	return &ch, nil
}

// complete marks a live challenge completed; it reports whether this call
// was the one winner, under any concurrency.
func complete(ctx context.Context, c *auth.Call, id string) (bool, error) {
	now := c.Now()
	n, err := c.DB().Exec(ctx, sqlb.Update(Challenges).Set(ChallengeCompleted.Set(sql.Null[time.Time]{V: now, Valid: true})).
		Where(sqlb.And(ChallengeID.Eq(id), ChallengeCompleted.IsNull(), ChallengeExpiresAt.Gt(now), ChallengeUserID.IsNotNull())))
	return n == 1, err
}

type nullTime = sql.Null[time.Time]

func nullString(s string) sql.Null[string] { return sql.Null[string]{V: s, Valid: s != ""} }
