package invite

import (
	"context"
	"errors"
	"slices"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/anonymous"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/sqlb"
)

// CreatingUser implements [auth.UserCreationGuard]: every account made by
// an operation that is not exempt ([WithExempt]) uses the invitation the
// call carries, counted in the operation's transaction (so a refused or
// failed sign-up counts nothing) and recorded with the new user. Without
// one, it refuses when sign-up is invite-only. An invitation bound to an
// address is judged once the operation gave the account its identities
// (see [Plugin.After]); a sign-up operation that answers alike
// ([WithSignUpOperations]) proves no address, so with invitations optional
// it ignores an address-bound one and makes the account as an open
// sign-up would (see [Plugin.Before]).
func (p *Plugin) CreatingUser(ctx context.Context, c *auth.Call, u *auth.User) error {
	if p.exempt(c.Op().Name) {
		return nil
	}
	code, fromCookie, ok := p.presented(ctx, c)
	if !ok {
		if p.cfg.required {
			return ErrInvitationRequired
		}
		return nil
	}
	now := c.Now()
	inv, err := find(ctx, c.DB(), code, now)
	if errors.Is(err, ErrInvitationInvalid) && !p.cfg.required {
		return nil // a stale code does not stand in the way of an open sign-up
	}
	if err != nil {
		return err
	}
	if inv.Email != "" && p.signUp(c.Op().Name) {
		return nil // optional: the invite-only refusal is Before's, made for taken and new identifiers alike
	}
	won, err := claim(ctx, c.DB(), inv.ID, now)
	if err != nil {
		return err
	}
	if !won {
		if !p.cfg.required {
			return nil
		}
		return ErrInvitationInvalid
	}
	if _, err := c.DB().Exec(ctx, sqlb.Insert(Uses).Row(UseInvitationID.Set(inv.ID), UseUserID.Set(u.ID),
		UseCreatedAt.Set(now))); err != nil {
		return err
	}
	if fromCookie && !p.signUp(c.Op().Name) {
		c.SetCookie(p.cookie("", -1)) // used: the browser's next sign-up needs a new one
	}
	return nil
}

// Before implements [auth.BeforeHook]. A sign-up operation that answers
// alike for taken and new identifiers ([WithSignUpOperations]) checks the
// invitation before it runs, so that its refusal does not depend on the
// identifier: it would otherwise refuse only new ones. Such a sign-up
// cannot prove an address in the same step, so in invite-only mode an
// address-bound invitation is refused there too; with invitations
// optional, it is ignored instead ([Plugin.CreatingUser]): the sign-up is
// open anyway, and a refusal made only when an account would be made
// would tell which addresses have one.
func (p *Plugin) Before(ctx context.Context, c *auth.Call, _ any) error {
	if !p.cfg.required || !p.signUp(c.Op().Name) {
		return nil
	}
	code, _, ok := p.presented(ctx, c)
	if !ok {
		return ErrInvitationRequired
	}
	inv, err := find(ctx, c.DB(), code, c.Now())
	if err != nil {
		return err
	}
	if inv.Email != "" {
		return ErrInvitationEmail
	}
	return nil
}

// After implements [auth.AfterHook]: an account made with an
// address-bound invitation must end the operation with that address
// verified among its identities. An unverified claim of the address
// (anyone can type one) never uses such an invitation. A sign-up
// operation that answers alike clears the browser's accepted code on
// every answer, whether it made an account or found the identifier
// taken, so that not even a header tells the two apart.
func (p *Plugin) After(ctx context.Context, c *auth.Call, _, _ any) error {
	if p.signUp(c.Op().Name) {
		if _, fromCookie, ok := p.presented(ctx, c); ok && fromCookie {
			c.SetCookie(p.cookie("", -1))
		}
	}
	made := c.NewUsers()
	if u := c.User(); anonymous.IsGuest(u) && !slices.Contains(made, u.ID) {
		made = append(made, u.ID) // a guest upgraded by an identity (IdentityAdded)
	}
	for _, id := range made {
		addr, err := boundEmail(ctx, c.DB(), id)
		if err != nil {
			return err
		}
		if addr == "" {
			continue
		}
		ids, err := c.Identities(ctx, id, email.Kind)
		if err != nil {
			return err
		}
		if !slices.ContainsFunc(ids, func(i *auth.Identity) bool { return i.Value == addr && i.Verified() }) {
			return ErrInvitationEmail
		}
	}
	return nil
}

// IdentityAdded implements [auth.IdentityAdder]: a guest of the anonymous
// plugin who gains an identity outside a sign-up (a provider linked from
// the guest's session) becomes an account without [auth.Call.CreateUser];
// that takes an invitation as a sign-up does ([Plugin.CreatingUser]), used
// once however many identities the operation adds.
func (p *Plugin) IdentityAdded(ctx context.Context, c *auth.Call, id *auth.Identity) error {
	u := c.User()
	if c.NewUser(id.UserID) || !anonymous.IsGuest(u) || u.ID != id.UserID {
		return nil
	}
	var n int64
	if err := c.DB().One(ctx, sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(Uses).Where(UseUserID.Eq(u.ID))); err != nil || n > 0 {
		return err
	}
	return p.CreatingUser(ctx, c, u)
}

// AccountChanged implements [auth.AccountObserver]: every
// account-security event of a user (a password changed or reset, an
// identifier changed or removed, a sign-out everywhere, a second factor
// removed, a ban) revokes their open invitations, since whoever caused it
// may have made them: a thief's session, ended by the owner's password
// change, lets nobody in afterwards.
func (p *Plugin) AccountChanged(ctx context.Context, c *auth.Call, userID string, _ auth.AccountEvent) error {
	_, err := c.DB().Exec(ctx, sqlb.Update(Invitations).Set(InvitationRevokedAt.Set(nullTime(c.Now()))).
		Where(sqlb.And(InvitationCreatedBy.Eq(nullString(userID)), InvitationRevokedAt.IsNull())))
	return err
}
