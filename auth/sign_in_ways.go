package auth

import (
	"context"
	"net/http"

	"github.com/sesame-go/sesame/sqlb"
)

// ErrLastSignIn is the removal of a person's last way to sign in: an
// unlinked provider account, a removed passkey ... Return it from the
// operation that removes one (declare it among its codes).
var ErrLastSignIn = NewError("last_sign_in_method", http.StatusConflict, "add another way to sign in before removing this one")

// RemoveSignIn removes one of a user's identities unless it is their last
// way to sign in: the user keeps at least one other verified identity of a
// kind they sign in with ([IdentityKind.SignIn]), or the removal is
// refused with [ErrLastSignIn]. It takes [Call.LockUser] first and counts
// under the lock, so that two removals of the last two ways in at once,
// by any plugins, take turns instead of each counting the other's as what
// is left. [ErrIdentityNotFound] when the identity is not the user's.
// Observers hear of the removal as with [Call.RemoveIdentity].
func (c *Call) RemoveSignIn(ctx context.Context, userID, identityID string) error {
	if err := c.LockUser(ctx, userID); err != nil {
		return err
	}
	// A locking read: on MySQL a plain one would see the data as of the
	// transaction's first plain read, which the caller may have made
	// before the lock, and miss a removal committed since.
	var all []*Identity
	var r identityRow
	q := sqlb.Select(r.selections()...).From(Identities).Where(IdentityUserID.Eq(userID)).ForUpdate()
	if err := c.db.All(ctx, q, func() error { all = append(all, r.identity()); return nil }); err != nil {
		return err
	}
	var target *Identity
	others := 0
	for _, id := range all {
		k, ok := c.a.IdentityKind(id.Kind)
		switch {
		case id.ID == identityID:
			target = id
		case ok && k.SignIn && id.Verified():
			others++
		}
	}
	if target == nil {
		return ErrIdentityNotFound
	}
	if others == 0 {
		return ErrLastSignIn
	}
	return c.removeIdentity(ctx, target)
}
