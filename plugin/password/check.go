package password

import (
	"context"
	"database/sql"
	"errors"
	"time"
	"unicode/utf8"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/sqlb"
)

// signInCheck is what the password check found, before the transaction.
type signInCheck struct {
	ok         bool
	userID     string
	identity   string
	verified   bool
	rehash     string // a new hash, when the stored one used old parameters
	normalized string
}

// checkPassword looks the address up and checks the password with exactly
// one hash, against the dummy hash when the address or its password does
// not exist, so that every path costs the same.
func (p *Plugin) checkPassword(ctx context.Context, c *auth.Call, address string, password auth.Secret) (signInCheck, error) {
	var chk signInCheck
	stored := sql.Null[string]{}
	var verifiedAt sql.Null[time.Time]
	addr, normErr := email.Normalize(address)
	if normErr == nil {
		chk.normalized = addr
		err := c.DB().One(ctx, sqlb.Select(auth.IdentityUserID.Into(&chk.userID), auth.IdentityID.Into(&chk.identity),
			auth.IdentityVerifiedAt.Into(&verifiedAt), sqlb.OrNull(PasswordHash).Into(&stored)).
			From(auth.Identities).LeftJoin(Passwords, PasswordUserID.EqCol(auth.IdentityUserID)).
			Where(sqlb.And(auth.IdentityKindName.Eq(email.Kind), auth.IdentityValue.Eq(addr))).Limit(1))
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return chk, err
		}
	}
	encoded := stored.V
	if !stored.Valid {
		encoded = p.cfg.hasher.Dummy()
	}
	ok, err := p.cfg.hasher.Verify(ctx, []byte(password.Reveal()), encoded)
	if err != nil {
		return chk, err
	}
	chk.ok = ok && stored.Valid
	chk.verified = verifiedAt.Valid
	if chk.ok && p.cfg.hasher.NeedsRehash(encoded) {
		if chk.rehash, err = p.cfg.hasher.Hash(ctx, []byte(password.Reveal())); err != nil {
			return chk, err
		}
	}
	return chk, nil
}

// newHash checks a new password against the policy and the breach list,
// and hashes it.
func (p *Plugin) newHash(ctx context.Context, password auth.Secret) (string, error) {
	n := utf8.RuneCountInString(password.Reveal())
	switch {
	case n < p.cfg.minLength:
		return "", ErrPasswordTooShort.With(plural("the password needs at least %d characters", p.cfg.minLength))
	case n > p.cfg.maxLength:
		return "", ErrPasswordTooLong.With(plural("the password may have at most %d characters", p.cfg.maxLength))
	}
	if p.cfg.breach != nil {
		res, err := p.cfg.breach.Check(ctx, []byte(password.Reveal()))
		if err != nil {
			return "", ErrBreachCheckFailed.Wrap(err)
		}
		if res.Err != nil {
			p.a.Logger().WarnContext(ctx, "password: breach check unavailable, accepting the password", "err", res.Err)
		}
		if res.Breached {
			return "", ErrPasswordBreached
		}
	}
	return p.cfg.hasher.Hash(ctx, []byte(password.Reveal()))
}

// currentHash returns a user's stored hash, or "" when they have none.
func currentHash(ctx context.Context, db *sqlb.DB, userID string) (string, error) {
	var h string
	err := db.One(ctx, sqlb.Select(PasswordHash.Into(&h)).From(Passwords).Where(PasswordUserID.Eq(userID)))
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return h, err
}
