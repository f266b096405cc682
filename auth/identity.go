package auth

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"time"

	"github.com/sesame-go/sesame/sqlb"
)

// Identity is one sign-in identifier of a person: an email address, a
// phone number, an OAuth subject ... Value is normalized.
type Identity struct {
	ID     string `json:"id"`
	Kind   string `json:"kind"`
	Value  string `json:"value"`
	UserID string `json:"userId"`
	// VerifiedAt is when the person proved they hold the identifier; zero
	// when they have not.
	VerifiedAt time.Time `json:"verifiedAt"`
	// Data is a JSON object the owning plugin keeps with the identity.
	Data      string    `json:"-"`
	CreatedAt time.Time `json:"createdAt"`
	// SignUp marks the identity the account was made with.
	SignUp bool `json:"-"`
}

// Verified reports whether the identity was verified.
func (i *Identity) Verified() bool { return !i.VerifiedAt.IsZero() }

// Identity errors.
var (
	// ErrIdentityTaken is an identifier of a unique kind that another
	// person (or the same one) already has.
	ErrIdentityTaken = NewError("identity_taken", http.StatusConflict, "this identifier is already in use")
	// ErrIdentityNotFound is an identifier that names nobody.
	ErrIdentityNotFound = NewError("identity_not_found", http.StatusNotFound, "no such identifier")
)

// Normalize returns the normalized form of a raw identifier of a kind, or
// [ErrInvalidInput] saying why it is malformed.
func (a *Auth) Normalize(kind, raw string) (string, error) {
	k, ok := a.kinds[kind]
	if !ok {
		return "", internalf("identity kind %q is not registered", kind)
	}
	v, err := k.Normalize(raw)
	if err != nil {
		return "", ErrInvalidInput.With(err.Error())
	}
	if len(v) > 255 {
		return "", ErrInvalidInput.With(kind + " is too long")
	}
	return v, nil
}

// WhoIs returns the identity through which an identifier of a unique kind
// names a person, or [ErrIdentityNotFound]. It is the one answer to "who
// is this": sign-in, recovery, sign-up's "is it taken" and every plugin
// that matches an identifier to a person ask it.
//
// Only a verified identity names its holder. An unverified identity is a
// claim, and names nobody, with one exception: the unverified sign-up
// identifier of an account that has no other identity (a person who
// signed up and has not verified yet), so that they can sign in and
// recover their password before the first link arrives. Only the
// identifier the account was made with ([Identity.SignUp]) is one: an
// identifier added to an account later never names it unproved. Such an account
// gives whoever proves the identifier later (by a reset link) nothing
// that anyone else put there: nobody else has a way into it.
func (c *Call) WhoIs(ctx context.Context, kind, raw string) (*Identity, error) {
	value, err := c.a.Normalize(kind, raw)
	if err != nil {
		return nil, err
	}
	if !c.a.kinds[kind].Unique {
		return nil, internalf("identity kind %q is not unique: its values name nobody", kind)
	}
	id, err := c.claim(ctx, kind, value)
	if err != nil {
		return nil, err
	}
	if id == nil {
		return nil, ErrIdentityNotFound
	}
	names, err := c.names(ctx, id, false)
	if err != nil {
		return nil, err
	}
	if !names {
		return nil, ErrIdentityNotFound
	}
	return id, nil
}

// claim returns the row holding a value of a unique kind, verified or
// not, or nil.
func (c *Call) claim(ctx context.Context, kind, value string) (*Identity, error) {
	var r identityRow
	err := c.db.One(ctx, sqlb.Select(r.selections()...).From(Identities).
		Where(sqlb.And(IdentityKindName.Eq(kind), IdentityValue.Eq(value), IdentityScope.Eq(""))))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return r.identity(), nil
}

// names reports whether a held identity names its holder against a
// newcomer: when it is verified, or when it is the sole identity of an
// account that has not verified it (see [Call.WhoIs]) and the newcomer
// offers no proof either.
func (c *Call) names(ctx context.Context, id *Identity, newcomerProved bool) (bool, error) {
	if id.Verified() {
		return true, nil
	}
	// Only the identifier the account was made with: an identity a person
	// added later is a claim on someone else's identifier until proved,
	// and the account's other identities can be made to go (its sign-up
	// address taken back by a new sign-up), which must not turn the
	// claim into a way into the account.
	if newcomerProved || !id.SignUp {
		return false, nil
	}
	var n int64
	err := c.db.One(ctx, sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(Identities).Where(IdentityUserID.Eq(id.UserID)))
	return n == 1, err
}

// AddIdentity gives userID an identifier, normalized, verified now or not.
// For a unique kind, a value that names another person (see [Call.WhoIs])
// is [ErrIdentityTaken], and so is an unverified addition of one the user
// has already; another person's claim that names nobody is dropped, so
// that a stale claim never blocks the rightful holder. A verified addition
// of an identifier the user holds verifies it if need be and returns it.
// The [IdentityAdder] plugins hear of every new identity; a verified one
// is also an account change the [IdentityObserver] plugins hear of.
func (c *Call) AddIdentity(ctx context.Context, userID, kind, raw string, verified bool) (*Identity, error) {
	value, err := c.a.Normalize(kind, raw)
	if err != nil {
		return nil, err
	}
	scope := ""
	if !c.a.kinds[kind].Unique {
		scope = userID
	} else if held, err := c.claim(ctx, kind, value); err != nil {
		return nil, err
	} else if held != nil {
		if held.UserID == userID {
			if !verified {
				return nil, ErrIdentityTaken
			}
			if !held.Verified() {
				return held, c.verify(ctx, held)
			}
			return held, nil
		}
		names, err := c.names(ctx, held, verified)
		if err != nil {
			return nil, err
		}
		if names {
			return nil, ErrIdentityTaken
		}
		if err := c.removeIdentity(ctx, held); err != nil {
			return nil, err
		}
	}
	now := c.a.Now()
	// The identity the account is made with: the one call that creates a
	// person gives them their sign-up identifier.
	id := &Identity{ID: newID(now), Kind: kind, Value: value, UserID: userID, Data: "{}", CreatedAt: now, SignUp: c.NewUser(userID)}
	if verified {
		id.VerifiedAt = now
	}
	// DO NOTHING rather than a caught unique violation: on PostgreSQL a
	// failed statement would doom the rest of the transaction.
	n, err := c.db.Exec(ctx, sqlb.Insert(Identities).Row(IdentityID.Set(id.ID), IdentityKindName.Set(kind),
		IdentityValue.Set(value), IdentityScope.Set(scope), IdentityUserID.Set(userID),
		IdentityVerifiedAt.Set(nullTime(id.VerifiedAt)), IdentityData.Set(id.Data), IdentityCreatedAt.Set(now),
		IdentitySignUp.Set(id.SignUp)).
		OnConflictDoNothing(IdentityKindName, IdentityValue, IdentityScope))
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, ErrIdentityTaken
	}
	for _, p := range c.a.cfg.plugins {
		if o, ok := p.(IdentityAdder); ok {
			if err := o.IdentityAdded(ctx, c, id); err != nil {
				return nil, err
			}
		}
	}
	if verified {
		return id, c.observeVerified(ctx, id)
	}
	return id, nil
}

// Identity returns one of a user's identities by ID;
// [ErrIdentityNotFound] when the user has no such identity.
func (c *Call) Identity(ctx context.Context, userID, id string) (*Identity, error) {
	var r identityRow
	err := c.db.One(ctx, sqlb.Select(r.selections()...).From(Identities).
		Where(sqlb.And(IdentityID.Eq(id), IdentityUserID.Eq(userID))))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrIdentityNotFound
	}
	if err != nil {
		return nil, err
	}
	return r.identity(), nil
}

// Identities returns a user's identities of a kind, or of every kind when
// kind is empty, oldest first.
func (c *Call) Identities(ctx context.Context, userID, kind string) ([]*Identity, error) {
	var r identityRow
	cond := []sqlb.Cond{IdentityUserID.Eq(userID)}
	if kind != "" {
		cond = append(cond, IdentityKindName.Eq(kind))
	}
	var out []*Identity
	err := c.db.All(ctx, sqlb.Select(r.selections()...).From(Identities).Where(sqlb.And(cond...)).
		OrderBy(IdentityCreatedAt.Asc(), IdentityID.Asc()), func() error {
		out = append(out, r.identity())
		return nil
	})
	return out, err
}

// VerifyIdentity marks one of a user's identities verified now, if it was
// not, and tells the [IdentityObserver] plugins; [ErrIdentityNotFound]
// when the user has no such identity.
func (c *Call) VerifyIdentity(ctx context.Context, userID, id string) (*Identity, error) {
	ident, err := c.Identity(ctx, userID, id)
	if err != nil {
		return nil, err
	}
	if ident.Verified() {
		return ident, nil
	}
	return ident, c.verify(ctx, ident)
}

func (c *Call) verify(ctx context.Context, id *Identity) error {
	now := c.a.Now()
	n, err := c.db.Exec(ctx, sqlb.Update(Identities).Set(IdentityVerifiedAt.Set(nullTime(now))).
		Where(sqlb.And(IdentityID.Eq(id.ID), IdentityVerifiedAt.IsNull())))
	if err != nil || n == 0 {
		return err
	}
	id.VerifiedAt = now
	return c.observeVerified(ctx, id)
}

// RemoveIdentity deletes one identity of a user, with the tokens sent to
// it, and tells the [IdentityObserver] plugins; [ErrIdentityNotFound] when
// the user has no such identity.
func (c *Call) RemoveIdentity(ctx context.Context, userID, id string) error {
	ident, err := c.Identity(ctx, userID, id)
	if err != nil {
		return err
	}
	return c.removeIdentity(ctx, ident)
}

func (c *Call) removeIdentity(ctx context.Context, id *Identity) error {
	// The foreign key deletes the tokens too; this covers a SQLite
	// database opened without foreign keys.
	if _, err := c.db.Exec(ctx, sqlb.Delete(Tokens).Where(TokenIdentityID.Eq(nullString(id.ID)))); err != nil {
		return err
	}
	n, err := c.db.Exec(ctx, sqlb.Delete(Identities).Where(IdentityID.Eq(id.ID)))
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrIdentityNotFound
	}
	for _, p := range c.a.cfg.plugins {
		if o, ok := p.(IdentityObserver); ok {
			if err := o.IdentityRemoved(ctx, c, id); err != nil {
				return err
			}
		}
	}
	return nil
}

func (c *Call) observeVerified(ctx context.Context, id *Identity) error {
	for _, p := range c.a.cfg.plugins {
		if o, ok := p.(IdentityObserver); ok {
			if err := o.IdentityVerified(ctx, c, id); err != nil {
				return err
			}
		}
	}
	return nil
}

type identityRow struct {
	i        Identity
	verified sql.Null[time.Time]
}

func (r *identityRow) selections() []sqlb.Selection {
	return []sqlb.Selection{IdentityID.Into(&r.i.ID), IdentityKindName.Into(&r.i.Kind), IdentityValue.Into(&r.i.Value),
		IdentityUserID.Into(&r.i.UserID), IdentityVerifiedAt.Into(&r.verified), IdentityData.Into(&r.i.Data),
		IdentityCreatedAt.Into(&r.i.CreatedAt), IdentitySignUp.Into(&r.i.SignUp)}
}

func (r *identityRow) identity() *Identity {
	i := r.i
	i.VerifiedAt = r.verified.V
	return &i
}

func nullTime(t time.Time) sql.Null[time.Time] { return sql.Null[time.Time]{V: t, Valid: !t.IsZero()} }

func nullString(s string) sql.Null[string] { return sql.Null[string]{V: s, Valid: s != ""} }
