package phone

import (
	"context"
	"errors"
	"time"

	"github.com/sesame-go/sesame/auth"
)

// Token purposes: the consuming update matches them, so that no other
// token of the table passes for a code of the plugin's.
const (
	// purposeCode is a sign-in or sign-up code; its subject is the number.
	purposeCode = "phone.code"
	// purposeVerify proves a number added; its subject is the identity.
	purposeVerify = "phone.verify"
	// purposeChange proves the new number of a change; its subject is
	// the user and the number ([changeSubject]).
	purposeChange = "phone.change"
)

// signUpData marks a sign-up code, which names nobody.
const signUpData = "sign-up"

// handleSendCode texts a code to a number: a sign-in code, bound to the
// person and the identity, when the number names a person; a sign-up
// code when it names nobody (or only through a claim nobody proved) and
// sign-up is allowed; nothing otherwise. The answer is the same, the
// per-prefix count is taken either way, and the message leaves after the
// answer: neither tells which happened.
func (p *Plugin) handleSendCode(ctx context.Context, c *auth.Call, in NumberRequest) (auth.Empty, error) {
	n, err := p.Normalize(in.Phone)
	if err != nil {
		return auth.Empty{}, err
	}
	if err := p.countPrefix(ctx, c, n.CallingCode); err != nil {
		return auth.Empty{}, err
	}
	id, err := c.WhoIs(ctx, Kind, n.E164)
	switch {
	case err == nil:
		return auth.Empty{}, p.sendCode(ctx, c, PurposeSignIn, n.E164, auth.TokenSpec{UserID: id.UserID, IdentityID: id.ID})
	case !errors.Is(err, auth.ErrIdentityNotFound):
		return auth.Empty{}, err
	case !p.cfg.signUp:
		return auth.Empty{}, nil
	}
	return auth.Empty{}, p.sendCode(ctx, c, PurposeSignUp, n.E164, auth.TokenSpec{Data: signUpData})
}

// sendCode issues a code for a number, replacing its earlier one, and
// texts it.
func (p *Plugin) sendCode(ctx context.Context, c *auth.Call, purpose, to string, spec auth.TokenSpec) error {
	spec.Purpose, spec.Subject, spec.TTL, spec.ReplacePrevious = purposeCode, to, p.cfg.codeTTL, true
	code, err := c.IssueCode(ctx, spec, 6)
	if err != nil {
		return err
	}
	return p.Send(ctx, c, purpose, to, MessageData{Code: code.Reveal(), Minutes: minutes(p.cfg.codeTTL)})
}

// handleSignIn uses up a code and starts a session: the person's the
// code was bound to, or a new account's for a sign-up code. A malformed
// number answers as a wrong code.
func (p *Plugin) handleSignIn(ctx context.Context, c *auth.Call, in SignInRequest) (SignedIn, error) {
	n, err := p.Normalize(in.Phone)
	if err != nil {
		return SignedIn{}, auth.ErrCodeInvalid
	}
	tok, err := c.ConsumeCode(ctx, purposeCode, n.E164, in.Code, p.cfg.codeAttempts)
	if err != nil {
		return SignedIn{}, err
	}
	if tok.UserID == "" && tok.Data == signUpData {
		return p.signUp(ctx, c, n.E164, in.Name)
	}
	if tok.UserID == "" || tok.IdentityID == "" {
		return SignedIn{}, auth.ErrCodeInvalid
	}
	// ConsumeCode checked that the identity is still the user's. The code
	// proves the number: the sign-up number of an account that has not
	// verified it yet becomes verified.
	id, err := c.Identity(ctx, tok.UserID, tok.IdentityID)
	if err != nil {
		return SignedIn{}, err
	}
	if !id.Verified() {
		if _, err := c.VerifyIdentity(ctx, id.UserID, id.ID); errors.Is(err, auth.ErrIdentityTaken) {
			return SignedIn{}, auth.ErrCodeInvalid
		} else if err != nil {
			return SignedIn{}, err
		}
	}
	return p.start(ctx, c, tok.UserID, false)
}

// signUp creates the account of a sign-up code, unless its number came
// to name a person meanwhile: then the code is dead, and a new one (a
// sign-in code) must be asked for. Another person's claim that nobody
// proved gives way: it is dropped, never joined.
func (p *Plugin) signUp(ctx context.Context, c *auth.Call, number, name string) (SignedIn, error) {
	if !p.cfg.signUp {
		return SignedIn{}, auth.ErrCodeInvalid
	}
	if _, err := c.WhoIs(ctx, Kind, number); err == nil {
		return SignedIn{}, auth.ErrCodeInvalid
	} else if !errors.Is(err, auth.ErrIdentityNotFound) {
		return SignedIn{}, err
	}
	u, err := c.CreateUser(ctx, name, "")
	if err != nil {
		return SignedIn{}, err
	}
	if _, err := c.AddIdentity(ctx, u.ID, Kind, number, true); errors.Is(err, auth.ErrIdentityTaken) {
		return SignedIn{}, auth.ErrCodeInvalid // verified by someone else in a race: rolled back
	} else if err != nil {
		return SignedIn{}, err
	}
	return p.start(ctx, c, u.ID, true)
}

// start signs a user in with a code.
func (p *Plugin) start(ctx context.Context, c *auth.Call, userID string, created bool) (SignedIn, error) {
	s, token, err := c.StartSession(ctx, userID, Credential)
	if err != nil {
		return SignedIn{}, err
	}
	u, err := c.LoadUser(ctx, userID)
	if err != nil {
		return SignedIn{}, err
	}
	return SignedIn{User: u, Session: s, Created: created, Token: token}, nil
}

// minutes is a duration in whole minutes, for message texts.
func minutes(d time.Duration) int { return int(d / time.Minute) }
