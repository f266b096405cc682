package auth

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/sesame-go/sesame/sqlb"
)

// SweepReport says how many expired rows [Auth.Sweep] deleted, by table or
// plugin.
type SweepReport map[string]int64

// Sweep deletes expired rows: sessions, used or expired tokens, stale rate
// counters, then each plugin's ([Sweeper]). Run it from cron ("auth
// sweep"); nothing in Sesame runs in the background. It goes on after a
// failure and returns every error joined.
func (a *Auth) Sweep(ctx context.Context) (SweepReport, error) {
	now := a.Now()
	report := SweepReport{}
	var errs []error
	run := func(name string, fn func() (int64, error)) {
		var n int64
		err := retry(ctx, func() (err error) { n, err = fn(); return err })
		if err != nil {
			errs = append(errs, fmt.Errorf("auth: sweep %s: %w", name, err))
			return
		}
		report[name] = n
	}
	run("sessions", func() (int64, error) { return a.sessions.Sweep(ctx, a.db, now) })
	run("tokens", func() (int64, error) {
		return a.db.Exec(ctx, sqlb.Delete(Tokens).Where(sqlb.Or(TokenExpiresAt.Le(now), TokenConsumedAt.IsNotNull())))
	})
	run("unverified_identities", func() (int64, error) { return a.sweepClaims(ctx, now) })
	run("outbox", func() (int64, error) { // messages given up a week ago
		return a.db.Exec(ctx, sqlb.Delete(Outbox).Where(sqlb.And(OutboxNextAt.IsNull(), OutboxCreatedAt.Le(now.Add(-7*24*time.Hour)))))
	})
	run("rate_limits", func() (int64, error) {
		return a.db.Exec(ctx, sqlb.Delete(RateLimits).Where(RateLimitExpiresAt.Le(now)))
	})
	for _, p := range a.cfg.plugins {
		if s, ok := p.(Sweeper); ok {
			run(p.Name(), func() (int64, error) { return s.Sweep(ctx, a.db, now) })
		}
	}
	return report, errors.Join(errs...)
}

// Maintain delivers the outbox ([WithOutbox]), then runs every plugin's
// periodic job ([Maintainer]), in order. Run it from cron ("auth
// maintain"). It goes on after a failure and returns every error joined.
func (a *Auth) Maintain(ctx context.Context) error {
	var errs []error
	if a.cfg.outbox {
		if _, err := a.DeliverOutbox(ctx); err != nil {
			errs = append(errs, fmt.Errorf("auth: maintain: deliver the outbox: %w", err))
		}
	}
	for _, p := range a.cfg.plugins {
		if m, ok := p.(Maintainer); ok {
			if err := m.Maintain(ctx, a); err != nil {
				errs = append(errs, fmt.Errorf("auth: maintain %s: %w", p.Name(), err))
			}
		}
	}
	return errors.Join(errs...)
}

// sweepClaims deletes the unverified identities older than the claim
// lifetime ([WithUnverifiedIdentityTTL]) whose account has another
// identity: claims nobody proved. An account's sole, unverified sign-up
// identity stays, since it is the account's only way in.
func (a *Auth) sweepClaims(ctx context.Context, now time.Time) (int64, error) {
	cutoff := now.Add(-a.cfg.unverifiedTTL)
	var deleted int64
	after := ""
	for {
		var ids, users []string
		var id, user string
		cond := sqlb.And(IdentityVerifiedAt.IsNull(), IdentityCreatedAt.Le(cutoff))
		if after != "" {
			cond = sqlb.And(cond, IdentityID.Gt(after))
		}
		err := a.db.All(ctx, sqlb.Select(IdentityID.Into(&id), IdentityUserID.Into(&user)).From(Identities).
			Where(cond).
			OrderBy(IdentityID.Asc()).Limit(200), func() error {
			ids, users = append(ids, id), append(users, user)
			return nil
		})
		if err != nil || len(ids) == 0 {
			return deleted, err
		}
		for i := range ids {
			err := a.db.InTx(ctx, nil, func(tx *sqlb.DB) error {
				c := &Call{a: a, info: &OpInfo{Name: "core.sweep"}, req: &Request{Transport: TransportServer, resolved: true}, db: tx}
				ident, err := c.Identity(ctx, users[i], ids[i])
				if errors.Is(err, ErrIdentityNotFound) {
					return nil // verified or removed meanwhile
				} else if err != nil {
					return err
				}
				if sole, err := c.names(ctx, ident, false); err != nil || sole || ident.Verified() {
					return err
				}
				deleted++
				return c.removeIdentity(ctx, ident)
			})
			if err != nil {
				return deleted, err
			}
		}
		after = ids[len(ids)-1]
	}
}
