package email

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"github.com/sesame-go/sesame/auth"
)

// The names of the plugin's operations, for [auth.WithRateLimit] and for
// hooks and session checks that look at [auth.Call.Op].
const (
	// OpVerify is POST /email/verify: [Plugin.Verify].
	OpVerify = "email.verify"
	// OpResend is POST /email/resend: [Plugin.Resend].
	OpResend = "email.resend"
	// OpChange is POST /email/change: [Plugin.Change].
	OpChange = "email.change"
	// OpUndoChange is POST /email/change/undo: [Plugin.UndoChange].
	OpUndoChange = "email.undoChange"
	// OpAdd is POST /email/add: [Plugin.Add].
	OpAdd = "email.add"
	// OpRemove is POST /email/remove: [Plugin.Remove].
	OpRemove = "email.remove"
	// OpMakePrimary is POST /email/primary: [Plugin.MakePrimary].
	OpMakePrimary = "email.makePrimary"
	// OpList is GET /email/list: [Plugin.List].
	OpList = "email.list"
	// OpSendCode is POST /email/code/send: [Plugin.SendCode].
	OpSendCode = "email.sendCode"
	// OpSignInWithCode is POST /email/code/sign-in: [Plugin.SignInWithCode].
	OpSignInWithCode = "email.signInWithCode"
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
		verify: &auth.Op[TokenRequest, Verified]{Name: OpVerify, Method: post, Path: "/email/verify", Writes: true,
			Session: auth.SessionOptional, Rate: auth.DefaultRate, Codes: []*auth.Error{auth.ErrTokenInvalid, auth.ErrIdentityTaken}, Handler: p.handleVerify},
		resend: &auth.Op[AddressRequest, auth.Empty]{Name: OpResend, Method: post, Path: "/email/resend", Writes: true,
			Session: auth.SessionOptional, Rate: auth.TightRate, AccountKey: func(in AddressRequest) string { return accountKey(in.Email) }, Handler: p.handleResend},
		change: &auth.Op[ChangeRequest, auth.Empty]{Name: OpChange, Method: post, Path: "/email/change", Writes: true,
			Session: auth.SessionFresh, Rate: auth.TightRate, Codes: []*auth.Error{ErrSameAddress}, Handler: p.handleChange},
		undo: &auth.Op[TokenRequest, auth.Empty]{Name: OpUndoChange, Method: post, Path: "/email/change/undo", Writes: true,
			Rate: auth.DefaultRate, Codes: []*auth.Error{auth.ErrTokenInvalid, ErrUndoConflict}, Handler: p.handleUndo},
		add: &auth.Op[AddressRequest, auth.Empty]{Name: OpAdd, Method: post, Path: "/email/add", Writes: true,
			Session: auth.SessionFresh, Rate: auth.TightRate, Codes: []*auth.Error{ErrSameAddress, ErrTooManyAddresses}, Handler: p.handleAdd},
		remove: &auth.Op[AddressRequest, auth.Empty]{Name: OpRemove, Method: post, Path: "/email/remove", Writes: true,
			Session: auth.SessionFresh, Rate: auth.DefaultRate, Codes: []*auth.Error{ErrNotYours, ErrPrimary}, Handler: p.handleRemove},
		primary: &auth.Op[AddressRequest, auth.Empty]{Name: OpMakePrimary, Method: post, Path: "/email/primary", Writes: true,
			Session: auth.SessionFresh, Rate: auth.DefaultRate, Codes: []*auth.Error{ErrNotYours, ErrNotVerified}, Handler: p.handlePrimary},
		list: &auth.Op[auth.Empty, Addresses]{Name: OpList, Method: http.MethodGet, Path: "/email/list",
			Session: auth.SessionUser, Handler: p.handleList},
		sendCode: &auth.Op[AddressRequest, auth.Empty]{Name: OpSendCode, Method: post, Path: "/email/code/send", Writes: true,
			Rate: auth.TightRate, AccountKey: func(in AddressRequest) string { return accountKey(in.Email) }, Handler: p.handleSendCode},
		signIn: &auth.Op[CodeSignInRequest, SignedIn]{Name: OpSignInWithCode, Method: post, Path: "/email/code/sign-in",
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
// an address change. The link is bound to the address it was sent to: if
// that left the account, the link is dead.
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
	if tok.UserID == "" || tok.IdentityID == "" {
		return Verified{}, auth.ErrTokenInvalid // issued unbound, before bindings existed
	}
	id, err := c.VerifyIdentity(ctx, tok.UserID, tok.IdentityID)
	if errors.Is(err, auth.ErrIdentityNotFound) {
		return Verified{}, auth.ErrTokenInvalid
	}
	if err != nil {
		return Verified{}, err
	}
	return Verified{Email: id.Value}, nil
}

// applyChange makes the new address of a confirmed change primary, drops
// the old one, and sends the old one a notice with an undo link. It is an
// account-security event: every session but the confirming browser's own
// ends, and so does every pending flow of the account.
func (p *Plugin) applyChange(ctx context.Context, c *auth.Call, tok *auth.Token) (Verified, error) {
	var d changeData
	if err := json.Unmarshal([]byte(tok.Data), &d); err != nil {
		return Verified{}, err
	}
	u, err := c.LoadUser(ctx, tok.UserID)
	if errors.Is(err, auth.ErrUserNotFound) {
		return Verified{}, auth.ErrTokenInvalid
	}
	if err != nil {
		return Verified{}, err
	}
	old := primaryOf(u)
	if old == d.New {
		return Verified{Email: d.New}, nil
	}
	// The old address goes first: the other addresses hear of the new one
	// through the identity observer, the old one through its own notice.
	if err := removeAddress(ctx, c, u.ID, old); err != nil {
		return Verified{}, err
	}
	id, err := c.AddIdentity(ctx, u.ID, Kind, d.New, true)
	if err != nil {
		return Verified{}, err
	}
	if _, err := c.DB().Exec(ctx, setPrimary(c, u.ID, d.New, id.VerifiedAt)); err != nil {
		return Verified{}, err
	}
	if err := c.AccountChanged(ctx, u.ID, auth.IdentityChanged, true); err != nil {
		return Verified{}, err
	}
	if old == "" {
		return Verified{Email: d.New}, nil
	}
	undo, err := c.IssueToken(ctx, auth.TokenSpec{Purpose: purposeUndo, Subject: u.ID, TTL: p.cfg.undoTTL, UserID: u.ID,
		Remedy: true, Data: encode(undoData{Restore: old, IdentityID: id.ID})})
	if err != nil {
		return Verified{}, err
	}
	return Verified{Email: d.New}, p.Send(ctx, c, PurposeChanged, old, MessageData{OldEmail: old, NewEmail: d.New,
		Link: p.Link("/change-email/undo", undo), Minutes: minutes(p.cfg.undoTTL)})
}

// handleResend sends a new verification link: for one of the caller's own
// unverified addresses, or for the sign-up address of an account that has
// no other way in. Anything else (an unknown address, another person's
// claim) answers alike and sends nothing.
func (p *Plugin) handleResend(ctx context.Context, c *auth.Call, in AddressRequest) (auth.Empty, error) {
	if u := c.User(); u != nil {
		id, err := p.userAddress(ctx, c, in.Email)
		if err == nil {
			if id.Verified() {
				return auth.Empty{}, nil
			}
			return auth.Empty{}, p.StartVerification(ctx, c, id)
		}
		if !errors.Is(err, ErrNotYours) {
			return auth.Empty{}, err
		}
	}
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
	id, err := c.WhoIs(ctx, Kind, addr)
	switch {
	case errors.Is(err, auth.ErrIdentityNotFound):
	case err != nil:
		return auth.Empty{}, err
	case id.UserID == u.ID:
		return auth.Empty{}, ErrSameAddress.With("this is already one of your emails: make it primary instead")
	default:
		// Answer as for a free address, so that the answer does not tell
		// whose the address is; its holder hears about the attempt.
		return auth.Empty{}, p.Send(ctx, c, PurposeAddressInUse, addr, MessageData{})
	}
	token, err := c.IssueToken(ctx, auth.TokenSpec{Purpose: purposeChange, Subject: u.ID, TTL: p.cfg.changeTTL, UserID: u.ID,
		Data: encode(changeData{Old: primaryOf(u), New: addr}), ReplacePrevious: true})
	if err != nil {
		return auth.Empty{}, err
	}
	return auth.Empty{}, p.Send(ctx, c, PurposeChange, addr, MessageData{NewEmail: addr, OldEmail: primaryOf(u),
		Link: p.Link("/verify-email", token), Minutes: minutes(p.cfg.changeTTL)})
}

// handleUndo is the remedy of a notice: it drops the identity that was
// added (a new address, a provider account ...), restores the notified
// address as the primary one, and ends every session and pending flow of
// the account, the changer's included.
func (p *Plugin) handleUndo(ctx context.Context, c *auth.Call, in TokenRequest) (auth.Empty, error) {
	tok, err := c.ConsumeToken(ctx, purposeUndo, in.Token)
	if err != nil {
		return auth.Empty{}, err
	}
	var d undoData
	if err := json.Unmarshal([]byte(tok.Data), &d); err != nil || tok.UserID == "" {
		return auth.Empty{}, auth.ErrTokenInvalid
	}
	uid := tok.UserID
	if err := c.RemoveIdentity(ctx, uid, d.IdentityID); err != nil && !errors.Is(err, auth.ErrIdentityNotFound) {
		return auth.Empty{}, err
	}
	id, err := c.AddIdentity(ctx, uid, Kind, d.Restore, true)
	if errors.Is(err, auth.ErrIdentityTaken) {
		return auth.Empty{}, ErrUndoConflict
	}
	if err != nil {
		return auth.Empty{}, err
	}
	if _, err := c.DB().Exec(ctx, setPrimary(c, uid, d.Restore, id.VerifiedAt)); err != nil {
		return auth.Empty{}, err
	}
	return auth.Empty{}, c.AccountChanged(ctx, uid, auth.IdentityChanged, false)
}

// handleAdd gives the caller another address, to verify by a link. It
// needs a fresh session: a verified address is a way to recover the
// account. Another person's address answers alike, and its holder hears
// of the attempt.
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
		return auth.Empty{}, p.Send(ctx, c, PurposeAddressInUse, addr, MessageData{})
	}
	if err != nil {
		return auth.Empty{}, err
	}
	return auth.Empty{}, p.StartVerification(ctx, c, id)
}

// handleRemove removes one of the caller's addresses other than the
// primary: an account-security event that ends every other session and
// every pending flow of the account.
func (p *Plugin) handleRemove(ctx context.Context, c *auth.Call, in AddressRequest) (auth.Empty, error) {
	id, err := p.userAddress(ctx, c, in.Email)
	if err != nil {
		return auth.Empty{}, err
	}
	if id.Value == primaryOf(c.User()) {
		return auth.Empty{}, ErrPrimary
	}
	if err := c.RemoveIdentity(ctx, id.UserID, id.ID); err != nil {
		return auth.Empty{}, err
	}
	return auth.Empty{}, c.AccountChanged(ctx, id.UserID, auth.IdentityRemoved, true)
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

// handleSendCode mails a sign-in code to a verified address, bound to it.
func (p *Plugin) handleSendCode(ctx context.Context, c *auth.Call, in AddressRequest) (auth.Empty, error) {
	id, err := p.Lookup(ctx, c, in.Email)
	if errors.Is(err, auth.ErrIdentityNotFound) {
		return auth.Empty{}, nil // answer alike for unknown addresses
	}
	if err != nil || !id.Verified() {
		return auth.Empty{}, err
	}
	code, err := c.IssueCode(ctx, auth.TokenSpec{Purpose: purposeCode, Subject: id.Value, TTL: p.cfg.codeTTL,
		UserID: id.UserID, IdentityID: id.ID, ReplacePrevious: true}, 6)
	if err != nil {
		return auth.Empty{}, err
	}
	return auth.Empty{}, p.Send(ctx, c, PurposeCode, id.Value, MessageData{Code: code.Reveal(), Minutes: minutes(p.cfg.codeTTL)})
}

func (p *Plugin) handleSignIn(ctx context.Context, c *auth.Call, in CodeSignInRequest) (SignedIn, error) {
	addr, err := normalize(in.Email)
	if err != nil {
		return SignedIn{}, auth.ErrCodeInvalid
	}
	tok, err := c.ConsumeCode(ctx, purposeCode, addr, in.Code, p.cfg.codeAttempts)
	if err != nil {
		return SignedIn{}, err
	}
	if tok.UserID == "" {
		return SignedIn{}, auth.ErrCodeInvalid
	}
	u, err := c.LoadUser(ctx, tok.UserID)
	if err != nil {
		return SignedIn{}, err
	}
	s, token, err := c.StartSession(ctx, u.ID, "email-code")
	if err != nil {
		return SignedIn{}, err
	}
	return SignedIn{User: u, Session: s, Token: token}, nil
}

// removeAddress deletes a user's identity of an address, if present.
func removeAddress(ctx context.Context, c *auth.Call, userID, addr string) error {
	if addr == "" {
		return nil
	}
	ids, err := c.Identities(ctx, userID, Kind)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if id.Value == addr {
			return c.RemoveIdentity(ctx, userID, id.ID)
		}
	}
	return nil
}
