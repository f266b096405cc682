package username

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// The names of the plugin's operations, for [auth.WithRateLimit] and for
// hooks and session checks that look at [auth.Call.Op].
const (
	// OpCheck is POST /username/check: [Plugin.Check].
	OpCheck = "username.check"
	// OpSet is POST /username/set: [Plugin.Set].
	OpSet = "username.set"
)

// CheckRate is the default limit of availability checks: 30 a minute per
// client IP. Checks tell whether a name is taken, by design; the limit
// keeps a client from listing the names in use quickly.
var CheckRate = auth.RateRules{IP: auth.RateRule{Limit: 30, Window: time.Minute, Sliding: true}}

// ops are the plugin's typed operations.
type ops struct {
	check *auth.Op[Request, Availability]
	set   *auth.Op[Request, Chosen]
}

func (p *Plugin) newOps() ops {
	return ops{
		check: &auth.Op[Request, Availability]{Name: OpCheck, Method: http.MethodPost, Path: "/username/check",
			Session: auth.SessionOptional, Rate: CheckRate, Codes: []*auth.Error{ErrInvalid, ErrReserved}, Handler: p.handleCheck},
		set: &auth.Op[Request, Chosen]{Name: OpSet, Method: http.MethodPost, Path: "/username/set", Writes: true,
			Session: auth.SessionFresh, Rate: auth.DefaultRate, Codes: []*auth.Error{ErrInvalid, ErrReserved, ErrTaken, ErrCoolDown},
			Handler: p.handleSet},
	}
}

// Operations implements [auth.Operator].
func (p *Plugin) Operations() []auth.Operation { return []auth.Operation{p.ops.check, p.ops.set} }

// handleCheck answers whether the caller could choose a name: it is
// allowed, and names nobody or the caller.
func (p *Plugin) handleCheck(ctx context.Context, c *auth.Call, in Request) (Availability, error) {
	display, key, err := p.vet(in.Username)
	if err != nil {
		return Availability{}, err
	}
	id, err := c.WhoIs(ctx, Kind, key)
	if errors.Is(err, auth.ErrIdentityNotFound) {
		return Availability{Username: display, Available: true}, nil
	}
	if err != nil {
		return Availability{}, err
	}
	return Availability{Username: display, Available: c.User() != nil && id.UserID == c.User().ID}, nil
}

// handleSet gives the caller a username, or changes theirs. A change
// (another key) waits for the cool-down after the last one, frees the old
// name and, as an account-security event, ends every other session of
// the account and every pending flow. A new look of the same key ("jane"
// to "Jane") changes only the display form.
func (p *Plugin) handleSet(ctx context.Context, c *auth.Call, in Request) (Chosen, error) {
	display, key, err := p.vet(in.Username)
	if err != nil {
		return Chosen{}, err
	}
	uid := c.User().ID
	held, err := c.Identities(ctx, uid, Kind)
	if err != nil {
		return Chosen{}, err
	}
	for _, id := range held {
		if id.Value == key {
			_, err := c.DB().Exec(ctx, setDisplay(c, uid, display))
			return Chosen{Username: display}, err
		}
	}
	if id, err := c.WhoIs(ctx, Kind, key); err == nil && id.UserID != uid {
		return Chosen{}, ErrTaken
	} else if err != nil && !errors.Is(err, auth.ErrIdentityNotFound) {
		return Chosen{}, err
	}
	if len(held) > 0 {
		if err := p.startChange(ctx, c, uid); err != nil {
			return Chosen{}, err
		}
		for _, id := range held {
			if err := c.RemoveIdentity(ctx, uid, id.ID); err != nil {
				return Chosen{}, err
			}
		}
	}
	if _, err := p.give(ctx, c, uid, display); err != nil {
		return Chosen{}, err
	}
	if len(held) > 0 {
		if err := c.AccountChanged(ctx, uid, auth.IdentityChanged, true); err != nil {
			return Chosen{}, err
		}
	}
	return Chosen{Username: display}, nil
}

// startChange records a change of username now, if the cool-down since
// the last one is over: a compare-and-set, so that two changes at once
// cannot both pass. [ErrCoolDown] otherwise, with the time left.
func (p *Plugin) startChange(ctx context.Context, c *auth.Call, uid string) error {
	now := c.Now()
	cond := auth.UserID.Eq(uid)
	if p.cfg.coolDown > 0 {
		cond = sqlb.And(cond, sqlb.Or(ChangedAt.IsNull(), ChangedAt.Le(nullTime(now.Add(-p.cfg.coolDown)))))
	}
	n, err := c.DB().Exec(ctx, sqlb.Update(auth.Users).Set(ChangedAt.Set(nullTime(now))).Where(cond))
	if err != nil || n == 1 || p.cfg.coolDown == 0 {
		return err
	}
	var at sql.Null[time.Time]
	if err := c.DB().One(ctx, sqlb.Select(ChangedAt.Into(&at)).From(auth.Users).Where(auth.UserID.Eq(uid))); err != nil {
		return err
	}
	e := ErrCoolDown.With(ErrCoolDown.Message)
	e.RetryAfter = max(at.V.Add(p.cfg.coolDown).Sub(now), time.Second)
	return e
}

func nullTime(t time.Time) sql.Null[time.Time] { return sql.Null[time.Time]{V: t, Valid: !t.IsZero()} }
