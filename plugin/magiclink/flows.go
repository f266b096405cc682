package magiclink

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/phone"
)

// Token purposes: the consuming update matches them, so that no other
// token of the table (a reset link, an OAuth state) passes for a link.
const (
	purposeSignIn = "magiclink.signIn"
	purposeSignUp = "magiclink.signUp"
)

// linkData is kept with a link's token.
type linkData struct {
	Kind     string `json:"kind"`
	Value    string `json:"value"`
	ReturnTo string `json:"returnTo,omitempty"`
	Name     string `json:"name,omitempty"`
}

func (d linkData) encode() string {
	b, _ := json.Marshal(d) // strings only: always encodes
	return string(b)
}

// handleSend sends a sign-in link to an identifier that names a person
// through a verified identity, a sign-up link to one that names nobody
// (or only through a claim nobody proved) when sign-up is allowed, and
// nothing otherwise: the answer is the same, and the message leaves after
// it, so neither its content nor its time tells which happened.
func (p *Plugin) handleSend(ctx context.Context, c *auth.Call, in SendRequest) (auth.Empty, error) {
	returnTo, err := p.returnTo(in.ReturnTo)
	if err != nil {
		return auth.Empty{}, err
	}
	kind, raw := in.identifier()
	ch, ok := p.channels[kind]
	if !ok {
		return auth.Empty{}, auth.ErrInvalidInput.With("links go to phone numbers only with the phone plugin")
	}
	if kind == phone.Kind {
		// Every request to a number counts against its calling code's
		// limit (SMS pumping), whoever holds the number, so that the
		// limit's answer tells nothing of it.
		n, err := p.phone.CountSend(ctx, c, raw)
		if err != nil {
			return auth.Empty{}, err
		}
		raw = n.E164
	}
	id, err := c.WhoIs(ctx, kind, raw)
	switch {
	case err == nil && id.Verified():
		return auth.Empty{}, p.sendSignIn(ctx, c, ch, id, returnTo)
	case err != nil && !errors.Is(err, auth.ErrIdentityNotFound):
		return auth.Empty{}, err
	case !p.cfg.signUp:
		return auth.Empty{}, nil
	}
	value, err := c.Auth().Normalize(kind, raw)
	if err != nil {
		return auth.Empty{}, err
	}
	return auth.Empty{}, p.sendSignUp(ctx, c, ch, linkData{Kind: kind, Value: value, ReturnTo: returnTo, Name: in.Name})
}

// sendSignIn issues a link bound to the person and to the identity it
// goes to, replacing the identity's earlier one: an account-security
// event of the person ends it, and so does the identity's leaving them.
func (p *Plugin) sendSignIn(ctx context.Context, c *auth.Call, ch channel, id *auth.Identity, returnTo string) error {
	token, err := c.IssueToken(ctx, auth.TokenSpec{Purpose: purposeSignIn, Subject: id.ID, TTL: p.cfg.ttl,
		Data: linkData{Kind: id.Kind, Value: id.Value, ReturnTo: returnTo}.encode(), UserID: id.UserID, IdentityID: id.ID,
		ReplacePrevious: true})
	if err != nil {
		return err
	}
	return ch.send(ctx, c, PurposeSignIn, id.Value, p.link(token), p.cfg.ttl)
}

// sendSignUp issues a link that names nobody yet: it is bound to the
// identifier, which is checked again when the link is opened.
func (p *Plugin) sendSignUp(ctx context.Context, c *auth.Call, ch channel, d linkData) error {
	token, err := c.IssueToken(ctx, auth.TokenSpec{Purpose: purposeSignUp, Subject: d.Value, TTL: p.cfg.ttl,
		Data: d.encode(), ReplacePrevious: true})
	if err != nil {
		return err
	}
	return ch.send(ctx, c, PurposeSignUp, d.Value, p.link(token), p.cfg.ttl)
}

// returnTo checks a return address with the core's one check
// ([auth.Auth.RedirectTarget]) and returns it resolved; "" stays "".
func (p *Plugin) returnTo(raw string) (string, error) {
	if raw == "" {
		return "", nil
	}
	target, ok := p.a.RedirectTarget(raw)
	if !ok {
		return "", ErrInvalidReturnTo
	}
	return target, nil
}

// handleSignIn uses up a sign-in or a sign-up link and starts a session.
func (p *Plugin) handleSignIn(ctx context.Context, c *auth.Call, in SignInRequest) (SignedIn, error) {
	tok, err := c.ConsumeToken(ctx, purposeSignIn, in.Token)
	if errors.Is(err, auth.ErrTokenInvalid) {
		if tok, err = c.ConsumeToken(ctx, purposeSignUp, in.Token); err != nil {
			return SignedIn{}, err
		}
		return p.signUp(ctx, c, tok)
	}
	if err != nil {
		return SignedIn{}, err
	}
	var d linkData
	if err := json.Unmarshal([]byte(tok.Data), &d); err != nil {
		return SignedIn{}, err
	}
	if tok.UserID == "" || tok.IdentityID == "" {
		return SignedIn{}, auth.ErrTokenInvalid
	}
	// ConsumeToken checked that the identity is still the user's; it was
	// verified when the link was sent, and verification is never undone.
	return p.start(ctx, c, tok.UserID, d.ReturnTo, false)
}

// signUp creates the account of a sign-up link, unless its address came
// to name a person meanwhile: then the link is dead, and a new one (a
// sign-in link) must be asked for. Another person's claim that nobody
// proved gives way: it is dropped, never joined.
func (p *Plugin) signUp(ctx context.Context, c *auth.Call, tok *auth.Token) (SignedIn, error) {
	var d linkData
	if err := json.Unmarshal([]byte(tok.Data), &d); err != nil {
		return SignedIn{}, err
	}
	if !p.cfg.signUp || tok.Subject != d.Value {
		return SignedIn{}, auth.ErrTokenInvalid
	}
	id, err := c.WhoIs(ctx, d.Kind, d.Value)
	switch {
	case err == nil && id.Verified():
		return SignedIn{}, auth.ErrTokenInvalid
	case err != nil && !errors.Is(err, auth.ErrIdentityNotFound):
		return SignedIn{}, err
	}
	u, err := c.CreateUser(ctx, d.Name, "")
	if err != nil {
		return SignedIn{}, err
	}
	if _, err := c.AddIdentity(ctx, u.ID, d.Kind, d.Value, true); errors.Is(err, auth.ErrIdentityTaken) {
		return SignedIn{}, auth.ErrTokenInvalid // verified by someone else in a race: rolled back
	} else if err != nil {
		return SignedIn{}, err
	}
	return p.start(ctx, c, u.ID, d.ReturnTo, true)
}

// start signs a user in.
func (p *Plugin) start(ctx context.Context, c *auth.Call, userID, returnTo string, created bool) (SignedIn, error) {
	u, err := c.LoadUser(ctx, userID)
	if errors.Is(err, auth.ErrUserNotFound) {
		return SignedIn{}, auth.ErrTokenInvalid
	}
	if err != nil {
		return SignedIn{}, err
	}
	s, token, err := c.StartSession(ctx, u.ID, Credential)
	if err != nil {
		return SignedIn{}, err
	}
	return SignedIn{User: u, Session: s, Token: token, ReturnTo: returnTo, Created: created}, nil
}
