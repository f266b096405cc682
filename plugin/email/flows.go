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

// changeData is kept with a change's confirmation token.
type changeData struct {
	Old string `json:"old"`
	New string `json:"new"`
}

// undoData is kept with an undo token, the remedy sent to a verified
// address when a way into the account was added: the address to restore
// as primary, and the identity to drop.
type undoData struct {
	Restore    string `json:"restore"`
	IdentityID string `json:"identityId"`
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
// identity, replacing any earlier link for it. The link is bound to the
// identity: it dies with it.
func (p *Plugin) StartVerification(ctx context.Context, c *auth.Call, id *auth.Identity) error {
	token, err := c.IssueToken(ctx, auth.TokenSpec{Purpose: purposeVerify, Subject: id.ID, TTL: p.cfg.verifyTTL,
		Data: encode(changeData{New: id.Value}), UserID: id.UserID, IdentityID: id.ID, ReplacePrevious: true})
	if err != nil {
		return err
	}
	return p.Send(ctx, c, PurposeVerify, id.Value, MessageData{Link: p.Link("/verify-email", token), Minutes: minutes(p.cfg.verifyTTL)})
}

// CreateUser creates a person with an address as primary email (see
// [Plugin.IdentityAdded]), not yet verified, and sends the verification
// link. It returns
// [auth.ErrIdentityTaken], and creates nothing, when the address names a
// person (see [auth.Call.WhoIs]); another person's unverified claim gives
// way.
func (p *Plugin) CreateUser(ctx context.Context, c *auth.Call, name, address string) (*auth.User, *auth.Identity, error) {
	addr, err := normalize(address)
	if err != nil {
		return nil, nil, err
	}
	if _, err := c.WhoIs(ctx, Kind, addr); err == nil {
		return nil, nil, auth.ErrIdentityTaken
	} else if !errors.Is(err, auth.ErrIdentityNotFound) {
		return nil, nil, err
	}
	u, err := c.CreateUser(ctx, name, "")
	if err != nil {
		return nil, nil, err
	}
	id, err := c.AddIdentity(ctx, u.ID, Kind, addr, false)
	if errors.Is(err, auth.ErrIdentityTaken) { // a sign-up of the same address won the race
		if _, err := c.DB().Exec(ctx, sqlb.Delete(auth.Users).Where(auth.UserID.Eq(u.ID))); err != nil {
			return nil, nil, err
		}
		return nil, nil, auth.ErrIdentityTaken
	}
	if err != nil {
		return nil, nil, err
	}
	if err := p.StartVerification(ctx, c, id); err != nil {
		return nil, nil, err
	}
	u, err = c.LoadUser(ctx, u.ID)
	return u, id, err
}

// Lookup returns the identity through which an address names a person
// ([auth.Call.WhoIs]): never another person's unverified claim.
// [auth.ErrIdentityNotFound] when it names nobody.
func (p *Plugin) Lookup(ctx context.Context, c *auth.Call, address string) (*auth.Identity, error) {
	addr, err := normalize(address)
	if err != nil {
		return nil, err
	}
	return c.WhoIs(ctx, Kind, addr)
}

// NotifyExisting tells the holder of an address that someone tried to
// sign up with it, in place of the welcome a new address gets.
func (p *Plugin) NotifyExisting(ctx context.Context, c *auth.Call, address string) error {
	return p.Send(ctx, c, PurposeExisting, address, MessageData{})
}

// The primary address follows the identities, whoever gives them (a
// sign-up, a provider's sign-in, [auth.Auth.CreateUser], a host's
// plugin), in the two observers below: an account that has no primary
// address takes the first email identity that is verified, or that came
// with the account (its sign-up address, verified or not); an unverified
// address added to an existing account waits for its verification; the
// primary address's verification time follows its identity's.

// IdentityAdded implements [auth.IdentityAdder]: an unverified address
// given to an account this call created becomes its primary address, if
// it has none. Verified ones are IdentityVerified's.
func (p *Plugin) IdentityAdded(ctx context.Context, c *auth.Call, id *auth.Identity) error {
	if id.Kind != Kind || id.Verified() || !c.NewUser(id.UserID) {
		return nil
	}
	_, err := c.DB().Exec(ctx, takePrimary(c, id))
	return err
}

// IdentityVerified implements [auth.IdentityObserver]: a verified address
// becomes the primary one of an account that has none, the primary
// address's verification time follows its identity's, and when a way into
// an existing account was added (an address, a provider account ...),
// every other verified address of the account is told, with a link that
// removes it again.
func (p *Plugin) IdentityVerified(ctx context.Context, c *auth.Call, id *auth.Identity) error {
	if id.Kind == Kind {
		if _, err := c.DB().Exec(ctx, takePrimary(c, id)); err != nil {
			return err
		}
	}
	if c.NewUser(id.UserID) {
		return nil
	}
	return p.notifyAdded(ctx, c, id)
}

// notifyAdded sends every verified address of the account but the new
// identity's own a notice of it, each with its own undo link: a remedy
// that account-security events leave alive, since whoever added the
// identity may cause them.
func (p *Plugin) notifyAdded(ctx context.Context, c *auth.Call, added *auth.Identity) error {
	mine, err := c.Identities(ctx, added.UserID, Kind)
	if err != nil {
		return err
	}
	for _, to := range mine {
		if !to.Verified() || to.ID == added.ID {
			continue
		}
		undo, err := c.IssueToken(ctx, auth.TokenSpec{Purpose: purposeUndo, Subject: added.UserID, TTL: p.cfg.undoTTL,
			UserID: added.UserID, Remedy: true, Data: encode(undoData{Restore: to.Value, IdentityID: added.ID})})
		if err != nil {
			return err
		}
		what := added.Value
		if added.Kind != Kind {
			what = added.Kind
		}
		err = p.Send(ctx, c, PurposeAdded, to.Value, MessageData{NewEmail: what, Link: p.Link("/change-email/undo", undo),
			Minutes: minutes(p.cfg.undoTTL)})
		if err != nil {
			return err
		}
	}
	return nil
}

// IdentityRemoved implements [auth.IdentityObserver]: an account whose
// primary address goes has none until another is made primary.
func (p *Plugin) IdentityRemoved(ctx context.Context, c *auth.Call, id *auth.Identity) error {
	if id.Kind != Kind {
		return nil
	}
	_, err := c.DB().Exec(ctx, sqlb.Update(auth.Users).Set(PrimaryEmail.Set(nullString("")),
		EmailVerifiedAt.Set(nullTime(timeZero))).Where(sqlb.And(auth.UserID.Eq(id.UserID), PrimaryEmail.Eq(nullString(id.Value)))))
	return err
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
