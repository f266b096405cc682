package twofactor

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// Texted codes ([WithTextCodes]) go through the instance's delivery
// channel "sms" to identities of kind "phone", whichever plugin provides
// them (the phone plugin does both).
const (
	smsChannel = "sms"
	phoneKind  = "phone"
)

// purposeTextChallenge is the token purpose of a code texted for a
// pending session; its subject is the session. It differs from the
// mailed code's, so that a code mailed never passes as a code texted.
const purposeTextChallenge = "twofactor.textChallenge"

// purposeTextMessage names the plugin's text messages.
const purposeTextMessage = "two-factor-code"

// verifiedPhone returns the user's verified phone identity of a number as
// typed, or the first verified one when raw is empty.
func (p *Plugin) verifiedPhone(ctx context.Context, c *auth.Call, userID, raw string) (*auth.Identity, error) {
	want := ""
	if raw != "" {
		v, err := c.Auth().Normalize(phoneKind, raw)
		if err != nil {
			return nil, ErrNoVerifiedPhone
		}
		want = v
	}
	ids, err := c.Identities(ctx, userID, phoneKind)
	if err != nil {
		return nil, err
	}
	for _, id := range ids {
		if id.Verified() && (want == "" || id.Value == want) {
			return id, nil
		}
	}
	return nil, ErrNoVerifiedPhone
}

// textCode issues a code of a purpose for a subject, bound to the user and
// the number, and texts it there.
func (p *Plugin) textCode(ctx context.Context, c *auth.Call, purpose, subject string, to *auth.Identity) error {
	if err := p.limitTexts(ctx, c, to); err != nil {
		return err
	}
	code, err := c.IssueCode(ctx, auth.TokenSpec{Purpose: purpose, Subject: subject, TTL: p.cfg.textTTL,
		UserID: to.UserID, IdentityID: to.ID, ReplacePrevious: true}, 6)
	if err != nil {
		return err
	}
	text := fmt.Sprintf("%s is your verification code. It works once, for %d minutes. If you did not just sign in, someone has your password: change it.",
		code.Reveal(), minutes(p.cfg.textTTL))
	return c.Send(ctx, smsChannel, auth.Message{Purpose: purposeTextMessage, To: to.Value, Text: text})
}

// textsPerNumber is how many codes the plugin texts one number in
// textWindow: enough for a person, too few to pay for (SMS pumping).
const (
	textsPerNumber = 3
	textWindow     = 10 * time.Minute
)

// limitTexts refuses a text past the limits against SMS pumping: the
// phone plugin's per-calling-code limit (phone.CountSend), which also
// makes the sends to a calling code take turns, and then this plugin's
// per-number limit, counted from the codes it texted the number.
func (p *Plugin) limitTexts(ctx context.Context, c *auth.Call, to *auth.Identity) error {
	if p.phone != nil {
		if _, err := p.phone.CountSend(ctx, c, to.Value); err != nil {
			return err
		}
	}
	now := c.Now()
	var n int64
	err := c.DB().One(ctx, sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(auth.Tokens).Where(sqlb.And(
		auth.TokenIdentityID.Eq(sql.Null[string]{V: to.ID, Valid: true}),
		auth.TokenPurpose.In(purposeEnrol, purposeTextChallenge), auth.TokenCreatedAt.Gt(now.Add(-textWindow)))))
	if err != nil {
		return err
	}
	if n >= textsPerNumber {
		e := *auth.ErrRateLimited
		e.RetryAfter = textWindow
		return &e
	}
	return nil
}
