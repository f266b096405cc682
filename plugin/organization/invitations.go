package organization

import (
	"context"
	"crypto/subtle"
	"database/sql"
	"errors"
	"net/url"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// invitationRow reads an invitation.
type invitationRow struct {
	i       Invitation
	inviter sql.Null[string]
}

func (r *invitationRow) selections() []sqlb.Selection {
	return []sqlb.Selection{InvitationID.Into(&r.i.ID), InvitationOrganizationID.Into(&r.i.OrganizationID),
		InvitationEmail.Into(&r.i.Email), InvitationRole.Into(&r.i.Role), InvitationInviterID.Into(&r.inviter),
		InvitationStatus.Into(&r.i.Status), InvitationCreatedAt.Into(&r.i.CreatedAt), InvitationExpiresAt.Into(&r.i.ExpiresAt)}
}

func (r *invitationRow) invitation() Invitation {
	i := r.i
	i.InviterID = r.inviter.V
	return i
}

// Invited is a new invitation; Token is its secret, also mailed, for Go
// callers only (it is never in the HTTP answer).
type Invited struct {
	Invitation
	Token auth.Secret `json:"-"`
}

// invite stores an invitation and mails its link: the caller needs
// member:invite and must hold every permission of the role it gives. An
// earlier pending invitation of the address into the organization is
// canceled.
func (p *Plugin) invite(ctx context.Context, c *auth.Call, in InviteRequest) (Invited, error) {
	if _, err := p.enter(ctx, c, in.OrganizationID, true, ResMember, ActInvite); err != nil {
		return Invited{}, err
	}
	email, err := c.Auth().Normalize("email", in.Email)
	if err != nil {
		return Invited{}, auth.ErrInvalidInput.With("email must be an address")
	}
	role := in.Role
	if role == "" {
		role = p.cfg.memberRole
	}
	if err := p.role(ctx, c, in.OrganizationID, role); err != nil {
		return Invited{}, err
	}
	if err := p.covers(ctx, c, in.OrganizationID, role); err != nil {
		return Invited{}, err
	}
	if holder, err := c.WhoIs(ctx, "email", email); err == nil && holder.Verified() {
		if ok, err := member(ctx, c, in.OrganizationID, holder.UserID); err != nil || ok {
			if err == nil {
				err = ErrAlreadyMember
			}
			return Invited{}, err
		}
	} else if err != nil && !errors.Is(err, auth.ErrIdentityNotFound) {
		return Invited{}, err
	}
	if err := p.cancelPending(ctx, c, in.OrganizationID, email); err != nil {
		return Invited{}, err
	}
	now := c.Now()
	inv := Invitation{ID: c.Auth().NewID(), OrganizationID: in.OrganizationID, Email: email, Role: role,
		InviterID: c.User().ID, Status: StatusPending, CreatedAt: now, ExpiresAt: now.Add(p.cfg.invitationTTL)}
	if _, err := c.DB().Exec(ctx, sqlb.Insert(Invitations).Row(InvitationID.Set(inv.ID), InvitationOrganizationID.Set(inv.OrganizationID),
		InvitationEmail.Set(email), InvitationRole.Set(role), InvitationInviterID.Set(sql.Null[string]{V: inv.InviterID, Valid: true}),
		InvitationStatus.Set(StatusPending), InvitationCreatedAt.Set(now), InvitationExpiresAt.Set(inv.ExpiresAt),
		InvitationAnsweredAt.Set(sql.Null[time.Time]{}))); err != nil {
		return Invited{}, err
	}
	token, err := c.IssueToken(ctx, auth.TokenSpec{Purpose: TokenPurpose, Subject: inv.ID, TTL: p.cfg.invitationTTL})
	if err != nil {
		return Invited{}, err
	}
	if err := c.Send(ctx, "email", p.message(email, token)); err != nil {
		return Invited{}, err
	}
	c.EmitCommitted(EventInvited, "organization="+inv.OrganizationID+" invitation="+inv.ID+" role="+role)
	return Invited{Invitation: inv, Token: token}, nil
}

// message is the invitation mail.
func (p *Plugin) message(to string, token auth.Secret) auth.Message {
	u := *p.a.BaseURL()
	u.Path = p.cfg.acceptPath
	u.RawQuery = url.Values{"token": {token.Reveal()}}.Encode()
	link := u.String()
	return auth.Message{Purpose: TokenPurpose, To: to, Subject: "You are invited to an organization",
		Text: "You are invited to join an organization. Sign in with this address, then open:\n\n" + link + "\n"}
}

// cancelPending cancels the pending invitations of an address into an
// organization, and their tokens.
func (p *Plugin) cancelPending(ctx context.Context, c *auth.Call, orgID, email string) error {
	var id string
	var ids []string
	if err := c.DB().All(ctx, sqlb.Select(InvitationID.Into(&id)).From(Invitations).Where(sqlb.And(
		InvitationOrganizationID.Eq(orgID), InvitationEmail.Eq(email), InvitationStatus.Eq(StatusPending))), func() error {
		ids = append(ids, id)
		return nil
	}); err != nil {
		return err
	}
	for _, id := range ids {
		if _, err := p.answer(ctx, c, id, StatusCanceled); err != nil {
			return err
		}
	}
	return nil
}

// answer moves a pending invitation to status, by a conditional update
// whose row count decides, and ends its token.
func (p *Plugin) answer(ctx context.Context, c *auth.Call, id, status string) (bool, error) {
	n, err := c.DB().Exec(ctx, sqlb.Update(Invitations).Set(InvitationStatus.Set(status),
		InvitationAnsweredAt.Set(sql.Null[time.Time]{V: c.Now(), Valid: true})).
		Where(sqlb.And(InvitationID.Eq(id), InvitationStatus.Eq(StatusPending))))
	if err != nil || n == 0 {
		return false, err
	}
	if status != StatusAccepted {
		if _, err := c.RevokeTokens(ctx, TokenPurpose, id); err != nil {
			return false, err
		}
	}
	c.EmitCommitted(EventInvitationAnswered, "invitation="+id+" status="+status)
	return true, nil
}

// loadInvitation reads an invitation, locked when lock is set.
func loadInvitation(ctx context.Context, c *auth.Call, id string, lock bool) (Invitation, error) {
	var r invitationRow
	q := sqlb.Select(r.selections()...).From(Invitations).Where(InvitationID.Eq(id))
	if lock {
		q = q.ForUpdate()
	}
	err := c.DB().One(ctx, q)
	if errors.Is(err, sql.ErrNoRows) {
		return Invitation{}, ErrInvitationNotFound
	}
	return r.invitation(), err
}

// holdsVerified reports whether the caller holds the address as a
// verified email identity; the comparison is constant-time, though an
// address is no secret, as every comparison of what a token stands for.
func holdsVerified(ctx context.Context, c *auth.Call, email string) (bool, error) {
	ids, err := c.Identities(ctx, c.User().ID, "email")
	if err != nil {
		return false, err
	}
	found := false
	for _, id := range ids {
		if id.Verified() && subtle.ConstantTimeCompare([]byte(id.Value), []byte(email)) == 1 {
			found = true
		}
	}
	return found, nil
}

// accept consumes an invitation's token for the signed-in caller, who
// must hold its address as a verified email identity, and makes them a
// member with its role. Any refusal rolls back, so the token stays for
// its rightful holder; once accepted, it is spent.
func (p *Plugin) accept(ctx context.Context, c *auth.Call, in AcceptRequest) (Organization, error) {
	tok, err := c.ConsumeToken(ctx, TokenPurpose, in.Token)
	if err != nil {
		return Organization{}, err
	}
	inv, err := loadInvitation(ctx, c, tok.Subject, true)
	if err != nil {
		return Organization{}, err
	}
	if inv.Status != StatusPending || !c.Now().Before(inv.ExpiresAt) {
		return Organization{}, auth.ErrTokenInvalid
	}
	ok, err := holdsVerified(ctx, c, inv.Email)
	if err != nil {
		return Organization{}, err
	}
	if !ok {
		return Organization{}, ErrInvitationAddress
	}
	o, err := load(ctx, c, inv.OrganizationID, true)
	if err != nil {
		return Organization{}, err
	}
	if err := p.role(ctx, c, inv.OrganizationID, inv.Role); err != nil {
		return Organization{}, err
	}
	if err := p.join(ctx, c, o.ID, c.User().ID, inv.Role); err != nil {
		return Organization{}, err
	}
	if _, err := p.answer(ctx, c, inv.ID, StatusAccepted); err != nil {
		return Organization{}, err
	}
	o.Roles = []string{inv.Role}
	return *o, nil
}

// reject declines an invitation addressed to one of the caller's
// verified addresses.
func (p *Plugin) reject(ctx context.Context, c *auth.Call, in InvitationRequest) (Changed, error) {
	inv, err := loadInvitation(ctx, c, in.InvitationID, true)
	if err != nil {
		return Changed{}, err
	}
	ok, err := holdsVerified(ctx, c, inv.Email)
	if err != nil {
		return Changed{}, err
	}
	if !ok || inv.Status != StatusPending {
		return Changed{}, ErrInvitationNotFound
	}
	_, err = p.answer(ctx, c, inv.ID, StatusRejected)
	return Changed{Changed: err == nil}, err
}

// cancel withdraws an invitation of an organization in which the caller
// has invitation:cancel; an invitation of another organization answers
// as none.
func (p *Plugin) cancel(ctx context.Context, c *auth.Call, in InvitationRequest) (Changed, error) {
	inv, err := loadInvitation(ctx, c, in.InvitationID, false)
	if err != nil {
		return Changed{}, err
	}
	if _, err := p.enter(ctx, c, inv.OrganizationID, true, ResInvitation, ActCancel); err != nil {
		if errors.Is(err, ErrOrganizationNotFound) {
			return Changed{}, ErrInvitationNotFound
		}
		return Changed{}, err
	}
	done, err := p.answer(ctx, c, inv.ID, StatusCanceled)
	if err != nil {
		return Changed{}, err
	}
	if !done {
		return Changed{}, ErrInvitationNotFound
	}
	return Changed{Changed: true}, nil
}

// invitations lists the pending invitations of an organization, for a
// member who may invite.
func (p *Plugin) invitations(ctx context.Context, c *auth.Call, in OrgRequest) (InvitationList, error) {
	if _, err := p.enter(ctx, c, in.OrganizationID, false, ResMember, ActInvite); err != nil {
		return InvitationList{}, err
	}
	return listInvitations(ctx, c, sqlb.And(InvitationOrganizationID.Eq(in.OrganizationID), InvitationStatus.Eq(StatusPending),
		InvitationExpiresAt.Gt(c.Now())))
}

// myInvitations lists the pending invitations addressed to the caller's
// verified addresses.
func (p *Plugin) myInvitations(ctx context.Context, c *auth.Call, _ auth.Empty) (InvitationList, error) {
	ids, err := c.Identities(ctx, c.User().ID, "email")
	if err != nil {
		return InvitationList{}, err
	}
	var emails []string
	for _, id := range ids {
		if id.Verified() {
			emails = append(emails, id.Value)
		}
	}
	if len(emails) == 0 {
		return InvitationList{Invitations: []Invitation{}}, nil
	}
	return listInvitations(ctx, c, sqlb.And(InvitationEmail.In(emails...), InvitationStatus.Eq(StatusPending),
		InvitationExpiresAt.Gt(c.Now())))
}

func listInvitations(ctx context.Context, c *auth.Call, where sqlb.Cond) (InvitationList, error) {
	var r invitationRow
	out := InvitationList{Invitations: []Invitation{}}
	err := c.DB().All(ctx, sqlb.Select(r.selections()...).From(Invitations).Where(where).
		OrderBy(InvitationCreatedAt.Asc(), InvitationID.Asc()), func() error {
		out.Invitations = append(out.Invitations, r.invitation())
		return nil
	})
	return out, err
}
