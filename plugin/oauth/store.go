package oauth

import (
	"context"
	"database/sql"
	"errors"
	"net/url"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// refreshAhead is how long before its expiry an access token is refreshed.
const refreshAhead = time.Minute

// sealContext binds a sealed token to its row and field, so that a sealed
// value copied to another row or field does not open.
func sealContext(userID, provider, field string) string {
	return userID + "\x00" + provider + "\x00" + field
}

type tokenRow struct {
	subject, access, refresh, scope string
	expires, refreshing             sql.Null[time.Time]
}

func (r *tokenRow) selections() []sqlb.Selection {
	return []sqlb.Selection{TokenSubject.Into(&r.subject), TokenAccess.Into(&r.access), TokenRefresh.Into(&r.refresh),
		TokenScope.Into(&r.scope), TokenExpiresAt.Into(&r.expires), TokenRefreshing.Into(&r.refreshing)}
}

func loadTokens(ctx context.Context, db *sqlb.DB, userID, provider string) (*tokenRow, error) {
	var r tokenRow
	err := db.One(ctx, sqlb.Select(r.selections()...).From(Tokens).
		Where(sqlb.And(TokenUserID.Eq(userID), TokenProvider.Eq(provider))))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return &r, err
}

// storeTokens keeps a sign-in's tokens, sealed, when token keys are set.
// A provider that sends no new refresh token leaves the stored one for the
// same account in place.
func (p *Plugin) storeTokens(ctx context.Context, db *sqlb.DB, userID string, pr *Provider, subject string, tr tokenResponse) error {
	if !p.keys.Enabled() {
		return nil
	}
	refresh := tr.RefreshToken.Reveal()
	if refresh == "" {
		old, err := loadTokens(ctx, db, userID, pr.name)
		if err != nil {
			return err
		}
		if old != nil && old.subject == subject {
			refresh, _ = p.keys.Open(old.refresh, sealContext(userID, pr.name, "refresh"))
		}
	}
	access, err := p.keys.Seal(tr.AccessToken.Reveal(), sealContext(userID, pr.name, "access"))
	if err != nil {
		return err
	}
	sealedRefresh, err := p.keys.Seal(refresh, sealContext(userID, pr.name, "refresh"))
	if err != nil {
		return err
	}
	now := p.a.Now()
	expires := tr.expiry(now)
	_, err = db.Exec(ctx, sqlb.Insert(Tokens).Row(TokenUserID.Set(userID), TokenProvider.Set(pr.name),
		TokenSubject.Set(subject), TokenAccess.Set(access), TokenRefresh.Set(sealedRefresh),
		TokenExpiresAt.Set(sql.Null[time.Time]{V: expires, Valid: !expires.IsZero()}), TokenScope.Set(tr.Scope),
		TokenUpdatedAt.Set(now)).
		OnConflictUpdate([]sqlb.AnyColumn{TokenUserID, TokenProvider},
			TokenSubject.SetTo(sqlb.Excluded(TokenSubject)), TokenAccess.SetTo(sqlb.Excluded(TokenAccess)),
			TokenRefresh.SetTo(sqlb.Excluded(TokenRefresh)), TokenExpiresAt.SetTo(sqlb.Excluded(TokenExpiresAt)),
			TokenScope.SetTo(sqlb.Excluded(TokenScope)), TokenUpdatedAt.SetTo(sqlb.Excluded(TokenUpdatedAt)),
			// A refresh of the replaced tokens no longer holds a lease
			// on these.
			TokenRefreshing.Set(sql.Null[time.Time]{})))
	return err
}

// refresh uses a refresh token: the refresh_token grant (RFC 6749 §6), or
// a [Custom] provider's [Refresher]. An ID token in the answer is
// verified, and must be about subject.
func (p *Plugin) refresh(ctx context.Context, pr *Provider, refresh, subject string) (tokenResponse, error) {
	if pr.flow != nil {
		return p.refreshCustom(ctx, pr, refresh)
	}
	e, v, err := pr.discover(ctx, p)
	if err != nil {
		return tokenResponse{}, ErrProvider.Wrap(err)
	}
	tr, err := pr.tokenRequest(ctx, p, e.Token, url.Values{"grant_type": {"refresh_token"}, "refresh_token": {refresh}})
	if err != nil {
		return tokenResponse{}, ErrProvider.Wrap(err)
	}
	// OpenID Connect Core §12.2: a refreshed ID token is validated as
	// §3.1.3.7 says (signature, iss, aud, exp, iat), without a nonce, as
	// the refresh request sends none, and its sub MUST be the original's.
	if !tr.IDToken.IsZero() && v != nil {
		claims, err := pr.verifyIDToken(ctx, p, v, tr.IDToken.Reveal(), "")
		if err != nil {
			return tokenResponse{}, ErrInvalidIDToken.Wrap(err)
		}
		if claims.Subject != subject {
			return tokenResponse{}, ErrInvalidIDToken.With("the refreshed ID token is about another subject")
		}
	}
	return tr, nil
}

// AccessToken returns a person's access token at a provider, for calling
// the provider's API on their behalf. A token that expires within a minute
// is first refreshed with the refresh_token grant (RFC 6749 §6), or a
// [Custom] provider's [Refresher], and the new tokens stored. Concurrent
// calls, in this process or others sharing the database, refresh a token
// once: one caller refreshes, the others wait for the token it stores, so
// that a provider that rotates refresh tokens sees each spent once. It
// needs [WithTokenKeys]; it returns [ErrNotLinked] when the person has no
// account of the provider, [ErrNoToken] when no usable token is stored,
// [ErrProvider] when the refresh fails (to every caller that waited for
// it; the next call tries again), [ErrInvalidIDToken] when the refresh
// answer's ID token fails validation (OpenID Connect Core §12.2; nothing
// is stored then), [ErrUnknownProvider], and ctx's error when ctx ends
// first. It is a server call, not a route: the token never goes to a
// browser.
func (p *Plugin) AccessToken(ctx context.Context, userID, provider string) (auth.Secret, error) {
	pr, err := p.provider(provider)
	if err != nil {
		return auth.Secret{}, err
	}
	if p.a == nil {
		return auth.Secret{}, auth.ErrUnbound
	}
	db := p.a.DB()
	for {
		row, err := loadTokens(ctx, db, userID, pr.name)
		if err != nil {
			return auth.Secret{}, err
		}
		if row == nil {
			return auth.Secret{}, p.noTokens(ctx, userID, pr)
		}
		access, err := p.keys.Open(row.access, sealContext(userID, pr.name, "access"))
		if err != nil || access == "" {
			return auth.Secret{}, ErrNoToken.Wrap(err)
		}
		if !row.expires.Valid || row.expires.V.After(p.a.Now().Add(refreshAhead)) {
			return auth.NewSecret(access), nil
		}
		lease, won, err := p.takeLease(ctx, userID, pr.name, row.access)
		if err != nil {
			return auth.Secret{}, err
		}
		if won {
			token, err := p.refreshLeased(ctx, userID, pr, row, lease)
			if errors.Is(err, errReplaced) {
				continue // a new sign-in or an unlink came first: read what it left
			}
			return token, err
		}
		if err := p.awaitRefresh(ctx, userID, pr.name, row.access); err != nil {
			return auth.Secret{}, err
		}
		// The token was replaced or removed, or its lease ran out with no
		// new token: read the row again.
	}
}

// noTokens is the error of a person without stored tokens of pr.
func (p *Plugin) noTokens(ctx context.Context, userID string, pr *Provider) error {
	var n int64
	err := p.a.DB().One(ctx, sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(auth.Identities).
		Where(sqlb.And(auth.IdentityUserID.Eq(userID), auth.IdentityKindName.Eq(pr.Kind()))))
	switch {
	case err != nil:
		return err
	case n == 0:
		return ErrNotLinked
	}
	return ErrNoToken
}

// errReplaced is a refresh whose row changed while it ran: a new sign-in
// stored other tokens, or an unlink removed them.
var errReplaced = errors.New("oauth: the stored tokens were replaced during the refresh")

// refreshStored refreshes the stored tokens of row with the provider and
// stores the new ones, ending the lease. It returns errReplaced when the
// row no longer holds the tokens read.
func (p *Plugin) refreshStored(ctx context.Context, userID string, pr *Provider, row *tokenRow) (auth.Secret, error) {
	refresh, err := p.keys.Open(row.refresh, sealContext(userID, pr.name, "refresh"))
	if err != nil || refresh == "" {
		return auth.Secret{}, ErrNoToken.With("the access token expired and there is no refresh token").Wrap(err)
	}
	tr, err := p.refresh(ctx, pr, refresh, row.subject)
	if err != nil {
		return auth.Secret{}, err
	}
	if tr.RefreshToken.IsZero() {
		tr.RefreshToken = auth.NewSecret(refresh) // RFC 6749 §6: the old one stays valid when no new one is sent
	}
	newAccess, err := p.keys.Seal(tr.AccessToken.Reveal(), sealContext(userID, pr.name, "access"))
	if err != nil {
		return auth.Secret{}, err
	}
	newRefresh, err := p.keys.Seal(tr.RefreshToken.Reveal(), sealContext(userID, pr.name, "refresh"))
	if err != nil {
		return auth.Secret{}, err
	}
	now := p.a.Now()
	expires := tr.expiry(now)
	// Conditional on the token read: an unlink or a new sign-in meanwhile
	// wins over this refresh.
	n, err := p.a.DB().Exec(ctx, sqlb.Update(Tokens).Set(TokenAccess.Set(newAccess), TokenRefresh.Set(newRefresh),
		TokenExpiresAt.Set(sql.Null[time.Time]{V: expires, Valid: !expires.IsZero()}), TokenUpdatedAt.Set(now),
		TokenRefreshing.Set(sql.Null[time.Time]{})).
		Where(sqlb.And(TokenUserID.Eq(userID), TokenProvider.Eq(pr.name), TokenAccess.Eq(row.access))))
	if err != nil {
		return auth.Secret{}, err
	}
	if n == 0 {
		return auth.Secret{}, errReplaced
	}
	return tr.AccessToken, nil
}
