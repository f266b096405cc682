package apikey

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// keyRow scans a key.
type keyRow struct {
	k          Key
	userID     string
	scopes     string
	rateLimit  int64
	rateWindow int64
	expires    sql.Null[time.Time]
	lastUsed   sql.Null[time.Time]
	replacedBy sql.Null[string]
}

func (r *keyRow) selections() []sqlb.Selection {
	return []sqlb.Selection{KeyID.Into(&r.k.ID), KeyUserID.Into(&r.userID), KeyName.Into(&r.k.Name),
		KeyHint.Into(&r.k.Hint), KeyScopes.Into(&r.scopes), KeyRateLimit.Into(&r.rateLimit),
		KeyRateWindow.Into(&r.rateWindow), KeyCreatedAt.Into(&r.k.CreatedAt), KeyExpiresAt.Into(&r.expires),
		KeyLastUsedAt.Into(&r.lastUsed), KeyReplacedBy.Into(&r.replacedBy)}
}

func (r *keyRow) key() (Key, error) {
	k := r.k
	if err := json.Unmarshal([]byte(r.scopes), &k.Scopes); err != nil {
		return Key{}, err
	}
	k.RateLimit = RateLimit{Limit: int(r.rateLimit), Window: r.rateWindow / 1000}
	if r.expires.Valid {
		t := r.expires.V
		k.ExpiresAt = &t
	}
	if r.lastUsed.Valid {
		t := r.lastUsed.V
		k.LastUsedAt = &t
	}
	k.ReplacedBy = r.replacedBy.V
	return k, nil
}

// live is the condition of a key that works at now.
func live(now time.Time) sqlb.Cond {
	return sqlb.Or(KeyExpiresAt.IsNull(), KeyExpiresAt.Gt(sql.Null[time.Time]{V: now, Valid: true}))
}

// create makes a key for userID, under the user's lock so that the limit
// of keys holds under concurrency.
func (p *Plugin) create(ctx context.Context, c *auth.Call, userID string, in CreateRequest) (Created, error) {
	for _, s := range in.Scopes {
		if p.declare != nil && !p.declare[s] {
			return Created{}, ErrUnknownScope.With("unknown scope " + s)
		}
	}
	if err := c.LockUser(ctx, userID); err != nil {
		return Created{}, err
	}
	if err := p.checkRoom(ctx, c, userID); err != nil {
		return Created{}, err
	}
	life := time.Duration(in.ExpiresIn) * time.Second
	if p.cfg.maxLifetime > 0 && (life == 0 || life > p.cfg.maxLifetime) {
		life = p.cfg.maxLifetime
	}
	return p.insert(ctx, c, userID, in.Name, uniqueScopes(in.Scopes), in.RateLimit, life)
}

// checkRoom answers ErrTooManyKeys when the user holds the most live
// keys they may.
func (p *Plugin) checkRoom(ctx context.Context, c *auth.Call, userID string) error {
	var n int64
	err := c.DB().One(ctx, sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(Keys).
		Where(sqlb.And(KeyUserID.Eq(userID), live(c.Now()))))
	if err != nil {
		return err
	}
	if n >= int64(p.cfg.maxKeys) {
		return ErrTooManyKeys
	}
	return nil
}

// insert stores a new key and returns it, shown this once.
func (p *Plugin) insert(ctx context.Context, c *auth.Call, userID, name string, scopes []string, rate RateLimit, life time.Duration) (Created, error) {
	now := c.Now()
	secret := newKey(p.cfg.prefix)
	raw, err := json.Marshal(scopes)
	if err != nil {
		return Created{}, err
	}
	k := Key{ID: c.Auth().NewID(), Name: name, Hint: hint(p.cfg.prefix, secret), Scopes: scopes, RateLimit: rate, CreatedAt: now}
	var expires sql.Null[time.Time]
	if life > 0 {
		expires = sql.Null[time.Time]{V: now.Add(life), Valid: true}
		k.ExpiresAt = &expires.V
	}
	_, err = c.DB().Exec(ctx, sqlb.Insert(Keys).Row(KeyID.Set(k.ID), KeyUserID.Set(userID), KeyHash.Set(hashKey(secret)),
		KeyName.Set(name), KeyHint.Set(k.Hint), KeyScopes.Set(string(raw)), KeyRateLimit.Set(int64(rate.Limit)),
		KeyRateWindow.Set(rate.Window*1000), KeyCreatedAt.Set(now), KeyExpiresAt.Set(expires),
		KeyLastUsedAt.Set(sql.Null[time.Time]{}), KeyReplacedBy.Set(sql.Null[string]{})))
	if err != nil {
		return Created{}, err
	}
	return Created{Secret: auth.Show(secret), Key: k}, nil
}

// uniqueScopes returns scopes without repeats, in their order, never nil.
func uniqueScopes(scopes []string) []string {
	out := make([]string, 0, len(scopes))
	seen := map[string]bool{}
	for _, s := range scopes {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// list returns userID's live keys, newest first.
func (p *Plugin) list(ctx context.Context, c *auth.Call, userID string) (KeyList, error) {
	var r keyRow
	out := KeyList{Keys: []Key{}}
	q := sqlb.Select(r.selections()...).From(Keys).Where(sqlb.And(KeyUserID.Eq(userID), live(c.Now()))).
		OrderBy(KeyCreatedAt.Desc(), KeyID.Desc())
	err := c.DB().All(ctx, q, func() error {
		k, err := r.key()
		out.Keys = append(out.Keys, k)
		return err
	})
	return out, err
}

// revoke deletes one of the caller's keys; the user's ID in the condition
// makes someone else's key not found.
func (p *Plugin) revoke(ctx context.Context, c *auth.Call, in KeyRequest) (Revoked, error) {
	n, err := c.DB().Exec(ctx, sqlb.Delete(Keys).Where(sqlb.And(KeyID.Eq(in.ID), KeyUserID.Eq(c.User().ID), live(c.Now()))))
	if err != nil {
		return Revoked{}, err
	}
	if n == 0 {
		return Revoked{}, ErrKeyNotFound
	}
	return Revoked{Revoked: n}, nil
}

// revokeAll deletes every key of a user.
func (p *Plugin) revokeAll(ctx context.Context, c *auth.Call, userID string) (int64, error) {
	return c.DB().Exec(ctx, sqlb.Delete(Keys).Where(KeyUserID.Eq(userID)))
}

// rotate replaces one of the caller's keys. The conditional update that
// marks the old key replaced decides between two rotations at once: the
// one whose update found it unreplaced wins, the other is told it lost.
func (p *Plugin) rotate(ctx context.Context, c *auth.Call, in RotateRequest) (Created, error) {
	userID, now := c.User().ID, c.Now()
	if err := c.LockUser(ctx, userID); err != nil {
		return Created{}, err
	}
	var r keyRow
	err := c.DB().One(ctx, sqlb.Select(r.selections()...).From(Keys).
		Where(sqlb.And(KeyID.Eq(in.ID), KeyUserID.Eq(userID), live(now))).ForUpdate())
	if errors.Is(err, sql.ErrNoRows) {
		return Created{}, ErrKeyNotFound
	}
	if err != nil {
		return Created{}, err
	}
	old, err := r.key()
	if err != nil {
		return Created{}, err
	}
	if old.ReplacedBy != "" {
		return Created{}, ErrKeyRotated
	}
	life := time.Duration(0)
	if old.ExpiresAt != nil {
		life = old.ExpiresAt.Sub(old.CreatedAt)
	}
	// The new key is counted among the user's keys; the old one leaves
	// them when its grace period ends.
	if err := p.checkRoom(ctx, c, userID); err != nil {
		return Created{}, err
	}
	created, err := p.insert(ctx, c, userID, old.Name, old.Scopes, old.RateLimit, life)
	if err != nil {
		return Created{}, err
	}
	end := now.Add(in.grace())
	if old.ExpiresAt != nil && old.ExpiresAt.Before(end) {
		end = *old.ExpiresAt
	}
	n, err := c.DB().Exec(ctx, sqlb.Update(Keys).Set(KeyReplacedBy.Set(sql.Null[string]{V: created.Key.ID, Valid: true}),
		KeyExpiresAt.Set(sql.Null[time.Time]{V: end, Valid: true})).
		Where(sqlb.And(KeyID.Eq(old.ID), KeyUserID.Eq(userID), KeyReplacedBy.IsNull())))
	if err != nil {
		return Created{}, err
	}
	if n != 1 {
		return Created{}, ErrKeyRotated
	}
	return created, nil
}
