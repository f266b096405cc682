package twofactor

import (
	"context"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/twofactor/totp"
	"github.com/sesame-go/sesame/sqlb"
)

// factorRow is a row of [Factors].
type factorRow struct {
	f          Factor
	userID     string
	key        string
	identityID nullString
	lastStep   int64
	sessionID  nullString
	confirmed  nullTime
	lastUsed   nullTime
}

func (r *factorRow) selections() []sqlb.Selection {
	return []sqlb.Selection{FactorID.Into(&r.f.ID), FactorUserID.Into(&r.userID), FactorMethod.Into(&r.f.Method),
		FactorName.Into(&r.f.Name), FactorKey.Into(&r.key), FactorIdentityID.Into(&r.identityID),
		FactorLastStep.Into(&r.lastStep), FactorSessionID.Into(&r.sessionID), FactorCreatedAt.Into(&r.f.CreatedAt),
		FactorConfirmedAt.Into(&r.confirmed), FactorLastUsedAt.Into(&r.lastUsed)}
}

func (r *factorRow) factor() *Factor {
	f := r.f
	f.LastUsedAt = r.lastUsed.V
	return &f
}

// factors returns a user's factors that match cond.
func (p *Plugin) factors(ctx context.Context, db *sqlb.DB, userID string, cond sqlb.Cond) ([]factorRow, error) {
	var r factorRow
	var out []factorRow
	q := sqlb.Select(r.selections()...).From(Factors).Where(sqlb.And(FactorUserID.Eq(userID), cond)).
		OrderBy(FactorCreatedAt.Asc(), FactorID.Asc())
	err := db.All(ctx, q, func() error { out = append(out, r); return nil })
	return out, err
}

// confirmed returns a user's confirmed factors of a method.
func (p *Plugin) confirmed(ctx context.Context, db *sqlb.DB, userID, method string) ([]factorRow, error) {
	return p.factors(ctx, db, userID, sqlb.And(FactorMethod.Eq(method), FactorConfirmedAt.IsNotNull()))
}

// keyContext binds a sealed authenticator key to its row.
func keyContext(factorID string) string { return "twofactor\x00" + factorID + "\x00totp" }

// sealKey returns the stored form of an authenticator key: its otpauth
// parameters and secret, sealed when the plugin has keys.
func (p *Plugin) sealKey(factorID string, k totp.Key) (string, error) {
	uri, err := k.URI("sesame", "key")
	if err != nil {
		return "", err
	}
	if !p.sealer.Enabled() {
		return uri, nil
	}
	return p.sealer.Seal(uri, keyContext(factorID))
}

// openKey returns the authenticator key of a factor row.
func (p *Plugin) openKey(r *factorRow) (totp.Key, error) {
	uri := r.key
	if !isURI(uri) { // sealed
		var err error
		if uri, err = p.sealer.Open(r.key, keyContext(r.f.ID)); err != nil {
			return totp.Key{}, err
		}
	}
	k, _, _, err := totp.ParseURI(uri)
	return k, err
}

// isURI tells a key stored as it is from a sealed one.
func isURI(s string) bool { return len(s) > 10 && s[:10] == "otpauth://" }

// checkTOTP checks a code against the user's authenticator keys and uses
// up its time step: a step is accepted once per factor (RFC 6238 §5.2),
// by a conditional update whose affected-row count decides, so that a
// code replayed, or sent by many requests at once, passes once.
func (p *Plugin) checkTOTP(ctx context.Context, c *auth.Call, rows []factorRow, code auth.Secret) (*factorRow, error) {
	now := c.Now()
	for i := range rows {
		r := &rows[i]
		k, err := p.openKey(r)
		if err != nil {
			return nil, err
		}
		step, err := k.Verify(code.Reveal(), now)
		if err != nil || int64(step) <= r.lastStep {
			continue
		}
		n, err := c.DB().Exec(ctx, sqlb.Update(Factors).Set(FactorLastStep.Set(int64(step)), FactorLastUsedAt.Set(someTime(now))).
			Where(sqlb.And(FactorID.Eq(r.f.ID), FactorLastStep.Lt(int64(step)))))
		if err != nil {
			return nil, err
		}
		if n == 1 {
			return r, p.reseal(ctx, c, r, k)
		}
	}
	return nil, nil
}

// reseal stores a key again when it is not sealed with the first key:
// after a key rotation, or once keys were set.
func (p *Plugin) reseal(ctx context.Context, c *auth.Call, r *factorRow, k totp.Key) error {
	if !p.sealer.Enabled() || p.sealer.Current(r.key) && !isURI(r.key) {
		return nil
	}
	sealed, err := p.sealKey(r.f.ID, k)
	if err != nil {
		return err
	}
	_, err = c.DB().Exec(ctx, sqlb.Update(Factors).Set(FactorKey.Set(sealed)).Where(FactorID.Eq(r.f.ID)))
	return err
}

// setEnabled keeps the user's [Enabled] column in step with their
// confirmed factors, and drops the recovery codes of a user who has none
// left.
func (p *Plugin) setEnabled(ctx context.Context, c *auth.Call, userID string) (bool, error) {
	on, err := p.Enrolled(ctx, c.DB(), userID)
	if err != nil {
		return false, err
	}
	if _, err := c.DB().Exec(ctx, sqlb.Update(auth.Users).Set(Enabled.Set(on), auth.UserUpdatedAt.Set(c.Now())).
		Where(auth.UserID.Eq(userID))); err != nil {
		return false, err
	}
	if !on {
		_, err = c.DB().Exec(ctx, sqlb.Delete(RecoveryCodes).Where(RecoveryUserID.Eq(userID)))
	}
	return on, err
}

// factorOf returns one of the caller's factors, or [ErrFactorNotFound].
func (p *Plugin) factorOf(ctx context.Context, c *auth.Call, id string) (*factorRow, error) {
	rows, err := p.factors(ctx, c.DB(), c.User().ID, FactorID.Eq(id))
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, ErrFactorNotFound
	}
	return &rows[0], nil
}
