package twofactor

import (
	"context"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/twofactor/totp"
	"github.com/sesame-go/sesame/sqlb"
)

// purposeEnrol is the token purpose of the first mailed code of an
// enrolment; its subject is the factor.
const purposeEnrol = "twofactor.enrol"

// codeAttempts is how many tries one mailed code allows.
const codeAttempts = 5

// handleEnrol begins an enrolment: a factor row without confirmed_at,
// open to this session for the enrolment time. An earlier unfinished
// enrolment of the user is dropped.
func (p *Plugin) handleEnrol(ctx context.Context, c *auth.Call, in EnrolRequest) (Enrolment, error) {
	u, s, now := c.User(), c.Session(), c.Now()
	if _, err := c.DB().Exec(ctx, sqlb.Delete(Factors).
		Where(sqlb.And(FactorUserID.Eq(u.ID), FactorConfirmedAt.IsNull()))); err != nil {
		return Enrolment{}, err
	}
	out := Enrolment{FactorID: c.Auth().NewID(), Method: in.Method, ExpiresAt: now.Add(p.cfg.enrolTTL)}
	row := []sqlb.Assignment{FactorID.Set(out.FactorID), FactorUserID.Set(u.ID), FactorMethod.Set(in.Method),
		FactorName.Set(in.Name), FactorLastStep.Set(0), FactorSessionID.Set(someString(s.ID)),
		FactorCreatedAt.Set(now), FactorConfirmedAt.Set(nullTime{}), FactorLastUsedAt.Set(nullTime{})}
	switch in.Method {
	case MethodTOTP:
		k, err := totp.Generate(p.cfg.totp...)
		if err != nil {
			return Enrolment{}, err
		}
		stored, err := p.sealKey(out.FactorID, k)
		if err != nil {
			return Enrolment{}, err
		}
		uri, err := k.URI(p.cfg.issuer, accountLabel(u))
		if err != nil {
			return Enrolment{}, err
		}
		out.URI, out.Key = auth.Show(auth.NewSecret(uri)), auth.Show(auth.NewSecret(k.Base32()))
		out.Algorithm, out.Digits, out.Period = k.Algorithm().String(), k.Digits(), int(k.Period().Seconds())
		row = append(row, FactorKey.Set(stored), FactorIdentityID.Set(nullString{}))
	case MethodEmail:
		if !p.cfg.email || p.mail == nil {
			return Enrolment{}, ErrMethodUnavailable
		}
		id, err := p.primaryAddress(ctx, c, u)
		if err != nil {
			return Enrolment{}, err
		}
		row = append(row, FactorKey.Set(""), FactorIdentityID.Set(someString(id.ID)))
		if _, err := c.DB().Exec(ctx, sqlb.Insert(Factors).Row(row...)); err != nil {
			return Enrolment{}, err
		}
		return out, p.mailCode(ctx, c, purposeEnrol, out.FactorID, id)
	case MethodSMS:
		if !p.cfg.sms {
			return Enrolment{}, ErrMethodUnavailable
		}
		id, err := p.verifiedPhone(ctx, c, u.ID, in.Phone)
		if err != nil {
			return Enrolment{}, err
		}
		row = append(row, FactorKey.Set(""), FactorIdentityID.Set(someString(id.ID)))
		if _, err := c.DB().Exec(ctx, sqlb.Insert(Factors).Row(row...)); err != nil {
			return Enrolment{}, err
		}
		return out, p.textCode(ctx, c, purposeEnrol, out.FactorID, id)
	}
	_, err := c.DB().Exec(ctx, sqlb.Insert(Factors).Row(row...))
	return out, err
}

// accountLabel is the account an authenticator app shows: the primary
// address, else the name, else the ID.
func accountLabel(u *auth.User) string {
	if s, _ := u.Fields["primaryEmail"].(string); s != "" {
		return s
	}
	if u.Name != "" {
		return u.Name
	}
	return u.ID
}

// primaryAddress returns the identity of the user's primary address, when
// it is verified.
func (p *Plugin) primaryAddress(ctx context.Context, c *auth.Call, u *auth.User) (*auth.Identity, error) {
	primary, _ := u.Fields["primaryEmail"].(string)
	ids, err := c.Identities(ctx, u.ID, email.Kind)
	if err != nil {
		return nil, err
	}
	for _, id := range ids {
		if id.Value == primary && id.Verified() {
			return id, nil
		}
	}
	return nil, ErrNoVerifiedAddress
}

// handleConfirm completes an enrolment of this session with its first
// code. The user's first factor brings recovery codes, shown once. The
// user's verified addresses are told.
func (p *Plugin) handleConfirm(ctx context.Context, c *auth.Call, in ConfirmRequest) (Confirmed, error) {
	u, now := c.User(), c.Now()
	r, err := p.factorOf(ctx, c, in.FactorID)
	if err != nil {
		return Confirmed{}, err
	}
	if r.confirmed.Valid || r.sessionID.V != c.Session().ID || !now.Before(r.f.CreatedAt.Add(p.cfg.enrolTTL)) {
		return Confirmed{}, ErrFactorNotFound
	}
	switch r.f.Method {
	case MethodTOTP:
		ok, err := p.checkTOTP(ctx, c, []factorRow{*r}, in.Code)
		if err != nil {
			return Confirmed{}, err
		}
		if ok == nil {
			return Confirmed{}, ErrInvalidCode
		}
	case MethodEmail, MethodSMS:
		if _, err := c.ConsumeCode(ctx, purposeEnrol, r.f.ID, in.Code, codeAttempts); err != nil {
			c.KeepWrites() // the attempt counted
			return Confirmed{}, err
		}
	}
	n, err := c.DB().Exec(ctx, sqlb.Update(Factors).Set(FactorConfirmedAt.Set(someTime(now)), FactorSessionID.Set(nullString{})).
		Where(sqlb.And(FactorID.Eq(r.f.ID), FactorConfirmedAt.IsNull())))
	if err != nil {
		return Confirmed{}, err
	}
	if n != 1 { // a concurrent confirmation won
		return Confirmed{}, ErrFactorNotFound
	}
	out := Confirmed{Factor: r.factor()}
	if left, err := p.codesLeft(ctx, c.DB(), u.ID); err != nil {
		return Confirmed{}, err
	} else if !enabled(u) || left == 0 {
		if out.RecoveryCodes, err = p.newRecoveryCodes(ctx, c, u.ID); err != nil {
			return Confirmed{}, err
		}
	}
	if _, err := p.setEnabled(ctx, c, u.ID); err != nil {
		return Confirmed{}, err
	}
	if _, err := p.lockAccount(ctx, c, u.ID); err != nil { // the counter every verification locks
		return Confirmed{}, err
	}
	c.Emit(ctx, EventFactorAdded, r.f.Method)
	return out, p.notify(ctx, c, u.ID, purposeAdded, r.f)
}
