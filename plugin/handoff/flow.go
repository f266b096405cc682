package handoff

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/sesame-go/sesame/auth"
)

// purpose is the handoff tokens' purpose: the consuming update matches
// it, so that no other token of the table (a reset link, a magic link, an
// OAuth state) passes for a handoff token, nor a handoff token for them.
const purpose = "handoff.session"

// grant is kept with a handoff token: what the handing session was, for
// the new session to be no fresher, and what the redemption must prove.
type grant struct {
	// Session is the handing session's ID (the core also binds the token
	// to it: ending the session ends the token).
	Session string `json:"session"`
	// CreatedAt is the handing session's creation, which the new session
	// inherits.
	CreatedAt time.Time `json:"createdAt"`
	// Impersonator is the admin acting through the handing session, whom
	// the new session names too.
	Impersonator string `json:"impersonator,omitempty"`
	// Challenge is the S256 code challenge, or "".
	Challenge string `json:"challenge,omitempty"`
	ReturnTo  string `json:"returnTo,omitempty"`
}

// handleStart issues a handoff token for the caller's session, bound to
// the user and to that session, and never outliving the session's
// current expiry.
func (p *Plugin) handleStart(ctx context.Context, c *auth.Call, in StartRequest) (Started, error) {
	if in.CodeChallenge == "" && p.cfg.requireChallenge {
		return Started{}, ErrCodeChallengeRequired
	}
	returnTo, err := p.returnTo(in.ReturnTo)
	if err != nil {
		return Started{}, err
	}
	s, now := c.Session(), c.Now()
	ttl := min(p.cfg.ttl, s.ExpiresAt.Sub(now))
	if ttl <= 0 { // the lookup returns live sessions only
		return Started{}, auth.ErrNoSession
	}
	data, err := json.Marshal(grant{Session: s.ID, CreatedAt: s.CreatedAt, Impersonator: s.ImpersonatorID,
		Challenge: in.CodeChallenge, ReturnTo: returnTo})
	if err != nil {
		return Started{}, err
	}
	token, err := c.IssueToken(ctx, auth.TokenSpec{Purpose: purpose, Subject: s.UserID, UserID: s.UserID, TTL: ttl, Data: string(data)})
	if err != nil {
		return Started{}, err
	}
	return Started{Token: auth.Show(token), ExpiresAt: now.Add(ttl)}, nil
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

// redeemingKey marks the context of the session a redemption starts,
// with the grant redeemed, for [Plugin.StartingSession].
type redeemingKey struct{}

// handleRedeem uses up a handoff token, checks its verifier and starts
// the receiving client's own session. A wrong verifier keeps the token
// used up: whoever intercepted it has one try, and the rightful receiver
// learns that it must start over.
func (p *Plugin) handleRedeem(ctx context.Context, c *auth.Call, in RedeemRequest) (SignedIn, error) {
	tok, err := c.ConsumeToken(ctx, purpose, in.Token)
	if err != nil {
		return SignedIn{}, err
	}
	var g grant
	if err := json.Unmarshal([]byte(tok.Data), &g); err != nil {
		return SignedIn{}, err
	}
	if tok.UserID == "" || tok.UserID != tok.Subject || g.Session == "" {
		return SignedIn{}, auth.ErrTokenInvalid
	}
	if !verifies(g.Challenge, in.CodeVerifier) {
		c.KeepWrites() // the token stays used
		return SignedIn{}, ErrInvalidCodeVerifier
	}
	u, err := c.LoadUser(ctx, tok.UserID)
	if errors.Is(err, auth.ErrUserNotFound) {
		return SignedIn{}, auth.ErrTokenInvalid
	}
	if err != nil {
		return SignedIn{}, err
	}
	s, token, err := c.StartSession(context.WithValue(ctx, redeemingKey{}, &g), u.ID, Credential)
	if err != nil {
		return SignedIn{}, err
	}
	return SignedIn{User: u, Session: s, Token: token, ReturnTo: g.ReturnTo}, nil
}
