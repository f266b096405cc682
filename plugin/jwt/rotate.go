package jwt

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// Rotation is the answer of [Plugin.Rotate]: the newest key and when it
// signs.
type Rotation struct {
	// KeyID is the newest key's kid.
	KeyID string `json:"kid"`
	// SignsFrom is when it starts signing: at once for the first key,
	// after the publish-ahead time ([WithRotation]) for the others.
	SignsFrom time.Time `json:"signsFrom"`
	// Rotated is set when the call made the key; a rotation that was not
	// due leaves it unset and names the newest key.
	Rotated bool `json:"rotated"`

	key *signingKey // the key made, for the mint that made the first
}

// rotate makes a new signing key in the transaction db when force is set,
// when there is none, or when the newest is due to be replaced. Rotations
// take turns on the lock row, so that two processes never both rotate:
// the second finds the first's key and has nothing to do.
func (p *Plugin) rotate(ctx context.Context, db *sqlb.DB, now time.Time, force bool) (Rotation, error) {
	_, err := db.Exec(ctx, sqlb.Update(RotationLock).Set(RotationLockCheckedAt.Set(now)).
		Where(RotationLockID.Eq(rotationLockName)))
	if err != nil {
		return Rotation{}, err
	}
	var kid string
	var gen int64
	var from time.Time
	err = db.One(ctx, sqlb.Select(KeyID.Into(&kid), KeyGeneration.Into(&gen), KeySignsFrom.Into(&from)).
		From(SigningKeys).OrderBy(KeyGeneration.Desc()).Limit(1).ForUpdate())
	first := errors.Is(err, sql.ErrNoRows)
	if err != nil && !first {
		return Rotation{}, err
	}
	due := first || force || (p.cfg.every > 0 && !now.Before(from.Add(p.cfg.every-p.cfg.ahead)))
	if !due {
		return Rotation{KeyID: kid, SignsFrom: from}, nil
	}
	signer, err := generate(p.cfg.alg)
	if err != nil {
		return Rotation{}, err
	}
	row, err := storable(p.sealer, signer)
	if err != nil {
		return Rotation{}, err
	}
	signsFrom := now.Add(p.cfg.ahead)
	if first {
		signsFrom = now // nothing to publish ahead of: nobody holds a token yet
	}
	// The key that signs until now signs until the new one takes over; its
	// tokens live at most the longest lifetime after that.
	_, err = db.Exec(ctx, sqlb.Update(SigningKeys).Set(KeySignsUntil.Set(nullTime(signsFrom)),
		KeyPublishedUntil.Set(nullTime(signsFrom.Add(p.cfg.longest()+skew)))).Where(KeySignsUntil.IsNull()))
	if err != nil {
		return Rotation{}, err
	}
	_, err = db.Exec(ctx, sqlb.Insert(SigningKeys).Row(KeyID.Set(row.kid), KeyGeneration.Set(gen+1),
		KeyAlgorithm.Set(row.alg), KeyPrivate.Set(row.sealed), KeyPublic.Set(row.public), KeyCreatedAt.Set(now),
		KeySignsFrom.Set(signsFrom), KeySignsUntil.Set(sql.Null[time.Time]{}), KeyPublishedUntil.Set(sql.Null[time.Time]{})))
	if err != nil {
		return Rotation{}, err
	}
	return Rotation{KeyID: row.kid, SignsFrom: signsFrom, Rotated: true, key: row.key}, nil
}

// current returns the key that signs at now, nil when there is none.
// Opened keys are kept in memory by kid.
func (p *Plugin) current(ctx context.Context, db *sqlb.DB, now time.Time) (*signingKey, error) {
	var kid, alg, sealed string
	err := db.One(ctx, sqlb.Select(KeyID.Into(&kid), KeyAlgorithm.Into(&alg), KeyPrivate.Into(&sealed)).
		From(SigningKeys).Where(sqlb.And(KeySignsFrom.Le(now), sqlb.Or(KeySignsUntil.IsNull(), KeySignsUntil.Gt(nullTime(now))))).
		OrderBy(KeyGeneration.Desc()).Limit(1))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if k, ok := p.opened.Load(kid); ok {
		return k.(*signingKey), nil
	}
	k, err := unseal(p.sealer, kid, alg, sealed)
	if err != nil {
		return nil, err
	}
	p.opened.Store(kid, k)
	return k, nil
}

// signingKey returns the key that signs now, making the first key of the
// database when there is none (in a transaction of its own, which takes
// turns with every other rotation).
func (p *Plugin) signingKey(ctx context.Context, c *auth.Call) (*signingKey, error) {
	now := c.Now()
	k, err := p.current(ctx, c.DB(), now)
	if err != nil || k != nil {
		return k, err
	}
	var r Rotation
	err = c.Auth().DB().InTx(ctx, nil, func(tx *sqlb.DB) (err error) {
		r, err = p.rotate(ctx, tx, now, false)
		return err
	})
	switch {
	case err != nil:
		return nil, err
	case r.key != nil && !r.SignsFrom.After(now):
		p.opened.Store(r.key.kid, r.key)
		return r.key, nil
	}
	// Another process made the first key meanwhile.
	if k, err = p.current(ctx, c.DB(), now); err == nil && k == nil {
		err = errors.New("jwt: no key signs now; do the instances' clocks agree?")
	}
	return k, err
}

// Maintain implements [auth.Maintainer]: it seals every stored key anew
// whose sealing key is not the first of [WithSecretKeys], then makes a
// new signing key when the newest is due to be replaced ([WithRotation]).
func (p *Plugin) Maintain(ctx context.Context, a *auth.Auth) error {
	if err := p.reseal(ctx, a.DB()); err != nil {
		return err
	}
	if p.cfg.every > 0 {
		if _, err := p.ops.rotate.Run(ctx, rotateRequest{}); err != nil {
			return err
		}
	}
	return nil
}

// reseal seals anew the stored keys whose sealing key is not the current
// one; each update replaces only the value it read.
func (p *Plugin) reseal(ctx context.Context, db *sqlb.DB) error {
	var kid, sealed string
	stale := map[string]string{}
	err := db.All(ctx, sqlb.Select(KeyID.Into(&kid), KeyPrivate.Into(&sealed)).From(SigningKeys), func() error {
		if !p.sealer.Current(sealed) {
			stale[kid] = sealed
		}
		return nil
	})
	if err != nil {
		return err
	}
	for kid, old := range stale {
		plain, err := p.sealer.Open(old, sealContext(kid))
		if err != nil {
			return errBadKey
		}
		fresh, err := p.sealer.Seal(plain, sealContext(kid))
		if err != nil {
			return err
		}
		_, err = db.Exec(ctx, sqlb.Update(SigningKeys).Set(KeyPrivate.Set(fresh)).
			Where(sqlb.And(KeyID.Eq(kid), KeyPrivate.Eq(old))))
		if err != nil {
			return err
		}
	}
	return nil
}

// Sweep implements [auth.Sweeper]: it deletes the keys whose tokens have
// all expired.
func (p *Plugin) Sweep(ctx context.Context, db *sqlb.DB, now time.Time) (int64, error) {
	return db.Exec(ctx, sqlb.Delete(SigningKeys).Where(sqlb.And(KeyPublishedUntil.IsNotNull(), KeyPublishedUntil.Le(nullTime(now)))))
}

func nullTime(t time.Time) sql.Null[time.Time] { return sql.Null[time.Time]{V: t, Valid: true} }
