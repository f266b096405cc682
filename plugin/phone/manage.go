package phone

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/sesame-go/sesame/auth"
)

// changeData is kept with a change's code: the identity to replace, and
// the new number.
type changeData struct {
	OldID string `json:"oldId"`
	New   string `json:"new"`
}

// changeSubject is the subject of a change's code: the user and the new
// number, so that another person's change to the same number leaves it
// alone.
func changeSubject(userID, number string) string { return userID + " " + number }

// handleAdd gives the caller another number, to verify with a code. It
// needs a fresh session: a verified number is a way into the account.
// Another person's number answers alike, and its holder is told instead.
func (p *Plugin) handleAdd(ctx context.Context, c *auth.Call, in NumberRequest) (auth.Empty, error) {
	n, err := p.Normalize(in.Phone)
	if err != nil {
		return auth.Empty{}, err
	}
	uid := c.User().ID
	mine, err := c.Identities(ctx, uid, Kind)
	if err != nil {
		return auth.Empty{}, err
	}
	var pending *auth.Identity
	for _, id := range mine {
		if id.Value == n.E164 && id.Verified() {
			return auth.Empty{}, ErrSameNumber
		}
		if id.Value == n.E164 {
			pending = id // added before: a new code
		}
	}
	if pending == nil && len(mine) >= p.cfg.maxNumbers {
		return auth.Empty{}, ErrTooManyNumbers
	}
	if err := p.countPrefix(ctx, c, n.CallingCode); err != nil {
		return auth.Empty{}, err
	}
	if pending != nil {
		return auth.Empty{}, p.startVerification(ctx, c, pending)
	}
	id, err := c.AddIdentity(ctx, uid, Kind, n.E164, false)
	if errors.Is(err, auth.ErrIdentityTaken) {
		return auth.Empty{}, p.Send(ctx, c, PurposeInUse, n.E164, MessageData{})
	}
	if err != nil {
		return auth.Empty{}, err
	}
	return auth.Empty{}, p.startVerification(ctx, c, id)
}

// startVerification texts a code for an unverified number identity,
// bound to it, replacing any earlier one.
func (p *Plugin) startVerification(ctx context.Context, c *auth.Call, id *auth.Identity) error {
	code, err := c.IssueCode(ctx, auth.TokenSpec{Purpose: purposeVerify, Subject: id.ID, TTL: p.cfg.codeTTL,
		UserID: id.UserID, IdentityID: id.ID, ReplacePrevious: true}, 6)
	if err != nil {
		return err
	}
	return p.Send(ctx, c, PurposeVerify, id.Value, MessageData{Code: code.Reveal(), Minutes: minutes(p.cfg.codeTTL)})
}

// handleVerify uses up the code of a number the caller added, or of the
// new number of a change the caller asked for. The code was asked for by
// a fresh session (add, change) and dies with it, with any
// account-security event, and with the identity it was sent to.
func (p *Plugin) handleVerify(ctx context.Context, c *auth.Call, in CodeRequest) (Verified, error) {
	n, err := p.Normalize(in.Phone)
	if err != nil {
		return Verified{}, err
	}
	uid := c.User().ID
	mine, err := c.Identities(ctx, uid, Kind)
	if err != nil {
		return Verified{}, err
	}
	for _, id := range mine {
		if id.Value != n.E164 || id.Verified() {
			continue
		}
		tok, err := c.ConsumeCode(ctx, purposeVerify, id.ID, in.Code, p.cfg.codeAttempts)
		if err != nil {
			return Verified{}, err
		}
		if tok.UserID != uid {
			return Verified{}, auth.ErrCodeInvalid
		}
		if _, err := c.VerifyIdentity(ctx, uid, id.ID); errors.Is(err, auth.ErrIdentityTaken) || errors.Is(err, auth.ErrIdentityNotFound) {
			return Verified{}, auth.ErrCodeInvalid
		} else if err != nil {
			return Verified{}, err
		}
		return Verified{Phone: n.E164}, nil
	}
	tok, err := c.ConsumeCode(ctx, purposeChange, changeSubject(uid, n.E164), in.Code, p.cfg.codeAttempts)
	if err != nil {
		return Verified{}, err
	}
	return p.applyChange(ctx, c, tok)
}

// handleChange asks to replace one of the caller's numbers with a new
// one, proved by a code texted to it. A number that names another person
// answers alike, and its holder is told instead.
func (p *Plugin) handleChange(ctx context.Context, c *auth.Call, in ChangeRequest) (auth.Empty, error) {
	old, err := p.userNumber(ctx, c, in.Phone)
	if err != nil {
		return auth.Empty{}, err
	}
	n, err := p.Normalize(in.NewPhone)
	if err != nil {
		return auth.Empty{}, err
	}
	uid := old.UserID
	mine, err := c.Identities(ctx, uid, Kind)
	if err != nil {
		return auth.Empty{}, err
	}
	for _, id := range mine {
		if id.Value == n.E164 {
			return auth.Empty{}, ErrSameNumber
		}
	}
	if err := p.countPrefix(ctx, c, n.CallingCode); err != nil {
		return auth.Empty{}, err
	}
	if _, err := c.WhoIs(ctx, Kind, n.E164); err == nil {
		return auth.Empty{}, p.Send(ctx, c, PurposeInUse, n.E164, MessageData{})
	} else if !errors.Is(err, auth.ErrIdentityNotFound) {
		return auth.Empty{}, err
	}
	data, _ := json.Marshal(changeData{OldID: old.ID, New: n.E164}) // strings only: always encodes
	code, err := c.IssueCode(ctx, auth.TokenSpec{Purpose: purposeChange, Subject: changeSubject(uid, n.E164), TTL: p.cfg.codeTTL,
		UserID: uid, Data: string(data), ReplacePrevious: true}, 6)
	if err != nil {
		return auth.Empty{}, err
	}
	return auth.Empty{}, p.Send(ctx, c, PurposeChange, n.E164, MessageData{Code: code.Reveal(), Minutes: minutes(p.cfg.codeTTL)})
}

// applyChange replaces the old number of a confirmed change with the new
// one, verified, and texts the old number a notice. It is an
// account-security event: every other session and pending flow of the
// account ends.
func (p *Plugin) applyChange(ctx context.Context, c *auth.Call, tok *auth.Token) (Verified, error) {
	var d changeData
	uid := c.User().ID
	if err := json.Unmarshal([]byte(tok.Data), &d); err != nil || tok.UserID != uid {
		return Verified{}, auth.ErrCodeInvalid
	}
	old, err := c.Identity(ctx, uid, d.OldID)
	if errors.Is(err, auth.ErrIdentityNotFound) {
		return Verified{}, auth.ErrCodeInvalid // removed meanwhile
	}
	if err != nil {
		return Verified{}, err
	}
	// The old number goes first: the other numbers and addresses hear of
	// the new one through the identity observers, the old one through its
	// own notice.
	if err := c.RemoveIdentity(ctx, uid, old.ID); err != nil {
		return Verified{}, err
	}
	if _, err := c.AddIdentity(ctx, uid, Kind, d.New, true); errors.Is(err, auth.ErrIdentityTaken) {
		return Verified{}, auth.ErrCodeInvalid
	} else if err != nil {
		return Verified{}, err
	}
	if err := c.AccountChanged(ctx, uid, auth.IdentityChanged, true); err != nil {
		return Verified{}, err
	}
	if old.Verified() {
		if err := p.Send(ctx, c, PurposeChanged, old.Value, MessageData{What: d.New}); err != nil {
			return Verified{}, err
		}
	}
	return Verified{Phone: d.New}, nil
}

// handleRemove removes one of the caller's numbers, unless it is the
// account's last verified sign-in identity: an account-security event that ends
// every other session and pending flow. The number, and the account's
// other verified numbers and addresses, are told.
func (p *Plugin) handleRemove(ctx context.Context, c *auth.Call, in NumberRequest) (auth.Empty, error) {
	id, err := p.userNumber(ctx, c, in.Phone)
	if err != nil {
		return auth.Empty{}, err
	}
	// A verified number goes only if another way in stays, judged under
	// the person's lock (c.RemoveSignIn), so that removing it and another
	// way in at once cannot take both (found in review).
	remove := c.RemoveIdentity
	if id.Verified() {
		remove = c.RemoveSignIn
	}
	if err := remove(ctx, id.UserID, id.ID); errors.Is(err, auth.ErrLastSignIn) {
		return auth.Empty{}, ErrLastWayIn
	} else if err != nil {
		return auth.Empty{}, err
	}
	if err := c.AccountChanged(ctx, id.UserID, auth.IdentityRemoved, true); err != nil {
		return auth.Empty{}, err
	}
	if !id.Verified() {
		return auth.Empty{}, nil
	}
	if err := p.Send(ctx, c, PurposeRemoved, id.Value, MessageData{What: id.Value}); err != nil {
		return auth.Empty{}, err
	}
	return auth.Empty{}, p.notify(ctx, c, id, PurposeRemoved)
}

func (p *Plugin) handleList(ctx context.Context, c *auth.Call, _ auth.Empty) (Numbers, error) {
	ids, err := c.Identities(ctx, c.User().ID, Kind)
	if ids == nil {
		ids = []*auth.Identity{}
	}
	return Numbers{Phones: ids}, err
}

// userNumber returns one of the caller's number identities.
func (p *Plugin) userNumber(ctx context.Context, c *auth.Call, raw string) (*auth.Identity, error) {
	n, err := p.Normalize(raw)
	if err != nil {
		return nil, err
	}
	ids, err := c.Identities(ctx, c.User().ID, Kind)
	if err != nil {
		return nil, err
	}
	for _, id := range ids {
		if id.Value == n.E164 {
			return id, nil
		}
	}
	return nil, ErrNotYours
}
