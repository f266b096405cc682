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
	expires                         sql.Null[time.Time]
}

func (r *tokenRow) selections() []sqlb.Selection {
	return []sqlb.Selection{TokenSubject.Into(&r.subject), TokenAccess.Into(&r.access), TokenRefresh.Into(&r.refresh),
		TokenScope.Into(&r.scope), TokenExpiresAt.Into(&r.expires)}
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
	if !p.keys.enabled() {
		return nil
	}
	refresh := tr.RefreshToken
	if refresh == "" {
		old, err := loadTokens(ctx, db, userID, pr.name)
		if err != nil {
			return err
		}
		if old != nil && old.subject == subject {
			refresh, _ = p.keys.open(old.refresh, sealContext(userID, pr.name, "refresh"))
		}
	}
	access, err := p.keys.seal(tr.AccessToken, sealContext(userID, pr.name, "access"))
	if err != nil {
		return err
	}
	sealedRefresh, err := p.keys.seal(refresh, sealContext(userID, pr.name, "refresh"))
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
			TokenScope.SetTo(sqlb.Excluded(TokenScope)), TokenUpdatedAt.SetTo(sqlb.Excluded(TokenUpdatedAt))))
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
	if tr.IDToken != "" && v != nil {
		claims, err := pr.verifyIDToken(ctx, p, v, tr.IDToken, "")
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
// [Custom] provider's [Refresher], and the new tokens stored. It needs [WithTokenKeys]; it returns [ErrNotLinked]
// when the person has no account of the provider, [ErrNoToken] when no
// usable token is stored, [ErrProvider] when the refresh fails,
// [ErrInvalidIDToken] when the refresh answer's ID token fails validation
// (OpenID Connect Core §12.2; nothing is stored then) and
// [ErrUnknownProvider]. It is a server call, not a route: the token never
// goes to a browser.
func (p *Plugin) AccessToken(ctx context.Context, userID, provider string) (auth.Secret, error) {
	pr, err := p.provider(provider)
	if err != nil {
		return "", err
	}
	if p.a == nil {
		return "", auth.ErrUnbound
	}
	db := p.a.DB()
	row, err := loadTokens(ctx, db, userID, pr.name)
	if err != nil {
		return "", err
	}
	if row == nil {
		var n int64
		err := db.One(ctx, sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(auth.Identities).
			Where(sqlb.And(auth.IdentityUserID.Eq(userID), auth.IdentityKindName.Eq(pr.Kind()))))
		if err != nil {
			return "", err
		}
		if n == 0 {
			return "", ErrNotLinked
		}
		return "", ErrNoToken
	}
	access, err := p.keys.open(row.access, sealContext(userID, pr.name, "access"))
	if err != nil || access == "" {
		return "", ErrNoToken.Wrap(err)
	}
	now := p.a.Now()
	if !row.expires.Valid || row.expires.V.After(now.Add(refreshAhead)) {
		return auth.Secret(access), nil
	}
	refresh, err := p.keys.open(row.refresh, sealContext(userID, pr.name, "refresh"))
	if err != nil || refresh == "" {
		return "", ErrNoToken.With("the access token expired and there is no refresh token").Wrap(err)
	}
	tr, err := p.refresh(ctx, pr, refresh, row.subject)
	if err != nil {
		return "", err
	}
	if tr.RefreshToken == "" {
		tr.RefreshToken = refresh // RFC 6749 §6: the old one stays valid when no new one is sent
	}
	newAccess, err := p.keys.seal(tr.AccessToken, sealContext(userID, pr.name, "access"))
	if err != nil {
		return "", err
	}
	newRefresh, err := p.keys.seal(tr.RefreshToken, sealContext(userID, pr.name, "refresh"))
	if err != nil {
		return "", err
	}
	expires := tr.expiry(now)
	// Conditional on the token read, so that of two concurrent refreshes
	// the first stored wins and the other caller uses it.
	n, err := db.Exec(ctx, sqlb.Update(Tokens).Set(TokenAccess.Set(newAccess), TokenRefresh.Set(newRefresh),
		TokenExpiresAt.Set(sql.Null[time.Time]{V: expires, Valid: !expires.IsZero()}), TokenUpdatedAt.Set(now)).
		Where(sqlb.And(TokenUserID.Eq(userID), TokenProvider.Eq(pr.name), TokenAccess.Eq(row.access))))
	if err != nil {
		return "", err
	}
	if n == 0 {
		row, err := loadTokens(ctx, db, userID, pr.name)
		if err != nil || row == nil {
			return "", ErrNoToken.Wrap(err)
		}
		access, err := p.keys.open(row.access, sealContext(userID, pr.name, "access"))
		if err != nil || access == "" {
			return "", ErrNoToken.Wrap(err)
		}
		return auth.Secret(access), nil
	}
	return auth.Secret(tr.AccessToken), nil
}
