package emailchallenge

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"net/http"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/sqlb"
)

// Token purposes: the consuming update matches them, so that no other
// token of the table passes for one of these.
const (
	purposeClaim = "emailchallenge.claim"
	purposeLink  = "emailchallenge.link"
	purposeCode  = "emailchallenge.code"
)

// handleStart makes a challenge whatever the address: a row, its claim
// token (whose secret is the browser's binding value), a link and a
// code, all bound to the person when the address names one through a
// verified identity, and mailed only then. An unknown address's
// challenge is made alike, names nobody and never completes, so the
// answer, the cookie and the later answers of Code and Status tell
// nothing of the address.
func (p *Plugin) handleStart(ctx context.Context, c *auth.Call, in StartRequest) (Started, error) {
	returnTo := ""
	if in.ReturnTo != "" {
		target, ok := p.a.RedirectTarget(in.ReturnTo)
		if !ok {
			return Started{}, ErrInvalidReturnTo
		}
		returnTo = target
	}
	who, err := c.WhoIs(ctx, email.Kind, in.Email)
	if err != nil && !errors.Is(err, auth.ErrIdentityNotFound) {
		return Started{}, err
	}
	var userID, identityID string
	if err == nil && who.Verified() {
		userID, identityID = who.UserID, who.ID
	}
	id, err := newID()
	if err != nil {
		return Started{}, err
	}
	now := c.Now()
	spec := auth.TokenSpec{Subject: id, TTL: p.cfg.ttl, UserID: userID, IdentityID: identityID}
	claim := spec
	claim.Purpose, claim.TTL = purposeClaim, p.cfg.ttl+ClaimWindow
	binding, err := c.IssueToken(ctx, claim)
	if err != nil {
		return Started{}, err
	}
	_, err = c.DB().Exec(ctx, sqlb.Insert(Challenges).Row(ChallengeID.Set(id), ChallengeBinding.Set(bindingHash(binding)),
		ChallengeUserID.Set(nullString(userID)), ChallengeReturnTo.Set(returnTo), ChallengeCreatedAt.Set(now),
		ChallengeExpiresAt.Set(now.Add(p.cfg.ttl)), ChallengeCompleted.Set(nullTime{})))
	if err != nil {
		return Started{}, err
	}
	spec.Purpose = purposeLink
	link, err := c.IssueToken(ctx, spec)
	if err != nil {
		return Started{}, err
	}
	spec.Purpose = purposeCode
	code, err := c.IssueCode(ctx, spec, 6)
	if err != nil {
		return Started{}, err
	}
	if userID != "" {
		err = p.mail.Send(ctx, c, PurposeChallenge, who.Value, email.MessageData{Link: p.link(link), Code: code.Reveal(),
			Minutes: int(p.cfg.ttl.Minutes())})
		if err != nil {
			return Started{}, err
		}
	}
	if !in.Bearer {
		c.SetCookie(p.cookie(binding.Reveal(), int((p.cfg.ttl + ClaimWindow).Seconds())))
	}
	return Started{Challenge: binding, ExpiresAt: now.Add(p.cfg.ttl), bearer: in.Bearer}, nil
}

// handleApprove completes a challenge with its link. Only the browser
// that started the challenge is signed in by it; any other (a phone that
// opened the mail) is told to return to that browser.
func (p *Plugin) handleApprove(ctx context.Context, c *auth.Call, in ApproveRequest) (Result, error) {
	tok, err := c.ConsumeToken(ctx, purposeLink, in.Token)
	if err != nil {
		return Result{}, err
	}
	won, err := complete(ctx, c, tok.Subject)
	if err != nil {
		return Result{}, err
	}
	if !won { // the code came first, or the challenge expired
		return Result{}, auth.ErrTokenInvalid
	}
	if b := p.binding(c, in.Challenge); !b.IsZero() {
		ch, err := load(ctx, c.DB(), b)
		if err == nil && ch.id == tok.Subject {
			return p.claim(ctx, c, ch, b)
		}
		if err != nil && !errors.Is(err, ErrChallengeInvalid) {
			return Result{}, err
		}
	}
	return Result{Status: StatusApproved}, nil
}

// handleCode completes the caller's own challenge with the mailed code
// and signs the caller in. Wrong codes are counted, at most the allowed
// attempts are ever compared, and the count survives the refusal.
func (p *Plugin) handleCode(ctx context.Context, c *auth.Call, in CodeRequest) (Result, error) {
	b := p.binding(c, in.Challenge)
	if b.IsZero() {
		return Result{}, ErrChallengeInvalid
	}
	ch, err := load(ctx, c.DB(), b)
	if err != nil {
		return Result{}, err
	}
	if !ch.completed.IsZero() { // the link came first
		return Result{}, auth.ErrCodeInvalid
	}
	if _, err := c.ConsumeCode(ctx, purposeCode, ch.id, in.Code, p.cfg.attempts); err != nil {
		return Result{}, err
	}
	won, err := complete(ctx, c, ch.id)
	if err != nil {
		return Result{}, err
	}
	if !won {
		return Result{}, auth.ErrCodeInvalid
	}
	return p.claim(ctx, c, ch, b)
}

// handleStatus answers the waiting browser: pending, or signed in once
// the link completed its challenge.
func (p *Plugin) handleStatus(ctx context.Context, c *auth.Call, in StatusRequest) (Result, error) {
	b := p.binding(c, in.Challenge)
	if b.IsZero() {
		return Result{}, ErrChallengeInvalid
	}
	ch, err := load(ctx, c.DB(), b)
	if err != nil {
		return Result{}, err
	}
	if ch.completed.IsZero() {
		if !c.Now().Before(ch.expiresAt) {
			return Result{}, ErrChallengeInvalid
		}
		return Result{Status: StatusPending}, nil
	}
	return p.claim(ctx, c, ch, b)
}

// claim signs in the holder of a completed challenge's binding by using
// up the challenge's own token: once, and only while no account-security
// event of the person ended it.
func (p *Plugin) claim(ctx context.Context, c *auth.Call, ch *challenge, b auth.Secret) (Result, error) {
	tok, err := c.ConsumeToken(ctx, purposeClaim, b)
	if errors.Is(err, auth.ErrTokenInvalid) {
		return Result{}, ErrChallengeInvalid
	}
	if err != nil {
		return Result{}, err
	}
	if tok.UserID == "" || tok.Subject != ch.id {
		return Result{}, ErrChallengeInvalid
	}
	u, err := c.LoadUser(ctx, tok.UserID)
	if errors.Is(err, auth.ErrUserNotFound) {
		return Result{}, ErrChallengeInvalid
	}
	if err != nil {
		return Result{}, err
	}
	s, token, err := c.StartSession(ctx, u.ID, Credential)
	if err != nil {
		return Result{}, err
	}
	c.SetCookie(p.cookie("", -1))
	return Result{Status: StatusSignedIn, User: u, Session: s, Token: token, ReturnTo: ch.returnTo}, nil
}

// binding is the caller's challenge binding: the value a client without
// cookies sent, or the browser's cookie.
func (p *Plugin) binding(c *auth.Call, sent auth.Secret) auth.Secret {
	if !sent.IsZero() {
		return sent
	}
	return c.Request().Cookies[p.CookieName()]
}

// cookie is the binding cookie; maxAge -1 deletes it.
func (p *Plugin) cookie(value string, maxAge int) *http.Cookie {
	return &http.Cookie{Name: p.CookieName(), Value: value, Path: "/", MaxAge: maxAge, HttpOnly: true,
		Secure: p.a.BaseURL().Scheme == "https", SameSite: http.SameSiteLaxMode}
}

// newID returns a random challenge ID.
func newID() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return hex.EncodeToString(b[:]), nil
}
