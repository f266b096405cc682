package auth

import (
	"context"
	"errors"
	"fmt"

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

// Maintain runs every plugin's periodic job ([Maintainer]), in order. Run
// it from cron ("auth maintain"). It goes on after a failure and returns
// every error joined.
func (a *Auth) Maintain(ctx context.Context) error {
	var errs []error
	for _, p := range a.cfg.plugins {
		if m, ok := p.(Maintainer); ok {
			if err := m.Maintain(ctx, a); err != nil {
				errs = append(errs, fmt.Errorf("auth: maintain %s: %w", p.Name(), err))
			}
		}
	}
	return errors.Join(errs...)
}
