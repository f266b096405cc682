package auth

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"slices"
	"time"

	"github.com/sesame-go/sesame/sqlb"
)

// run is the pipeline every entry point goes through, in this order:
// validate the input, rate limits, CSRF origin check, session requirement
// and session checks, challenges (captcha, proof of work), the
// operation's Prepare, before-hooks + handler +
// after-hooks in one transaction, commit, after-commit effects.
func (o *Op[In, Out]) run(ctx context.Context, in In) (out Out, oc Outcome, err error) {
	a := o.a
	if a == nil {
		return out, oc, ErrUnbound
	}
	info := o.Info()
	req := RequestFrom(ctx)
	if req == nil { // a Go call made without a request: no client, no session
		req = &Request{Transport: TransportServer, resolved: true}
	}
	defer func() {
		if err != nil {
			err = a.closeError(ctx, &info, req, err)
		}
	}()

	// 1. Input.
	if err := validateInput(&in); err != nil {
		return out, oc, err
	}
	// 2. Rate limits.
	challenge, err := a.limit(ctx, &info, req, o.accountKeys(in))
	if err != nil {
		return out, oc, err
	}
	// 3. CSRF.
	if err := a.checkOrigin(&info, req); err != nil {
		return out, oc, err
	}
	// 4. Session.
	c := &Call{a: a, info: &info, req: req, db: a.db}
	if err := a.checkSession(ctx, c); err != nil {
		return out, oc, err
	}
	if err := a.challenge(ctx, c, challenge); err != nil {
		return out, oc, err
	}
	if o.Prepare != nil {
		if err := o.Prepare(ctx, c, &in); err != nil {
			return out, oc, err
		}
	}
	// 5. Hooks and handler, in one transaction when the operation writes.
	// The events raised before it are on record whatever it does; those
	// raised in it are written with it (EventRecorder).
	before := len(c.events)
	reached := false // the body wrote its events
	body := func(db *sqlb.DB) (herr error) {
		c.db = db
		c.events = c.events[:before] // a retried transaction raises its events again
		out, herr = o.body(ctx, c, in)
		// Only a refusal keeps the writes before it; a failure never does.
		if herr != nil && c.keepWrites && AsError(herr).Code != ErrInternal.Code {
			err = herr
			herr = nil
		}
		if herr != nil {
			return herr
		}
		reached = true
		return a.recordEvents(ctx, db, c.events)
	}
	var txErr error
	if info.Writes {
		// A deadlock or serialization failure between concurrent
		// transactions (MySQL's gap locks under concurrent sign-ups) is
		// no one's fault: the whole transaction runs again, afresh.
		for attempt := 1; ; attempt++ {
			txErr = a.db.InTx(ctx, nil, body)
			if txErr == nil || attempt == txAttempts || !sqlb.IsRetryable(txErr) || ctx.Err() != nil {
				break
			}
			a.undoSessions(ctx, c)
			c.forgetAttempt()
			err = nil
			backOff(ctx, attempt)
		}
	} else {
		txErr = body(a.db)
	}
	a.dropChanged(ctx, c, info.Writes && txErr == nil && err == nil)
	if txErr != nil || err != nil {
		a.undoSessions(ctx, c)
		switch {
		case reached && txErr == nil: // a refusal that kept its writes, and its events
			a.recordedEvents(ctx, c.events)
		case !reached || info.Writes: // rolled back: what came before the transaction stays on record
			kept := c.events
			if info.Writes {
				kept = c.events[:before]
			}
			if rerr := a.recordAlone(ctx, kept...); rerr != nil && !isInternal(txErr) && !isInternal(err) {
				txErr = rerr // the refusal is not on record: the caller learns of the failure instead
			}
		}
		var zero Out
		if txErr != nil {
			return zero, Outcome{}, txErr
		}
		return zero, Outcome{}, err
	}
	// 6. After commit.
	if info.Writes {
		req.forget()
	}
	a.recordedEvents(ctx, c.events)
	c.direct = true // what runs after the commit is recorded on its own
	for _, fn := range c.afterCommit {
		fn(ctx)
	}
	for _, fn := range c.deliveries {
		req.deliver(ctx, fn)
	}
	for _, p := range a.cfg.plugins {
		if h, ok := p.(CommitHook); ok {
			h.Committed(ctx, info, in, out)
		}
	}
	return out, c.outcome, nil
}

// body runs the before-hooks, the handler and the after-hooks.
func (o *Op[In, Out]) body(ctx context.Context, c *Call, in In) (out Out, err error) {
	for _, p := range o.a.cfg.plugins {
		if h, ok := p.(BeforeHook); ok {
			if err := h.Before(ctx, c, in); err != nil {
				return out, err
			}
		}
	}
	if out, err = o.Handler(ctx, c, in); err != nil {
		return out, err
	}
	for _, p := range o.a.cfg.plugins {
		if h, ok := p.(AfterHook); ok {
			if err := h.After(ctx, c, in, out); err != nil {
				return out, err
			}
		}
	}
	return out, nil
}

func (o *Op[In, Out]) accountKeys(in In) []string {
	switch {
	case o.AccountKeys != nil:
		return o.AccountKeys(in)
	case o.AccountKey != nil:
		return []string{o.AccountKey(in)}
	}
	return nil
}

// checkOrigin refuses a state-changing browser request whose origin is not
// trusted: one that carries the session cookie, or any that names an
// origin. GET requests are navigations browsers make without an Origin;
// operations that write on GET (OAuth callbacks) protect themselves with
// their own state.
func (a *Auth) checkOrigin(info *OpInfo, req *Request) error {
	if !info.Writes || req.Transport != TransportHTTP || req.Method == http.MethodGet || req.Method == http.MethodHead {
		return nil
	}
	if req.Origin == "" {
		if req.CookieAuth {
			return ErrInvalidOrigin.With("a request carrying the session cookie must send an Origin header")
		}
		return nil
	}
	if !a.TrustedOrigin(req.Origin) {
		return ErrInvalidOrigin
	}
	return nil
}

// checkSession enforces the operation's session requirement and runs the
// plugins' session checks.
func (a *Auth) checkSession(ctx context.Context, c *Call) error {
	if c.info.Session == SessionNone {
		return nil
	}
	s, u, err := a.Resolve(ctx, c.req)
	if err != nil && (c.info.Session != SessionOptional || !isInvalidToken(err)) {
		return err
	}
	if s != nil && s.ResolvedBy != "" && (!c.info.AcceptsKeys || c.info.Session == SessionFresh) {
		// A resolved credential (an API key) is no signed-in session.
		if c.info.Session == SessionOptional {
			return nil
		}
		return ErrSessionRequired
	}
	c.session, c.user = s, u
	if s == nil {
		if c.info.Session == SessionOptional {
			return nil
		}
		return ErrNoSession
	}
	if c.info.Session == SessionFresh && a.Now().Sub(s.CreatedAt) > a.cfg.sessions.FreshAge {
		return ErrFreshSessionRequired
	}
	for _, p := range a.cfg.plugins {
		if sc, ok := p.(SessionChecker); ok {
			if err := sc.CheckSession(ctx, c); err != nil {
				return err
			}
		}
	}
	return nil
}

// undoSessions deletes, after a failed run, the sessions the run created
// in a store outside the rolled-back transaction.
func (a *Auth) undoSessions(ctx context.Context, c *Call) {
	if _, inDB := a.sessions.(dbSessionStore); inDB || a.stateless() {
		return // rolled back, or never stored: a stateless token never left the call
	}
	for _, s := range c.created {
		if _, err := a.sessions.Delete(context.WithoutCancel(ctx), a.db, s.UserID, "", s.ID); err != nil {
			a.cfg.logger.Error("auth: undo a failed operation's session", "session", s.ID, "err", err)
		}
	}
}

// closeError turns any error into an *Error of the operation's closed set
// of codes, logging internal causes, and counts credential failures. An
// internal failure of a call whose context was cancelled is the client
// going away (or a Go caller giving up), not a fault to look into: it is
// logged at Info, whatever error the driver made of the cancellation.
func (a *Auth) closeError(ctx context.Context, info *OpInfo, req *Request, err error) error {
	e := AsError(err)
	if e.Code != ErrInternal.Code && !a.declared(info, e.Code) {
		a.cfg.logger.Error("auth: operation returned an undeclared error code", "op", info.Name, "code", e.Code)
		e = ErrInternal.Wrap(err)
	}
	switch {
	case e.Code != ErrInternal.Code:
	case errors.Is(ctx.Err(), context.Canceled):
		a.cfg.logger.Info("auth: operation abandoned: its context was cancelled (the client went away)",
			"op", info.Name, "err", errors.Unwrap(e))
	default:
		a.cfg.logger.Error("auth: operation failed", "op", info.Name, "err", errors.Unwrap(e))
	}
	if info.Credential && e.Status == http.StatusUnauthorized {
		a.countCredentialFailure(ctx, info, req)
		ev := a.stamp(Event{Type: EventCredentialRefused, Op: info.Name, IP: req.IP, UserAgent: req.UserAgent, Detail: e.Code})
		a.emit(ctx, ev)
		if rerr := a.recordAlone(ctx, ev); rerr != nil {
			a.cfg.logger.Error("auth: record a refused credential", "op", info.Name, "err", rerr)
			return rerr
		}
	}
	return e
}

func (a *Auth) declared(info *OpInfo, code string) bool {
	match := func(e *Error) bool { return e.Code == code }
	return slices.ContainsFunc(coreCodes, match) || slices.ContainsFunc(info.Codes, match) ||
		slices.ContainsFunc(a.pluginCodes, match)
}

// txAttempts is how many times an operation's transaction runs when it
// keeps failing with a transient conflict ([sqlb.IsRetryable]).
const txAttempts = 3

// backOff waits a random while before a transaction's next attempt, up to
// 4 ms after the first and 8 ms after the second: the transactions that
// collided do not all start again at once and collide again.
func backOff(ctx context.Context, attempt int) {
	t := time.NewTimer(time.Duration(rand.Int64N(int64(attempt) * int64(4*time.Millisecond))))
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// forgetAttempt drops what a rolled-back attempt of the transaction
// recorded in the call, so that the next attempt starts afresh: its
// effects, deliveries, sessions, new users and outcome.
func (c *Call) forgetAttempt() {
	c.outcome = Outcome{}
	c.created, c.newUsers, c.changed = nil, nil, nil
	c.afterCommit, c.deliveries = nil, nil
	c.keepWrites = false
	c.keptEvents = 0
}
