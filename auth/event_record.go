package auth

import (
	"context"

	"github.com/sesame-go/sesame/sqlb"
)

// EventRecorder is a plugin that keeps the security events the event sink
// hears of ([WithEventSink]) in the database: an audit log. The core hands
// it each event once, with the database to write it with:
//
//   - an event an operation raised ([Call.Emit], [Call.AccountChanged])
//     goes in the operation's transaction, just before it commits: it is
//     kept exactly when the operation's writes are (a refusal that keeps
//     its writes, [Call.KeepWrites], keeps it too), and a failure to write
//     it fails the operation;
//   - an event raised before the transaction began (by a session check)
//     or by a refused operation outside it ([EventCredentialRefused],
//     [EventRateLimited]) is written with the pool on its own, after any
//     rollback, so that a refusal is on record; a failure to write it
//     turns the answer into [ErrInternal];
//   - an event raised after the commit ([Call.AfterCommit]) or by a
//     session check of the host's routes ([Auth.Admit]) is written with
//     the pool at once; after a commit, a failure can only be logged.
//
// An event raised inside a transaction that rolls back is not recorded:
// the sink heard of it, but what it tells did not happen.
type EventRecorder interface {
	// RecordEvents writes events with db.
	RecordEvents(ctx context.Context, db *sqlb.DB, events []Event) error
	// RecordedEvents runs once the events written are durable: after the
	// commit of the transaction that wrote them, or after the write.
	RecordedEvents(ctx context.Context, events []Event)
}

// eventRecorders returns the plugins that record events, in order.
func eventRecorders(plugins []Plugin) []EventRecorder {
	var out []EventRecorder
	for _, p := range plugins {
		if r, ok := p.(EventRecorder); ok {
			out = append(out, r)
		}
	}
	return out
}

// recordEvents writes events with db through every recorder.
func (a *Auth) recordEvents(ctx context.Context, db *sqlb.DB, evs []Event) error {
	if len(evs) == 0 {
		return nil
	}
	for _, r := range a.recorders {
		if err := r.RecordEvents(ctx, db, evs); err != nil {
			return err
		}
	}
	return nil
}

// recordedEvents tells every recorder that events are durable.
func (a *Auth) recordedEvents(ctx context.Context, evs []Event) {
	if len(evs) == 0 {
		return
	}
	for _, r := range a.recorders {
		r.RecordedEvents(ctx, evs)
	}
}

// recordAlone writes events raised outside any transaction with the pool,
// and reports them durable when they are.
func (a *Auth) recordAlone(ctx context.Context, evs ...Event) error {
	if len(a.recorders) == 0 {
		return nil
	}
	ctx = context.WithoutCancel(ctx) // a client going away does not unmake a refusal
	if err := a.recordEvents(ctx, a.db, evs); err != nil {
		return ErrInternal.Wrap(err)
	}
	a.recordedEvents(ctx, evs)
	return nil
}

// raise sends an event of the call to the sink now and keeps it for the
// recorders, who get it as [EventRecorder] says.
func (c *Call) raise(ctx context.Context, ev Event) {
	ev = c.describe(ev)
	c.a.emit(ctx, ev)
	c.keep(ctx, ev)
}

// raiseCommitted keeps an event of the call for the recorders, and sends
// it to the sink once the transaction committed.
func (c *Call) raiseCommitted(ev Event) {
	ev = c.describe(ev)
	if c.direct { // no transaction to wait for
		ctx := context.Background()
		c.a.emit(ctx, ev)
		c.keep(ctx, ev)
		return
	}
	c.keep(context.Background(), ev) // held for the transaction: no write here
	c.AfterCommit(func(ctx context.Context) { c.a.emit(ctx, ev) })
}

// describe fills in what the call knows of an event: its ID and time, the
// client, and who acts for the user.
func (c *Call) describe(ev Event) Event {
	ev = c.a.stamp(ev)
	ev.Op, ev.IP, ev.UserAgent = c.info.Name, c.req.IP, c.req.UserAgent
	if c.session != nil && c.session.ImpersonatorID != "" && ev.UserID == c.session.UserID {
		ev.ActorID = c.session.ImpersonatorID
	}
	return ev
}

// keep holds an event for the recorders until the call's transaction
// ends, or writes it at once when the call has none open.
func (c *Call) keep(ctx context.Context, ev Event) {
	if len(c.a.recorders) == 0 {
		return
	}
	if !c.direct {
		c.events = append(c.events, ev)
		return
	}
	if err := c.a.recordAlone(ctx, ev); err != nil {
		c.a.cfg.logger.ErrorContext(ctx, "auth: record a security event", "type", ev.Type, "err", err)
		if c.recordErr == nil {
			c.recordErr = err
		}
	}
}

// isInternal reports whether err is a failure rather than a refusal.
func isInternal(err error) bool { return err != nil && AsError(err).Code == ErrInternal.Code }
