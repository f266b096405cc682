package phone

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// PrefixLimit limits the codes sent to the numbers of one country calling
// code, whoever asks: SMS pumping spreads its requests over many numbers
// and addresses, but the numbers it profits from share a few prefixes.
// The per-number and per-IP limits are the operations' rate rules
// ([SendRate]).
type PrefixLimit struct {
	// Limit is how many codes a window allows per calling code; 0 is no
	// limit. Past it, every send to the prefix answers rate_limited with
	// Retry-After, known and unknown numbers alike.
	Limit int
	// Window is the length of a window; windows are fixed, aligned to
	// the epoch.
	Window time.Duration
	// Spike is the count of a window that raises [EventPrefixSpike], when
	// it is also more than thrice the window before's; 0 never does.
	Spike int
}

// DefaultPrefixLimit allows 300 codes an hour to the numbers of each
// country calling code, and reports a spike past 30 that is thrice the
// hour before. Raise it with [WithPrefixLimitFor] for the countries the
// host's people come from.
var DefaultPrefixLimit = PrefixLimit{Limit: 300, Window: time.Hour, Spike: 30}

// EventPrefixSpike is the security event of a calling code whose codes
// spike ([PrefixLimit]): reported once per window, with the counts.
const EventPrefixSpike = "sms_prefix_spike"

func (l PrefixLimit) check() error {
	if l.Limit < 0 || l.Spike < 0 || ((l.Limit > 0 || l.Spike > 0) && l.Window < time.Second) {
		return errors.New("phone: a prefix limit needs limits of 0 or more and a window of a second or more")
	}
	return nil
}

// prefixCount is a calling code's row of [Prefixes].
type prefixCount struct {
	start    time.Time
	sent     int64
	before   int64
	reported sql.Null[time.Time]
}

// countPrefix counts one code sent to a calling code, under the lock of
// its row so that concurrent sends are counted and judged one after the
// other. It refuses the code past the limit (the count stays, so that
// the refusal's report is kept) and reports a spike once per window.
func (p *Plugin) countPrefix(ctx context.Context, c *auth.Call, cc string) error {
	l := p.cfg.limitFor(cc)
	if l.Limit == 0 && l.Spike == 0 {
		return nil
	}
	now := c.Now()
	start := now.Truncate(l.Window)
	k, err := p.lockPrefix(ctx, c, cc, start)
	if err != nil {
		return err
	}
	if k.start.Before(start) { // a new window
		before := int64(0)
		if k.start.Add(l.Window).Equal(start) {
			before = k.sent
		}
		k = prefixCount{start: start, before: before, reported: k.reported}
	}
	refused := l.Limit > 0 && k.sent >= int64(l.Limit)
	if !refused {
		k.sent++
	}
	spiked := l.Spike > 0 && k.sent >= int64(l.Spike) && k.sent > 3*k.before
	report := (spiked || refused) && !(k.reported.Valid && k.reported.V.Equal(k.start))
	if report {
		k.reported = sql.Null[time.Time]{V: k.start, Valid: true}
		c.Emit(ctx, EventPrefixSpike, fmt.Sprintf("+%s: %d codes in %v, %d in the window before", cc, k.sent, l.Window, k.before))
	}
	if _, err := c.DB().Exec(ctx, sqlb.Update(Prefixes).Set(PrefixWindowStart.Set(k.start), PrefixCount.Set(k.sent),
		PrefixPrevious.Set(k.before), PrefixReportedStart.Set(k.reported)).Where(PrefixCallingCode.Eq(cc))); err != nil {
		return err
	}
	if !refused {
		return nil
	}
	c.KeepWrites() // the report stays, though the operation fails
	e := *auth.ErrRateLimited
	e.RetryAfter = max(k.start.Add(l.Window).Sub(now), time.Second)
	return &e
}

// lockPrefix creates a calling code's row if it is missing, then locks
// and reads it.
func (p *Plugin) lockPrefix(ctx context.Context, c *auth.Call, cc string, start time.Time) (prefixCount, error) {
	_, err := c.DB().Exec(ctx, sqlb.Insert(Prefixes).Row(PrefixCallingCode.Set(cc), PrefixWindowStart.Set(start),
		PrefixCount.Set(0), PrefixPrevious.Set(0), PrefixReportedStart.Set(sql.Null[time.Time]{})).
		OnConflictUpdate([]sqlb.AnyColumn{PrefixCallingCode}, PrefixCount.SetTo(PrefixCount)))
	if err != nil {
		return prefixCount{}, err
	}
	var k prefixCount
	err = c.DB().One(ctx, sqlb.Select(PrefixWindowStart.Into(&k.start), PrefixCount.Into(&k.sent),
		PrefixPrevious.Into(&k.before), PrefixReportedStart.Into(&k.reported)).
		From(Prefixes).Where(PrefixCallingCode.Eq(cc)).ForUpdate())
	return k, err
}
