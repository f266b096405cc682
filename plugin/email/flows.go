package email

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// Token purposes.
const (
	purposeVerify = "email.verify"
	purposeChange = "email.change"
	purposeUndo   = "email.undo"
	purposeCode   = "email.code"
)

// verifyData is kept with a verification token.
type verifyData struct {
	UserID     string `json:"userId"`
	IdentityID string `json:"identityId"`
	Email      string `json:"email"`
}

// changeData is kept with change and undo tokens.
type changeData struct {
	Old string `json:"old"`
	New string `json:"new"`
}

func encode(v any) string {
	b, _ := json.Marshal(v) // plain structs of strings always encode
	return string(b)
}

// normalize is Normalize as an operation error.
func normalize(raw string) (string, error) {
	s, err := Normalize(raw)
	if err != nil {
		return "", auth.ErrInvalidInput.With(err.Error())
	}
	return s, nil
}

// primaryOf returns a user's primary address, or "".
func primaryOf(u *auth.User) string {
	s, _ := u.Fields["primaryEmail"].(string)
	return s
}

// StartVerification sends a verification link for an unverified address
// identity, replacing any earlier link for it.
func (p *Plugin) StartVerification(ctx context.Context, c *auth.Call, id *auth.Identity) error {
	token, err := c.IssueToken(ctx, auth.TokenSpec{Purpose: purposeVerify, Subject: id.ID, TTL: p.cfg.verifyTTL,
		Data: encode(verifyData{UserID: id.UserID, IdentityID: id.ID, Email: id.Value}), ReplacePrevious: true})
	if err != nil {
		return err
	}
	return p.Send(c, PurposeVerify, id.Value, MessageData{Link: p.Link("/verify-email", token), Minutes: minutes(p.cfg.verifyTTL)})
}

// CreateUser creates a person with an address as primary email, not yet
// verified, and sends the verification link. It returns
// [auth.ErrIdentityTaken] when the address belongs to someone.
func (p *Plugin) CreateUser(ctx context.Context, c *auth.Call, name, address string) (*auth.User, *auth.Identity, error) {
	addr, err := normalize(address)
	if err != nil {
		return nil, nil, err
	}
	u, err := c.CreateUser(ctx, name, "")
	if err != nil {
		return nil, nil, err
	}
	id, err := c.AddIdentity(ctx, u.ID, Kind, addr, false)
	if err != nil {
		return nil, nil, err
	}
	if _, err := c.DB().Exec(ctx, setPrimary(c, u.ID, addr, timeZero)); err != nil {
		return nil, nil, err
	}
	if err := p.StartVerification(ctx, c, id); err != nil {
		return nil, nil, err
	}
	u, err = c.LoadUser(ctx, u.ID)
	return u, id, err
}

// Lookup returns the identity of an address; [auth.ErrIdentityNotFound]
// when nobody has it.
func (p *Plugin) Lookup(ctx context.Context, c *auth.Call, address string) (*auth.Identity, error) {
	addr, err := normalize(address)
	if err != nil {
		return nil, err
	}
	return c.FindIdentity(ctx, Kind, addr)
}

// MarkVerified records that the holder of an address proved it, as a
// password reset through the address does; the primary address's
// verification time follows.
func (p *Plugin) MarkVerified(ctx context.Context, c *auth.Call, id *auth.Identity) error {
	if id.Verified() {
		return nil
	}
	if err := c.VerifyIdentity(ctx, id.ID); err != nil {
		return err
	}
	_, err := c.DB().Exec(ctx, sqlb.Update(auth.Users).Set(EmailVerifiedAt.Set(nullTime(c.Now()))).
		Where(sqlb.And(auth.UserID.Eq(id.UserID), PrimaryEmail.Eq(nullString(id.Value)))))
	return err
}

// NotifyExisting tells the holder of an address that someone tried to
// sign up with it, in place of the welcome a new address gets.
func (p *Plugin) NotifyExisting(c *auth.Call, address string) error {
	return p.Send(c, PurposeExisting, address, MessageData{})
}

// userAddress returns one of the caller's address identities.
func (p *Plugin) userAddress(ctx context.Context, c *auth.Call, raw string) (*auth.Identity, error) {
	addr, err := normalize(raw)
	if err != nil {
		return nil, err
	}
	ids, err := c.Identities(ctx, c.User().ID, Kind)
	if err != nil {
		return nil, err
	}
	for _, id := range ids {
		if id.Value == addr {
			return id, nil
		}
	}
	return nil, ErrNotYours
}

// claim gives userID the address, verified now: its own identity gets
// verified, another person's unverified claim is dropped (only verified
// identities count), and another person's verified identity makes
// [auth.ErrIdentityTaken].
func (p *Plugin) claim(ctx context.Context, c *auth.Call, userID, addr string) error {
	id, err := c.FindIdentity(ctx, Kind, addr)
	switch {
	case errors.Is(err, auth.ErrIdentityNotFound):
	case err != nil:
		return err
	case id.UserID == userID:
		return c.VerifyIdentity(ctx, id.ID)
	case id.Verified():
		return auth.ErrIdentityTaken
	default:
		if err := c.RemoveIdentity(ctx, id.UserID, id.ID); err != nil {
			return err
		}
		if _, err := c.DB().Exec(ctx, sqlb.Update(auth.Users).Set(PrimaryEmail.Set(nullString("")),
			EmailVerifiedAt.Set(nullTime(timeZero))).Where(sqlb.And(auth.UserID.Eq(id.UserID), PrimaryEmail.Eq(nullString(addr))))); err != nil {
			return err
		}
	}
	_, err = c.AddIdentity(ctx, userID, Kind, addr, true)
	return err
}

// removeAddress deletes a user's identity of an address, if present.
func removeAddress(ctx context.Context, c *auth.Call, userID, addr string) error {
	id, err := c.FindIdentity(ctx, Kind, addr)
	if errors.Is(err, auth.ErrIdentityNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if id.UserID != userID {
		return nil
	}
	return c.RemoveIdentity(ctx, userID, id.ID)
}
