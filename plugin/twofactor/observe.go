package twofactor

import (
	"context"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// IdentityVerified implements [auth.IdentityObserver]; nothing to do.
func (p *Plugin) IdentityVerified(context.Context, *auth.Call, *auth.Identity) error { return nil }

// IdentityRemoved implements [auth.IdentityObserver]: the mailed-codes
// factors of a removed address, and the texted-codes factors of a removed
// phone number, go with it, and the user's [Enabled]
// column follows.
func (p *Plugin) IdentityRemoved(ctx context.Context, c *auth.Call, id *auth.Identity) error {
	n, err := c.DB().Exec(ctx, sqlb.Delete(Factors).
		Where(sqlb.And(FactorUserID.Eq(id.UserID), FactorIdentityID.Eq(someString(id.ID)))))
	if err != nil || n == 0 {
		return err
	}
	_, err = p.setEnabled(ctx, c, id.UserID)
	return err
}

// Sweep implements [auth.Sweeper]: it deletes enrolments never confirmed,
// counts of pending sessions whose window is over, and expired trusted
// browsers. An account's counter stays: every verification locks it. (A
// session's scope is "s:" and its ID: the scopes from "s:" up to "s;",
// the character after the colon, compared byte for byte.)
func (p *Plugin) Sweep(ctx context.Context, db *sqlb.DB, now time.Time) (int64, error) {
	var total int64
	for _, q := range []sqlb.Statement{
		sqlb.Delete(Factors).Where(sqlb.And(FactorConfirmedAt.IsNull(), FactorCreatedAt.Le(now.Add(-p.cfg.enrolTTL)))),
		sqlb.Delete(Attempts).Where(sqlb.And(AttemptScope.Ge("s:"), AttemptScope.Lt("s;"), AttemptExpiresAt.Le(now))),
		sqlb.Delete(Devices).Where(DeviceExpiresAt.Le(now)),
	} {
		n, err := db.Exec(ctx, q)
		if err != nil {
			return total, err
		}
		total += n
	}
	return total, nil
}
