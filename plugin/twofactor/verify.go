package twofactor

import (
	"context"
	"errors"
	"slices"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// purposeChallenge is the token purpose of a code mailed for a pending
// session; its subject is the session.
const purposeChallenge = "twofactor.challenge"

// handleVerify checks a code of the pending session's methods. Every
// attempt of a user is taken under the lock of the user's counter, so that
// lockouts count exactly under concurrency; a wrong code counts against
// the account and the session, and the counts are kept though the
// operation fails. A right one replaces the pending session with a new
// one.
func (p *Plugin) handleVerify(ctx context.Context, c *auth.Call, in VerifyRequest) (SignedIn, error) {
	methods, ok := PendingMethods(c.Session())
	if !ok {
		return SignedIn{}, ErrNotPending
	}
	if !slices.Contains(methods, in.Method) || (in.Method != MethodTOTP && in.Method != MethodEmail && in.Method != MethodSMS && in.Method != MethodRecovery) {
		return SignedIn{}, ErrMethodUnavailable
	}
	uid := c.Session().UserID
	account, err := p.lockAccount(ctx, c, uid)
	if err != nil {
		return SignedIn{}, err
	}
	if err := p.locked(account, c.Now()); err != nil {
		return SignedIn{}, err
	}
	passed, err := p.check(ctx, c, uid, in)
	if err != nil {
		return SignedIn{}, err
	}
	if !passed {
		return SignedIn{}, p.fail(ctx, c, account)
	}
	if err := p.succeed(ctx, c); err != nil {
		return SignedIn{}, err
	}
	if in.TrustDevice && p.cfg.trustFor > 0 {
		if err := p.trust(ctx, c, uid); err != nil {
			return SignedIn{}, err
		}
	}
	if in.Method == MethodRecovery {
		c.Emit(ctx, EventRecoveryCodeUsed, "")
	}
	return p.Pass(ctx, c, in.Method)
}

// check reports whether the code passes the method.
func (p *Plugin) check(ctx context.Context, c *auth.Call, userID string, in VerifyRequest) (bool, error) {
	switch in.Method {
	case MethodTOTP:
		rows, err := p.confirmed(ctx, c.DB(), userID, MethodTOTP)
		if err != nil {
			return false, err
		}
		r, err := p.checkTOTP(ctx, c, rows, in.Code)
		return r != nil, err
	case MethodEmail, MethodSMS:
		purpose := purposeChallenge
		if in.Method == MethodSMS {
			purpose = purposeTextChallenge
		}
		tok, err := c.ConsumeCode(ctx, purpose, c.Session().ID, in.Code, codeAttempts)
		if errors.Is(err, auth.ErrCodeInvalid) || errors.Is(err, auth.ErrTooManyAttempts) {
			return false, nil
		}
		if err != nil {
			return false, err
		}
		_, err = c.DB().Exec(ctx, sqlb.Update(Factors).Set(FactorLastUsedAt.Set(someTime(c.Now()))).
			Where(sqlb.And(FactorUserID.Eq(userID), FactorIdentityID.Eq(someString(tok.IdentityID)))))
		return true, err
	default: // MethodRecovery
		return p.useRecoveryCode(ctx, c, userID, in.Code)
	}
}

// handleSendCode mails a code for the pending session to the address of
// the user's mailed-codes factor, or texts one to the number of their
// texted-codes factor, replacing any earlier one. The code is bound to
// the session, the user and the address or number: it dies with any of
// them.
func (p *Plugin) handleSendCode(ctx context.Context, c *auth.Call, in SendCodeRequest) (auth.Empty, error) {
	methods, ok := PendingMethods(c.Session())
	if !ok {
		return auth.Empty{}, ErrNotPending
	}
	offered := (in.Method == MethodEmail && p.mail != nil) || (in.Method == MethodSMS && p.cfg.sms)
	if !offered || !slices.Contains(methods, in.Method) {
		return auth.Empty{}, ErrMethodUnavailable
	}
	uid := c.Session().UserID
	rows, err := p.confirmed(ctx, c.DB(), uid, in.Method)
	if err != nil {
		return auth.Empty{}, err
	}
	for _, r := range rows {
		id, err := c.Identity(ctx, uid, r.identityID.V)
		if errors.Is(err, auth.ErrIdentityNotFound) || (err == nil && !id.Verified()) {
			continue
		}
		if err != nil {
			return auth.Empty{}, err
		}
		if in.Method == MethodSMS {
			return auth.Empty{}, p.textCode(ctx, c, purposeTextChallenge, c.Session().ID, id)
		}
		return auth.Empty{}, p.mailCode(ctx, c, purposeChallenge, c.Session().ID, id)
	}
	return auth.Empty{}, ErrMethodUnavailable
}

// mailCode issues a code of a purpose for a subject, bound to the user and
// the address, and mails it there.
func (p *Plugin) mailCode(ctx context.Context, c *auth.Call, purpose, subject string, to *auth.Identity) error {
	code, err := c.IssueCode(ctx, auth.TokenSpec{Purpose: purpose, Subject: subject, TTL: p.cfg.codeTTL,
		UserID: to.UserID, IdentityID: to.ID, ReplacePrevious: true}, 6)
	if err != nil {
		return err
	}
	return p.mail.Send(ctx, c, purposeCodeMessage, to.Value, emailData(code, p.cfg.codeTTL))
}
