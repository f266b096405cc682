package password

import (
	"context"
	"database/sql"
	"errors"
	"unicode/utf8"

	"github.com/sesame-go/sesame/auth"

	"github.com/sesame-go/sesame/sqlb"
)

// prepared is what an operation's Prepare computed before the
// transaction, for its handler. Its hashes are secrets, which print
// redacted wherever they are.
type prepared struct {
	// hash is a new password's hash.
	hash auth.Secret
	// The outcome of a sign-in's password check.
	ok       bool
	userID   string
	verified bool
	// wrong is the refusal of a failed sign-in, whose message names the
	// kinds of identifier it could be.
	wrong *auth.Error
	// checked is the stored hash the password was checked against: the
	// handler writes only if it is still the stored one.
	checked auth.Secret
	// rehash is a new hash of the password, when checked used old
	// parameters.
	rehash auth.Secret
}

// checkPassword finds the person an identifier names and checks the
// password with exactly one hash, against the dummy hash when the
// identifier names nobody or its holder has no password, so that every
// path costs the same.
func (p *Plugin) checkPassword(ctx context.Context, c *auth.Call, ident identifier, password auth.Secret) (*prepared, error) {
	chk := &prepared{wrong: wrongCredentials(ident)}
	var stored string
	id, err := lookup(ctx, c, ident)
	switch {
	case err == nil:
		chk.userID, chk.verified = id.UserID, id.Verified()
		if stored, err = currentHash(ctx, c.DB(), id.UserID, false); err != nil {
			return nil, err
		}
	case !errors.Is(err, auth.ErrIdentityNotFound) && !errors.Is(err, auth.ErrInvalidInput):
		return nil, err
	}
	encoded := stored
	if stored == "" {
		encoded = p.cfg.hasher.Dummy()
	}
	ok, replace, err := p.verify(ctx, []byte(password.Reveal()), encoded)
	if err != nil {
		return nil, err
	}
	chk.ok = ok && stored != ""
	chk.checked = auth.NewSecret(stored)
	if chk.ok && replace {
		h, err := p.cfg.hasher.Hash(ctx, []byte(password.Reveal()))
		if err != nil {
			return nil, err
		}
		chk.rehash = auth.NewSecret(h)
	}
	return chk, nil
}

// verify checks password against encoded with exactly one hash: a hash
// of the configured hasher, or one imported from another system (package
// legacy), which is any the hasher would replace and legacy recognizes.
// replace reports that a match should be replaced by a new hash.
func (p *Plugin) verify(ctx context.Context, password []byte, encoded string) (ok, replace bool, err error) {
	replace = p.cfg.hasher.NeedsRehash(encoded)
	if replace && p.legacy.Recognizes(encoded) {
		ok, err = p.legacy.Verify(ctx, password, encoded)
	} else {
		ok, err = p.cfg.hasher.Verify(ctx, password, encoded)
	}
	return ok && err == nil, replace, err
}

// stillGood reports, inside the transaction, whether the password a check
// verified outside it is still the user's: a reset or change in between
// makes the check stale. On PostgreSQL and MySQL it locks the row until
// the transaction ends, so that a concurrent reset waits for this sign-in
// and then ends its session; SQLite's writers take turns anyway.
//
// A hash the check would have replaced (an older or imported one) may
// have been replaced meanwhile by a concurrent sign-in with the same
// password: then the password is checked against the replacement, one more
// hash for the loser of that race only, and the sign-in goes on without
// replacing it again. rehash reports whether chk.rehash is still to be
// written.
func (p *Plugin) stillGood(ctx context.Context, c *auth.Call, chk *prepared, password auth.Secret) (ok, rehash bool, err error) {
	now, err := currentHash(ctx, c.DB(), chk.userID, true)
	switch {
	case err != nil || now == "":
		return false, false, err
	case auth.NewSecret(now).Equal(chk.checked):
		return true, !chk.rehash.IsZero(), nil
	case chk.rehash.IsZero():
		return false, false, nil
	}
	ok, _, err = p.verify(ctx, []byte(password.Reveal()), now)
	return ok, false, err
}

// newHash checks a new password against the policy, the list of common
// passwords and the breach service, and hashes it.
func (p *Plugin) newHash(ctx context.Context, password auth.Secret) (auth.Secret, error) {
	n := utf8.RuneCountInString(password.Reveal())
	switch {
	case n < p.cfg.minLength:
		return auth.Secret{}, ErrPasswordTooShort.With(plural("the password needs at least %d characters", p.cfg.minLength))
	case n > p.cfg.maxLength:
		return auth.Secret{}, ErrPasswordTooLong.With(plural("the password may have at most %d characters", p.cfg.maxLength))
	}
	if p.cfg.refuseCommon && isCommon(password.Reveal()) {
		return auth.Secret{}, errCommonPassword
	}
	if p.cfg.breach != nil {
		res, err := p.cfg.breach.Check(ctx, []byte(password.Reveal()))
		if err != nil {
			return auth.Secret{}, ErrBreachCheckFailed.Wrap(err)
		}
		if res.Err != nil {
			p.a.Logger().WarnContext(ctx, "password: breach check unavailable, accepting the password", "err", res.Err)
		}
		if res.Breached {
			return auth.Secret{}, ErrPasswordBreached
		}
	}
	h, err := p.cfg.hasher.Hash(ctx, []byte(password.Reveal()))
	return auth.NewSecret(h), err
}

// currentHash returns a user's stored hash, or "" when they have none;
// lock takes the row's lock for the rest of the transaction.
func currentHash(ctx context.Context, db *sqlb.DB, userID string, lock bool) (string, error) {
	var h string
	q := sqlb.Select(PasswordHash.Into(&h)).From(Passwords).Where(PasswordUserID.Eq(userID))
	if lock {
		q = q.ForUpdate()
	}
	err := db.One(ctx, q)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return h, err
}
