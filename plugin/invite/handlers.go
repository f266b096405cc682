package invite

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/admin"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/sqlb"
)

// handleCreate makes an invitation: the caller's over HTTP, the host's
// from [Plugin.Issue].
func (p *Plugin) handleCreate(ctx context.Context, c *auth.Call, in CreateRequest) (Created, error) {
	now := c.Now()
	inv := Invitation{ID: p.a.NewID(), MaxUses: in.MaxUses, CreatedAt: now, ExpiresAt: in.ExpiresAt, UsedBy: []Use{}}
	if inv.MaxUses == 0 {
		inv.MaxUses = 1
	}
	if inv.ExpiresAt.IsZero() {
		inv.ExpiresAt = now.Add(p.cfg.ttl)
	}
	inv.ExpiresAt = inv.ExpiresAt.UTC().Truncate(time.Microsecond)
	if !inv.ExpiresAt.After(now) || inv.ExpiresAt.After(now.Add(maxAhead)) {
		return Created{}, auth.ErrInvalidInput.With("expiresAt must be in the future, at most a year away")
	}
	if in.Email != "" {
		addr, err := p.a.Normalize(email.Kind, in.Email)
		if err != nil {
			return Created{}, auth.ErrInvalidInput.With("email: " + auth.AsError(err).Message)
		}
		inv.Email = addr
	}
	if u := c.User(); c.Op().Name == OpCreate {
		if _, ok := admin.ImpersonationOf(c.Session()); ok {
			return Created{}, admin.ErrImpersonationForbidden // without the admin plugin's own check too
		}
		ok, err := p.cfg.authorizer(ctx, c, u, in)
		if err != nil {
			return Created{}, err
		}
		if !ok {
			return Created{}, ErrNotAllowed
		}
		inv.CreatedBy = u.ID
	}
	code := newCode()
	_, err := c.DB().Exec(ctx, sqlb.Insert(Invitations).Row(InvitationID.Set(inv.ID), InvitationCodeHash.Set(codeHash(code)),
		InvitationCreatedBy.Set(nullString(inv.CreatedBy)), InvitationEmail.Set(nullString(inv.Email)),
		InvitationMaxUses.Set(inv.MaxUses), InvitationUses.Set(0), InvitationCreatedAt.Set(now),
		InvitationExpiresAt.Set(inv.ExpiresAt)))
	if err != nil {
		return Created{}, err
	}
	return Created{Invitation: inv, Code: auth.Show(code)}, nil
}

func (p *Plugin) handleList(ctx context.Context, c *auth.Call, _ auth.Empty) (List, error) {
	l, err := list(ctx, c.DB(), c.User().ID)
	return List{Invitations: l}, err
}

// handleRevoke revokes one of the caller's invitations; revoking one
// twice keeps the first time.
func (p *Plugin) handleRevoke(ctx context.Context, c *auth.Call, in RevokeRequest) (Invitation, error) {
	mine := sqlb.And(InvitationID.Eq(in.ID), InvitationCreatedBy.Eq(nullString(c.User().ID)))
	if _, err := c.DB().Exec(ctx, sqlb.Update(Invitations).
		Set(InvitationRevokedAt.Set(sql.Null[time.Time]{V: c.Now(), Valid: true})).
		Where(sqlb.And(mine, InvitationRevokedAt.IsNull()))); err != nil {
		return Invitation{}, err
	}
	inv, err := one(ctx, c.DB(), mine)
	if errors.Is(err, sql.ErrNoRows) {
		return Invitation{}, ErrInvitationNotFound
	}
	if err != nil {
		return Invitation{}, err
	}
	return *inv, nil
}

// handleAccept checks a code and keeps it in the browser, no longer than
// the invitation lives.
func (p *Plugin) handleAccept(ctx context.Context, c *auth.Call, in AcceptRequest) (Accepted, error) {
	now := c.Now()
	inv, err := find(ctx, c.DB(), in.Code, now)
	if err != nil {
		return Accepted{}, err
	}
	age := min(p.cfg.cookieTTL, inv.ExpiresAt.Sub(now))
	if c.Request().Transport == auth.TransportHTTP {
		c.SetCookie(p.cookie(in.Code.Reveal(), max(1, int(age/time.Second))))
	}
	return Accepted{Email: inv.Email, ExpiresAt: inv.ExpiresAt}, nil
}
