package auth

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/sesame-go/sesame/sqlb"
)

// Outbox is auth_outbox: messages written in the transaction of the
// operation that sends them, when the instance has [WithOutbox], and
// delivered by [Auth.DeliverOutbox]. A row is deleted once its message is
// delivered; NextAt is null once its deliveries were given up.
var (
	Outbox          = sqlb.NewTable("auth_outbox")
	OutboxID        = sqlb.NewColumn[string](Outbox, "id", idType)
	OutboxChannel   = sqlb.NewColumn[string](Outbox, "channel", sqlb.String(64))
	OutboxPurpose   = sqlb.NewColumn[string](Outbox, "purpose", sqlb.String(64))
	OutboxTo        = sqlb.NewColumn[string](Outbox, "recipient", sqlb.String(255))
	OutboxSubject   = sqlb.NewColumn[string](Outbox, "subject", sqlb.Text())
	OutboxText      = sqlb.NewColumn[string](Outbox, "body_text", sqlb.Text())
	OutboxHTML      = sqlb.NewColumn[string](Outbox, "body_html", sqlb.Text())
	OutboxCreatedAt = sqlb.NewColumn[time.Time](Outbox, "created_at", sqlb.Time())
	OutboxAttempts  = sqlb.NewColumn[int64](Outbox, "attempts", sqlb.Int())
	OutboxNextAt    = sqlb.NewColumn[sql.Null[time.Time]](Outbox, "next_at", sqlb.Time(), sqlb.Nullable())
	OutboxLastError = sqlb.NewColumn[string](Outbox, "last_error", sqlb.Text())
)

func init() {
	Outbox.PrimaryKey(OutboxID)
	Outbox.Index(OutboxNextAt)
}

// OutboxMaxAttempts is how often a message of the outbox is tried before
// it is given up.
const OutboxMaxAttempts = 8

// outboxLease is how long a delivery may take before another DeliverOutbox
// may try the message again: delivery is at least once.
const outboxLease = time.Minute

// Send sends a message through a delivery channel ("email", "sms" ...)
// once the operation committed; it sends nothing if the operation fails.
// With [WithOutbox] the message is written to the outbox in the
// operation's transaction and [Auth.DeliverOutbox] delivers it; otherwise
// it is delivered as [Call.Deliver] says: over HTTP, after the answer.
func (c *Call) Send(ctx context.Context, channel string, m Message) error {
	ch, ok := c.a.channels[channel]
	if !ok {
		return internalf("no delivery channel %q", channel)
	}
	if !c.a.cfg.outbox {
		c.Deliver(func(ctx context.Context) {
			if err := ch.Deliver(ctx, m); err != nil {
				c.a.cfg.logger.ErrorContext(ctx, "auth: deliver a message", "channel", channel, "purpose", m.Purpose, "err", err)
			}
		})
		return nil
	}
	now := c.a.Now()
	_, err := c.db.Exec(ctx, sqlb.Insert(Outbox).Row(OutboxID.Set(newID(now)), OutboxChannel.Set(channel),
		OutboxPurpose.Set(m.Purpose), OutboxTo.Set(m.To), OutboxSubject.Set(m.Subject), OutboxText.Set(m.Text),
		OutboxHTML.Set(m.HTML), OutboxCreatedAt.Set(now), OutboxAttempts.Set(0),
		OutboxNextAt.Set(nullTime(now)), OutboxLastError.Set("")))
	return err
}

// DeliverOutbox delivers the outbox's due messages ([WithOutbox]) and
// returns how many it delivered. Several processes may run it at once:
// each message is claimed by a conditional update before it is sent, so
// that one of them sends it. A failed delivery is tried again later, up
// to [OutboxMaxAttempts] times with a growing delay. [Auth.Maintain] runs
// it; a host that wants messages out within a second runs it itself, in a
// loop of its own. Messages hold live links until they are delivered.
func (a *Auth) DeliverOutbox(ctx context.Context) (int, error) {
	sent := 0
	for {
		now := a.Now()
		type due struct {
			m      Message
			id, ch string
			at     sql.Null[time.Time]
			tries  int64
		}
		var d due
		var batch []due
		err := a.db.All(ctx, sqlb.Select(OutboxID.Into(&d.id), OutboxChannel.Into(&d.ch), OutboxPurpose.Into(&d.m.Purpose),
			OutboxTo.Into(&d.m.To), OutboxSubject.Into(&d.m.Subject), OutboxText.Into(&d.m.Text), OutboxHTML.Into(&d.m.HTML),
			OutboxNextAt.Into(&d.at), OutboxAttempts.Into(&d.tries)).From(Outbox).
			Where(OutboxNextAt.Le(nullTime(now))).OrderBy(OutboxNextAt.Asc(), OutboxID.Asc()).Limit(50), func() error {
			batch = append(batch, d)
			return nil
		})
		if err != nil || len(batch) == 0 {
			return sent, err
		}
		claimed := 0
		for _, d := range batch {
			n, err := a.db.Exec(ctx, sqlb.Update(Outbox).Set(OutboxNextAt.Set(nullTime(now.Add(outboxLease))),
				OutboxAttempts.Set(d.tries+1)).Where(sqlb.And(OutboxID.Eq(d.id), OutboxNextAt.Eq(d.at))))
			if err != nil {
				return sent, err
			}
			if n == 0 {
				continue // another DeliverOutbox has it
			}
			claimed++
			ok, err := a.deliverClaimed(ctx, d.id, d.ch, d.m, d.tries+1)
			if err != nil {
				return sent, err
			}
			if ok {
				sent++
			}
		}
		if claimed == 0 {
			return sent, nil
		}
	}
}

// deliverClaimed delivers one claimed message, then deletes it, and
// reports whether it was delivered. A failed delivery is recorded, with
// the time of the next attempt, or none after the last; the error is only
// the database's.
func (a *Auth) deliverClaimed(ctx context.Context, id, channel string, m Message, attempt int64) (bool, error) {
	err := errors.New("no delivery channel " + channel)
	if ch, ok := a.channels[channel]; ok {
		err = ch.Deliver(ctx, m)
	}
	if err == nil {
		_, err := a.db.Exec(ctx, sqlb.Delete(Outbox).Where(OutboxID.Eq(id)))
		return err == nil, err
	}
	a.cfg.logger.ErrorContext(ctx, "auth: deliver a message from the outbox", "channel", channel, "purpose", m.Purpose,
		"attempt", attempt, "err", err)
	next := sql.Null[time.Time]{}
	if attempt < OutboxMaxAttempts {
		next = nullTime(a.Now().Add(time.Duration(1<<attempt) * 15 * time.Second)) // 30 s, 1 min ... 32 min
	}
	_, dbErr := a.db.Exec(ctx, sqlb.Update(Outbox).Set(OutboxNextAt.Set(next), OutboxLastError.Set(truncate(err.Error(), 1000))).
		Where(OutboxID.Eq(id)))
	if dbErr != nil {
		return false, fmt.Errorf("auth: record a failed delivery: %w", dbErr)
	}
	return false, nil
}
