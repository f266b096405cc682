package email

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"github.com/sesame-go/sesame/auth"
)

// ops are the plugin's typed operations.
type ops struct {
	verify   *auth.Op[TokenRequest, Verified]
	resend   *auth.Op[AddressRequest, auth.Empty]
	change   *auth.Op[ChangeRequest, auth.Empty]
	undo     *auth.Op[TokenRequest, auth.Empty]
	add      *auth.Op[AddressRequest, auth.Empty]
	remove   *auth.Op[AddressRequest, auth.Empty]
	primary  *auth.Op[AddressRequest, auth.Empty]
	list     *auth.Op[auth.Empty, Addresses]
	sendCode *auth.Op[AddressRequest, auth.Empty]
	signIn   *auth.Op[CodeSignInRequest, SignedIn]
}

// accountKey keys per-account rate limits on the normalized address.
func accountKey(raw string) string {
	if s, err := Normalize(raw); err == nil {
		return s
	}
	return strings.ToLower(strings.TrimSpace(raw))
}

func (p *Plugin) newOps() ops {
	post := http.MethodPost
	return ops{
		verify: &auth.Op[TokenRequest, Verified]{Name: "email.verify", Method: post, Path: "/email/verify", Writes: true,
			Rate: auth.DefaultRate, Codes: []*auth.Error{auth.ErrTokenInvalid, auth.ErrIdentityTaken}, Handler: p.handleVerify},
		resend: &auth.Op[AddressRequest, auth.Empty]{Name: "email.resend", Method: post, Path: "/email/resend", Writes: true,
			Rate: auth.TightRate, AccountKey: func(in AddressRequest) string { return accountKey(in.Email) }, Handler: p.handleResend},
		change: &auth.Op[ChangeRequest, auth.Empty]{Name: "email.change", Method: post, Path: "/email/change", Writes: true,
			Session: auth.SessionFresh, Rate: auth.TightRate, Codes: []*auth.Error{ErrSameAddress}, Handler: p.handleChange},
		undo: &auth.Op[TokenRequest, auth.Empty]{Name: "email.undoChange", Method: post, Path: "/email/change/undo", Writes: true,
			Rate: auth.DefaultRate, Codes: []*auth.Error{auth.ErrTokenInvalid, ErrUndoConflict}, Handler: p.handleUndo},
		add: &auth.Op[AddressRequest, auth.Empty]{Name: "email.add", Method: post, Path: "/email/add", Writes: true,
			Session: auth.SessionUser, Rate: auth.TightRate, Codes: []*auth.Error{ErrSameAddress, ErrTooManyAddresses}, Handler: p.handleAdd},
		remove: &auth.Op[AddressRequest, auth.Empty]{Name: "email.remove", Method: post, Path: "/email/remove", Writes: true,
			Session: auth.SessionFresh, Rate: auth.DefaultRate, Codes: []*auth.Error{ErrNotYours, ErrPrimary}, Handler: p.handleRemove},
		primary: &auth.Op[AddressRequest, auth.Empty]{Name: "email.makePrimary", Method: post, Path: "/email/primary", Writes: true,
			Session: auth.SessionFresh, Rate: auth.DefaultRate, Codes: []*auth.Error{ErrNotYours, ErrNotVerified}, Handler: p.handlePrimary},
		list: &auth.Op[auth.Empty, Addresses]{Name: "email.list", Method: http.MethodGet, Path: "/email/list",
			Session: auth.SessionUser, Handler: p.handleList},
		sendCode: &auth.Op[AddressRequest, auth.Empty]{Name: "email.sendCode", Method: post, Path: "/email/code/send", Writes: true,
			Rate: auth.TightRate, AccountKey: func(in AddressRequest) string { return accountKey(in.Email) }, Handler: p.handleSendCode},
		signIn: &auth.Op[CodeSignInRequest, SignedIn]{Name: "email.signInWithCode", Method: post, Path: "/email/code/sign-in",
			Writes: true, Credential: true, Rate: auth.TightRate, AccountKey: func(in CodeSignInRequest) string { return accountKey(in.Email) },
			Codes: []*auth.Error{auth.ErrCodeInvalid, auth.ErrTooManyAttempts}, Handler: p.handleSignIn},
	}
}

// Operations implements [auth.Operator].
func (p *Plugin) Operations() []auth.Operation {
	o := p.ops
	return []auth.Operation{o.verify, o.resend, o.change, o.undo, o.add, o.remove, o.primary, o.list, o.sendCode, o.signIn}
}

// handleVerify consumes a verification link, or the confirmation link of
// an address change.
func (p *Plugin) handleVerify(ctx context.Context, c *auth.Call, in TokenRequest) (Verified, error) {
	tok, err := c.ConsumeToken(ctx, purposeVerify, in.Token)
	if errors.Is(err, auth.ErrTokenInvalid) {
		tok, err = c.ConsumeToken(ctx, purposeChange, in.Token)
		if err != nil {
			return Verified{}, err
		}
		return p.applyChange(ctx, c, tok)
	}
	if err != nil {
		return Verified{}, err
	}
	var d verifyData
	if err := json.Unmarshal([]byte(tok.Data), &d); err != nil {
		return Verified{}, err
	}
	id, err := c.FindIdentity(ctx, Kind, d.Email)
	if errors.Is(err, auth.ErrIdentityNotFound) || (err == nil && id.ID != d.IdentityID) {
		return Verified{}, auth.ErrTokenInvalid // the address was removed since
	}
	if err != nil {
		return Verified{}, err
	}
	if err := p.MarkVerified(ctx, c, id); err != nil {
		return Verified{}, err
	}
	return Verified{Email: id.Value}, nil
}

// applyChange makes the new address of a confirmed change primary, drops
// the old one, and sends the old one a notice with an undo link.
func (p *Plugin) applyChange(ctx context.Context, c *auth.Call, tok *auth.Token) (Verified, error) {
	var d changeData
	if err := json.Unmarshal([]byte(tok.Data), &d); err != nil {
		return Verified{}, err
	}
	u, err := c.LoadUser(ctx, tok.Subject)
	if errors.Is(err, auth.ErrUserNotFound) {
		return Verified{}, auth.ErrTokenInvalid
	}
	if err != nil {
		return Verified{}, err
	}
	if err := p.claim(ctx, c, u.ID, d.New); err != nil {
		return Verified{}, err
	}
	old := primaryOf(u)
	if old != "" && old != d.New {
		if err := removeAddress(ctx, c, u.ID, old); err != nil {
			return Verified{}, err
		}
	}
	if _, err := c.DB().Exec(ctx, setPrimary(c, u.ID, d.New, c.Now())); err != nil {
		return Verified{}, err
	}
	if old != "" && old != d.New {
		undo, err := c.IssueToken(ctx, auth.TokenSpec{Purpose: purposeUndo, Subject: u.ID, TTL: p.cfg.undoTTL,
			Data: encode(changeData{Old: old, New: d.New})})
		if err != nil {
			return Verified{}, err
		}
		err = p.Send(c, PurposeChanged, old, MessageData{OldEmail: old, NewEmail: d.New,
			Link: p.Link("/change-email/undo", undo), Minutes: minutes(p.cfg.undoTTL)})
		if err != nil {
			return Verified{}, err
		}
	}
	return Verified{Email: d.New}, nil
}

func (p *Plugin) handleResend(ctx context.Context, c *auth.Call, in AddressRequest) (auth.Empty, error) {
	id, err := p.Lookup(ctx, c, in.Email)
	if errors.Is(err, auth.ErrIdentityNotFound) {
		return auth.Empty{}, nil // answer alike for unknown addresses
	}
	if err != nil || id.Verified() {
		return auth.Empty{}, err
	}
	return auth.Empty{}, p.StartVerification(ctx, c, id)
}

func (p *Plugin) handleChange(ctx context.Context, c *auth.Call, in ChangeRequest) (auth.Empty, error) {
	addr, err := normalize(in.NewEmail)
	if err != nil {
		return auth.Empty{}, err
	}
	u := c.User()
	if addr == primaryOf(u) {
		return auth.Empty{}, ErrSameAddress
	}
	id, err := c.FindIdentity(ctx, Kind, addr)
	switch {
	case errors.Is(err, auth.ErrIdentityNotFound):
	case err != nil:
		return auth.Empty{}, err
	case id.UserID == u.ID && id.Verified():
		return auth.Empty{}, ErrSameAddress.With("this is already one of your emails: make it primary instead")
	case id.UserID != u.ID && id.Verified():
		// Answer as for a free address, so that the answer does not tell
		// whose the address is; its holder hears about the attempt.
		return auth.Empty{}, p.Send(c, PurposeAddressInUse, addr, MessageData{})
	}
	token, err := c.IssueToken(ctx, auth.TokenSpec{Purpose: purposeChange, Subject: u.ID, TTL: p.cfg.changeTTL,
		Data: encode(changeData{Old: primaryOf(u), New: addr}), ReplacePrevious: true})
	if err != nil {
		return auth.Empty{}, err
	}
	return auth.Empty{}, p.Send(c, PurposeChange, addr, MessageData{NewEmail: addr, OldEmail: primaryOf(u),
		Link: p.Link("/verify-email", token), Minutes: minutes(p.cfg.changeTTL)})
}

// handleUndo restores the address a change replaced and ends every
// session of the account, the changer's included.
func (p *Plugin) handleUndo(ctx context.Context, c *auth.Call, in TokenRequest) (auth.Empty, error) {
	tok, err := c.ConsumeToken(ctx, purposeUndo, in.Token)
	if err != nil {
		return auth.Empty{}, err
	}
	var d changeData
	if err := json.Unmarshal([]byte(tok.Data), &d); err != nil {
		return auth.Empty{}, err
	}
	if err := removeAddress(ctx, c, tok.Subject, d.New); err != nil {
		return auth.Empty{}, err
	}
	if err := p.claim(ctx, c, tok.Subject, d.Old); errors.Is(err, auth.ErrIdentityTaken) {
		return auth.Empty{}, ErrUndoConflict
	} else if err != nil {
		return auth.Empty{}, err
	}
	if _, err := c.DB().Exec(ctx, setPrimary(c, tok.Subject, d.Old, c.Now())); err != nil {
		return auth.Empty{}, err
	}
	if _, err := c.RevokeTokens(ctx, purposeChange, tok.Subject); err != nil {
		return auth.Empty{}, err
	}
	_, err = c.RevokeSessions(ctx, tok.Subject, false)
	return auth.Empty{}, err
}

func (p *Plugin) handleAdd(ctx context.Context, c *auth.Call, in AddressRequest) (auth.Empty, error) {
	addr, err := normalize(in.Email)
	if err != nil {
		return auth.Empty{}, err
	}
	u := c.User()
	mine, err := c.Identities(ctx, u.ID, Kind)
	if err != nil {
		return auth.Empty{}, err
	}
	for _, id := range mine {
		if id.Value == addr {
			return auth.Empty{}, ErrSameAddress.With("this is already one of your emails")
		}
	}
	if len(mine) >= p.cfg.maxAddresses {
		return auth.Empty{}, ErrTooManyAddresses
	}
	id, err := c.AddIdentity(ctx, u.ID, Kind, addr, false)
	if errors.Is(err, auth.ErrIdentityTaken) {
		return auth.Empty{}, p.Send(c, PurposeAddressInUse, addr, MessageData{})
	}
	if err != nil {
		return auth.Empty{}, err
	}
	return auth.Empty{}, p.StartVerification(ctx, c, id)
}

func (p *Plugin) handleRemove(ctx context.Context, c *auth.Call, in AddressRequest) (auth.Empty, error) {
	id, err := p.userAddress(ctx, c, in.Email)
	if err != nil {
		return auth.Empty{}, err
	}
	if id.Value == primaryOf(c.User()) {
		return auth.Empty{}, ErrPrimary
	}
	return auth.Empty{}, c.RemoveIdentity(ctx, id.UserID, id.ID)
}

func (p *Plugin) handlePrimary(ctx context.Context, c *auth.Call, in AddressRequest) (auth.Empty, error) {
	id, err := p.userAddress(ctx, c, in.Email)
	if err != nil {
		return auth.Empty{}, err
	}
	if !id.Verified() {
		return auth.Empty{}, ErrNotVerified
	}
	_, err = c.DB().Exec(ctx, setPrimary(c, id.UserID, id.Value, id.VerifiedAt))
	return auth.Empty{}, err
}

func (p *Plugin) handleList(ctx context.Context, c *auth.Call, _ auth.Empty) (Addresses, error) {
	ids, err := c.Identities(ctx, c.User().ID, Kind)
	if ids == nil {
		ids = []*auth.Identity{}
	}
	return Addresses{Emails: ids}, err
}

func (p *Plugin) handleSendCode(ctx context.Context, c *auth.Call, in AddressRequest) (auth.Empty, error) {
	id, err := p.Lookup(ctx, c, in.Email)
	if errors.Is(err, auth.ErrIdentityNotFound) {
		return auth.Empty{}, nil // answer alike for unknown addresses
	}
	if err != nil || !id.Verified() {
		return auth.Empty{}, err
	}
	code, err := c.IssueCode(ctx, auth.TokenSpec{Purpose: purposeCode, Subject: id.Value, TTL: p.cfg.codeTTL, ReplacePrevious: true}, 6)
	if err != nil {
		return auth.Empty{}, err
	}
	return auth.Empty{}, p.Send(c, PurposeCode, id.Value, MessageData{Code: code.Reveal(), Minutes: minutes(p.cfg.codeTTL)})
}

func (p *Plugin) handleSignIn(ctx context.Context, c *auth.Call, in CodeSignInRequest) (SignedIn, error) {
	addr, err := normalize(in.Email)
	if err != nil {
		return SignedIn{}, auth.ErrCodeInvalid
	}
	if _, err := c.ConsumeCode(ctx, purposeCode, addr, in.Code, p.cfg.codeAttempts); err != nil {
		return SignedIn{}, err
	}
	id, err := c.FindIdentity(ctx, Kind, addr)
	if errors.Is(err, auth.ErrIdentityNotFound) {
		return SignedIn{}, auth.ErrCodeInvalid
	}
	if err != nil {
		return SignedIn{}, err
	}
	u, err := c.LoadUser(ctx, id.UserID)
	if err != nil {
		return SignedIn{}, err
	}
	s, token, err := c.StartSession(ctx, u.ID, "email-code")
	if err != nil {
		return SignedIn{}, err
	}
	return SignedIn{User: u, Session: s, Token: token}, nil
}
