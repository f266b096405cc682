package apikey

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// keyData is what the session of a key holds of it, in its data:
// {"apikey":{"id":…,"scopes":[…],"rate":{"limit":…,"window":…}}}, the
// rate being the key's limit, its own or the plugin's, and absent for
// none.
type keyData struct {
	ID     string
	Scopes []string
	Rate   *RateLimit
}

// CredentialHeader implements [auth.CredentialResolver]: the header of
// [WithHeader], if any.
func (p *Plugin) CredentialHeader() string { return p.cfg.header }

// resolveRow scans what resolving a key needs.
type resolveRow struct {
	id, scopes            string
	rateLimit, rateWindow int64
	created               time.Time
	expires, lastUsed     sql.Null[time.Time]
}

// ResolveCredential implements [auth.CredentialResolver]: a key of the
// plugin's prefix and length is its; a wrong checksum makes it
// malformed ([auth.ErrInvalidToken]) at no query. A live key resolves,
// in one query joined with its user, to a session of credential
// [Credential] whose ID is the key's, whose data holds the key's ID and
// scopes, and that expires with the key (its ExpiresAt is zero for a key
// that does not expire; it is never refreshed). The key's last-used time is
// written when it is older than the interval ([WithLastUsedInterval]),
// by a conditional update that one request per interval wins.
func (p *Plugin) ResolveCredential(ctx context.Context, cred auth.Secret, now time.Time) (*auth.Session, *auth.User, bool, error) {
	key, prefix := cred.Reveal(), p.cfg.prefix
	if len(key) != len(prefix)+tailLen || !strings.HasPrefix(key, prefix) {
		return nil, nil, false, nil
	}
	if !wellFormed(key, len(prefix)) {
		return nil, nil, true, auth.ErrInvalidToken
	}
	var r resolveRow
	sel, user := p.a.SelectUser(append(make([]sqlb.Selection, 0, 16), KeyID.Into(&r.id), KeyScopes.Into(&r.scopes),
		KeyRateLimit.Into(&r.rateLimit), KeyRateWindow.Into(&r.rateWindow), KeyCreatedAt.Into(&r.created),
		KeyExpiresAt.Into(&r.expires), KeyLastUsedAt.Into(&r.lastUsed)))
	err := p.a.DB().One(ctx, sqlb.Select(sel...).From(Keys).Join(auth.Users, auth.UserID.EqCol(KeyUserID)).
		Where(sqlb.And(KeyHash.Eq(hashKey(cred)), live(now))).Key("apikey.resolve"))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, true, nil
	}
	if err != nil {
		return nil, nil, true, err
	}
	seen := r.created
	if r.lastUsed.Valid {
		seen = r.lastUsed.V
	}
	if !r.lastUsed.Valid || now.Sub(r.lastUsed.V) >= p.cfg.lastUsed {
		if err := p.touch(ctx, r.id, now); err != nil {
			return nil, nil, true, err
		}
		seen = now
	}
	u := user()
	s := &auth.Session{ID: r.id, UserID: u.ID, CreatedAt: r.created, ExpiresAt: r.expires.V, LastSeenAt: seen,
		Credential: Credential, Data: p.data(&r)}
	return s, u, true, nil
}

// touch writes a key's last-used time, unless another request did within
// the interval.
func (p *Plugin) touch(ctx context.Context, id string, now time.Time) error {
	stale := sql.Null[time.Time]{V: now.Add(-p.cfg.lastUsed), Valid: true}
	_, err := p.a.DB().Exec(ctx, sqlb.Update(Keys).Set(KeyLastUsedAt.Set(sql.Null[time.Time]{V: now, Valid: true})).
		Where(sqlb.And(KeyID.Eq(id), sqlb.Or(KeyLastUsedAt.IsNull(), KeyLastUsedAt.Le(stale)))))
	return err
}

// data is the session data of a key: its ID, its scopes (stored as a
// JSON array) and its rate limit, written out without a JSON encoder.
func (p *Plugin) data(r *resolveRow) []byte {
	limit, window := r.rateLimit, r.rateWindow/1000
	if limit == 0 && p.cfg.rate.Limit > 0 {
		limit, window = int64(p.cfg.rate.Limit), int64(p.cfg.rate.Window/time.Second)
	}
	b := make([]byte, 0, 64+len(r.id)+len(r.scopes))
	b = append(append(append(b, `{"apikey":{"id":"`...), r.id...), `","scopes":`...)
	b = append(b, r.scopes...)
	if limit > 0 {
		b = append(append(append(b, `,"rate":{"limit":`...), strconv.FormatInt(limit, 10)...), `,"window":`...)
		b = append(append(b, strconv.FormatInt(window, 10)...), '}')
	}
	return append(b, "}}"...)
}

// KeyOf returns the ID and scopes of the key a session resolved from,
// and whether it did; a signed-in session is no key.
func KeyOf(s *auth.Session) (id string, scopes []string, ok bool) {
	if s == nil || s.ResolvedBy != name {
		return "", nil, false
	}
	d, ok := parseData(s.Data)
	return d.ID, d.Scopes, ok
}

// parseData reads the data that [Plugin.data] wrote, without a JSON
// decoder: the per-request checks (scopes, rate limit) read it. A scope
// holds no character JSON escapes ([validScope]), so the array splits
// exactly on commas.
func parseData(data []byte) (keyData, bool) {
	var d keyData
	rest, ok := strings.CutPrefix(string(data), `{"apikey":{"id":"`)
	if !ok {
		return d, false
	}
	if d.ID, rest, ok = strings.Cut(rest, `","scopes":[`); !ok {
		return d, false
	}
	list, rest, ok := strings.Cut(rest, "]")
	if !ok {
		return d, false
	}
	if list != "" {
		d.Scopes = strings.Split(list, ",")
		for i, sc := range d.Scopes {
			d.Scopes[i] = strings.Trim(sc, `"`)
		}
	} else {
		d.Scopes = []string{}
	}
	if rate, ok := strings.CutPrefix(rest, `,"rate":{"limit":`); ok {
		limit, window, ok := strings.Cut(strings.TrimSuffix(rate, "}}}"), `,"window":`)
		l, err1 := strconv.Atoi(limit)
		w, err2 := strconv.ParseInt(window, 10, 64)
		if !ok || err1 != nil || err2 != nil {
			return d, false
		}
		d.Rate = &RateLimit{Limit: l, Window: w}
	} else if rest != "}}" {
		return d, false
	}
	return d, true
}

// CheckSession implements [auth.SessionChecker]: it counts the request of
// a key with a rate limit (its own, or [WithRateLimit]) against it, once
// per request, and answers [auth.ErrRateLimited] past it. Bans and the
// other checks need nothing of it: they run on a key's session as on any.
func (p *Plugin) CheckSession(ctx context.Context, c *auth.Call) error {
	s := c.Session()
	if s == nil || s.ResolvedBy != p.Name() {
		return nil
	}
	if !c.Admitting() {
		if admitted, _, _ := c.Request().Admission(); admitted != nil {
			return nil // counted when the middleware admitted the request
		}
	}
	if !bytes.Contains(s.Data, []byte(`,"rate":`)) {
		return nil // no limit: no parse
	}
	d, ok := parseData(s.Data)
	if !ok {
		return errors.New("apikey: the session of a key holds data of another shape")
	}
	if d.Rate == nil {
		return nil
	}
	rule := auth.RateRule{Limit: d.Rate.Limit, Window: time.Duration(d.Rate.Window) * time.Second}
	return c.RateLimit(ctx, "apikey\x00"+d.ID, rule)
}

// AccountChanged implements [auth.AccountObserver]: every
// account-security event of a user (a password changed or reset, an
// identifier changed or removed, a sign-out everywhere, a second factor
// removed, a ban) ends all their keys, since whoever caused it may hold
// them.
func (p *Plugin) AccountChanged(ctx context.Context, c *auth.Call, userID string, _ auth.AccountEvent) error {
	_, err := p.revokeAll(ctx, c, userID)
	return err
}
