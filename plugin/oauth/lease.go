package oauth

import (
	"context"
	"database/sql"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// A refresh lease ([TokenRefreshing]) makes one of the callers that find
// the same expired token its refresher: a provider that rotates refresh
// tokens, and takes the reuse of a spent one for a theft (RFC 9700
// §4.14.2), revokes the whole grant when two callers spend the same
// refresh token.
const (
	// refreshLease is how long one caller may take to refresh a token
	// before another may take over, in the instance's clock.
	refreshLease = 30 * time.Second
	// refreshTimeout bounds a refresh, in real time, well within the
	// lease, so that no caller takes over a lease whose refresh may still
	// be spending the refresh token.
	refreshTimeout = 20 * time.Second
)

// takeLease makes the caller the one that refreshes the stored token whose
// sealed access token is access, unless another caller holds a live lease
// or already replaced the token: exactly one of concurrent callers wins,
// by a conditional update, so that a rotating refresh token is spent once.
// It returns when the lease it took ends.
func (p *Plugin) takeLease(ctx context.Context, userID, provider, access string) (until time.Time, won bool, err error) {
	now := p.a.Now()
	until = now.Add(refreshLease)
	n, err := p.a.DB().Exec(ctx, sqlb.Update(Tokens).Set(TokenRefreshing.Set(sql.Null[time.Time]{V: until, Valid: true})).
		Where(sqlb.And(TokenUserID.Eq(userID), TokenProvider.Eq(provider), TokenAccess.Eq(access),
			sqlb.Or(TokenRefreshing.IsNull(), TokenRefreshing.Le(sql.Null[time.Time]{V: now, Valid: true})))))
	return until, n == 1, err
}

// giveBack ends the lease taken until then on the token whose sealed
// access token is access, after a failed refresh, so that the next call
// tries again. A lease taken over by another caller meanwhile is theirs
// and stays.
func (p *Plugin) giveBack(ctx context.Context, userID, provider, access string, until time.Time) {
	_, err := p.a.DB().Exec(ctx, sqlb.Update(Tokens).Set(TokenRefreshing.Set(sql.Null[time.Time]{})).
		Where(sqlb.And(TokenUserID.Eq(userID), TokenProvider.Eq(provider), TokenAccess.Eq(access),
			TokenRefreshing.Eq(sql.Null[time.Time]{V: until, Valid: true}))))
	if err != nil {
		p.a.Logger().ErrorContext(ctx, "oauth: give back a refresh lease", "provider", provider, "err", err)
	}
}

// refreshLeased refreshes row's tokens for the caller holding the lease
// taken until then, and gives the lease back when that fails. The refresh
// runs apart from ctx's cancellation, bounded by refreshTimeout: a
// provider may spend the refresh token even when its answer never
// arrives, so a refresh once started is carried to its end and its tokens
// stored, on the caller's goroutine (nothing outlives the call). A caller
// whose ctx ended meanwhile gets ctx's error.
func (p *Plugin) refreshLeased(ctx context.Context, userID string, pr *Provider, row *tokenRow, until time.Time) (auth.Secret, error) {
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), refreshTimeout)
	defer cancel()
	token, err := p.refreshStored(rctx, userID, pr, row)
	if err != nil {
		p.giveBack(context.WithoutCancel(ctx), userID, pr.name, row.access, until)
	}
	if ctx.Err() != nil {
		if err != nil {
			p.a.Logger().WarnContext(ctx, "oauth: a token refresh whose caller left failed", "provider", pr.name, "err", err)
		}
		return auth.Secret{}, ctx.Err()
	}
	return token, err
}

// awaitRefresh waits while another caller holds the lease on the token
// whose sealed access token is access. It returns nil once the row holds
// other tokens or none, or once the lease ran out with no new token (its
// holder is gone: the caller may take over); [ErrProvider] once the holder
// gave the lease back with no new token (its refresh failed) or after
// refreshLease of waiting; ctx's error as soon as ctx ends.
//
// The lease's end is a time of the instance's clock ([auth.WithClock]),
// which the other processes sharing the database compare it with; the
// waiting is real time, and ends after refreshLease whatever the instance's
// clock says, so that a stopped test clock cannot hold a caller forever.
func (p *Plugin) awaitRefresh(ctx context.Context, userID, provider, access string) error {
	giveUp := time.NewTimer(refreshLease)
	defer giveUp.Stop()
	for delay := 5 * time.Millisecond; ; delay = min(2*delay, 200*time.Millisecond) {
		row, err := loadTokens(ctx, p.a.DB(), userID, provider)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err != nil {
			return err
		}
		switch {
		case row == nil || row.access != access:
			return nil
		case !row.refreshing.Valid:
			return ErrProvider.With("refreshing the provider's token failed: try again")
		case !row.refreshing.V.After(p.a.Now()):
			return nil
		}
		next := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			next.Stop()
			return ctx.Err()
		case <-giveUp.C:
			next.Stop()
			return ErrProvider.With("the provider's token is being refreshed: try again")
		case <-next.C:
		}
	}
}
