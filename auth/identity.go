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
}

// Verified reports whether the identity was verified.
func (i *Identity) Verified() bool { return !i.VerifiedAt.IsZero() }

// Identity errors.
var (
	// ErrIdentityTaken is an identifier of a unique kind that another
	// person (or the same one) already has.
	ErrIdentityTaken = NewError("identity_taken", http.StatusConflict, "this identifier is already in use")
	// ErrIdentityNotFound is an identifier nobody has.
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

// AddIdentity gives userID an identifier, normalized, verified now or not.
// It returns [ErrIdentityTaken] when a unique kind's value is taken.
func (c *Call) AddIdentity(ctx context.Context, userID, kind, raw string, verified bool) (*Identity, error) {
	value, err := c.a.Normalize(kind, raw)
	if err != nil {
		return nil, err
	}
	now := c.a.Now()
	id := &Identity{ID: newID(now), Kind: kind, Value: value, UserID: userID, Data: "{}", CreatedAt: now}
	if verified {
		id.VerifiedAt = now
	}
	scope := ""
	if !c.a.kinds[kind].Unique {
		scope = userID
	}
	// DO NOTHING rather than a caught unique violation: on PostgreSQL a
	// failed statement would doom the rest of the transaction.
	n, err := c.db.Exec(ctx, sqlb.Insert(Identities).Row(IdentityID.Set(id.ID), IdentityKindName.Set(kind),
		IdentityValue.Set(value), IdentityScope.Set(scope), IdentityUserID.Set(userID),
		IdentityVerifiedAt.Set(nullTime(id.VerifiedAt)), IdentityData.Set(id.Data), IdentityCreatedAt.Set(now)).
		OnConflictDoNothing(IdentityKindName, IdentityValue, IdentityScope))
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, ErrIdentityTaken
	}
	return id, nil
}

// FindIdentity returns the identity of a kind with the raw value, after
// normalizing it; [ErrIdentityNotFound] when there is none.
func (c *Call) FindIdentity(ctx context.Context, kind, raw string) (*Identity, error) {
	value, err := c.a.Normalize(kind, raw)
	if err != nil {
		return nil, err
	}
	var r identityRow
	err = c.db.One(ctx, sqlb.Select(r.selections()...).From(Identities).
		Where(sqlb.And(IdentityKindName.Eq(kind), IdentityValue.Eq(value))).Limit(1))
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

// VerifyIdentity marks an identity verified now, if it was not.
func (c *Call) VerifyIdentity(ctx context.Context, id string) error {
	_, err := c.db.Exec(ctx, sqlb.Update(Identities).Set(IdentityVerifiedAt.Set(nullTime(c.a.Now()))).
		Where(sqlb.And(IdentityID.Eq(id), IdentityVerifiedAt.IsNull())))
	return err
}

// RemoveIdentity deletes one identity of a user; [ErrIdentityNotFound]
// when the user has no such identity.
func (c *Call) RemoveIdentity(ctx context.Context, userID, id string) error {
	n, err := c.db.Exec(ctx, sqlb.Delete(Identities).Where(sqlb.And(IdentityID.Eq(id), IdentityUserID.Eq(userID))))
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrIdentityNotFound
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
		IdentityCreatedAt.Into(&r.i.CreatedAt)}
}

func (r *identityRow) identity() *Identity {
	i := r.i
	i.VerifiedAt = r.verified.V
	return &i
}

func nullTime(t time.Time) sql.Null[time.Time] { return sql.Null[time.Time]{V: t, Valid: !t.IsZero()} }
