package audit

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// Plugin is the audit log: it keeps the instance's security events, and
// the operations [WithOperation] maps to event types, in its own table.
// Make one with [New].
type Plugin struct {
	cfg config
	ops ops
	a   *auth.Auth
}

var (
	_ auth.Plugin        = (*Plugin)(nil)
	_ auth.Initializer   = (*Plugin)(nil)
	_ auth.Operator      = (*Plugin)(nil)
	_ auth.Schema        = (*Plugin)(nil)
	_ auth.Sweeper       = (*Plugin)(nil)
	_ auth.EventRecorder = (*Plugin)(nil)
	_ auth.AfterHook     = (*Plugin)(nil)
	_ auth.Validator     = (*Plugin)(nil)
)

// New returns the plugin. Without options, it keeps every security event
// for [DefaultRetention].
func New(opts ...Option) *Plugin {
	p := &Plugin{cfg: newConfig(opts)}
	p.ops = p.newOps()
	return p
}

// Name implements [auth.Plugin].
func (p *Plugin) Name() string { return "audit" }

// Validate implements [auth.Validator].
func (p *Plugin) Validate(a *auth.Auth) error {
	errs := []error{p.cfg.check()}
	names := make([]string, 0, len(p.cfg.ops))
	for op := range p.cfg.ops {
		names = append(names, op)
	}
	slices.Sort(names)
	for _, op := range names {
		if _, ok := a.Operation(op); !ok {
			errs = append(errs, fmt.Errorf("audit: WithOperation(%q): no operation has this name", op))
		}
	}
	return errors.Join(errs...)
}

// Init implements [auth.Initializer].
func (p *Plugin) Init(a *auth.Auth) error {
	p.a = a
	return nil
}

// RecordEvents implements [auth.EventRecorder]: it writes the events'
// records with db.
func (p *Plugin) RecordEvents(ctx context.Context, db *sqlb.DB, events []auth.Event) error {
	return insert(ctx, db, records(events))
}

// RecordedEvents implements [auth.EventRecorder]: it sends the records
// written for good to the sinks ([WithSink]).
func (p *Plugin) RecordedEvents(ctx context.Context, events []auth.Event) {
	p.send(ctx, records(events))
}

func records(events []auth.Event) []Record {
	out := make([]Record, len(events))
	for i, ev := range events {
		out[i] = fromEvent(ev)
	}
	return out
}

// After implements [auth.AfterHook]: it records a successful run of an
// operation of [WithOperation], in its transaction.
func (p *Plugin) After(ctx context.Context, c *auth.Call, _, _ any) error {
	typ, ok := p.cfg.ops[c.Op().Name]
	if !ok {
		return nil
	}
	s := c.Started()
	if s == nil {
		s = c.Session()
	}
	r := Record{ID: c.Auth().NewID(), Type: typ, Op: c.Op().Name, IP: c.Request().IP, UserAgent: c.Request().UserAgent,
		Time: c.Now(), Detail: detailOf("")}
	if s != nil {
		r.UserID, r.ActorID = s.UserID, s.ImpersonatorID
	}
	if err := insert(ctx, c.DB(), []Record{r}); err != nil {
		return err
	}
	c.AfterCommit(func(ctx context.Context) { p.send(ctx, []Record{r}) })
	return nil
}

// send hands records to every sink, logging their failures: the records
// are in the table whatever a sink does.
func (p *Plugin) send(ctx context.Context, recs []Record) {
	for _, s := range p.cfg.sinks {
		if err := s.Write(ctx, recs); err != nil {
			p.a.Logger().ErrorContext(ctx, "audit: a sink refused records", "records", len(recs), "err", err)
		}
	}
}
