package twofactor

import (
	"context"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// handleList returns the caller's confirmed factors.
func (p *Plugin) handleList(ctx context.Context, c *auth.Call, _ auth.Empty) (FactorList, error) {
	u := c.User()
	rows, err := p.factors(ctx, c.DB(), u.ID, FactorConfirmedAt.IsNotNull())
	if err != nil {
		return FactorList{}, err
	}
	out := FactorList{Factors: make([]*Factor, 0, len(rows))}
	for i := range rows {
		out.Factors = append(out.Factors, rows[i].factor())
	}
	out.Enabled = len(out.Factors) > 0
	out.RecoveryCodesLeft, err = p.codesLeft(ctx, c.DB(), u.ID)
	return out, err
}

// handleRemove removes one of the caller's factors. Removing a confirmed
// one is an account-security event: the caller's other sessions, their
// pending flows and remembered browsers end, and the verified addresses
// are told. The last one goes only when a factor is not mandatory, and
// takes the recovery codes with it.
func (p *Plugin) handleRemove(ctx context.Context, c *auth.Call, in RemoveRequest) (auth.Empty, error) {
	uid := c.User().ID
	// Two removals of the last two factors at once take turns, so that a
	// mandatory factor cannot be removed from under the other.
	if err := c.LockUser(ctx, uid); err != nil {
		return auth.Empty{}, err
	}
	r, err := p.factorOf(ctx, c, in.FactorID)
	if err != nil {
		return auth.Empty{}, err
	}
	if _, err := c.DB().Exec(ctx, sqlb.Delete(Factors).Where(FactorID.Eq(r.f.ID))); err != nil {
		return auth.Empty{}, err
	}
	if !r.confirmed.Valid {
		return auth.Empty{}, nil
	}
	on, err := p.setEnabled(ctx, c, uid)
	if err != nil {
		return auth.Empty{}, err
	}
	if !on && p.cfg.requireEnrolment {
		return auth.Empty{}, ErrLastFactor
	}
	if err := c.AccountChanged(ctx, uid, auth.SecondFactorRemoved, true); err != nil {
		return auth.Empty{}, err
	}
	return auth.Empty{}, p.notify(ctx, c, uid, purposeRemoved, r.f)
}

// handleRecoveryCodes replaces the caller's recovery codes.
func (p *Plugin) handleRecoveryCodes(ctx context.Context, c *auth.Call, _ auth.Empty) (RecoveryCodeList, error) {
	uid := c.User().ID
	on, err := p.Enrolled(ctx, c.DB(), uid)
	if err != nil {
		return RecoveryCodeList{}, err
	}
	if !on {
		return RecoveryCodeList{}, ErrNotEnabled
	}
	codes, err := p.newRecoveryCodes(ctx, c, uid)
	if err != nil {
		return RecoveryCodeList{}, err
	}
	c.Emit(ctx, EventRecoveryCodesRegenerated, "")
	return RecoveryCodeList{Codes: codes}, nil
}
