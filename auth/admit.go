package auth

import (
	"context"

	"github.com/sesame-go/sesame/sqlb"
)

// admission is what Admit decided for a request, kept for the rest of it.
type admission struct {
	done    bool
	session *Session
	user    *User
	blocked *Error
	err     error // ErrInvalidToken, the one failure kept
}

// admissionInfo is the OpInfo of an admission's Call: it is no operation,
// so it has no name, route or codes, and no check that lets operations
// through by name lets it through.
var admissionInfo = OpInfo{Session: SessionUser}

// sessionCheckers returns the plugins that check sessions, in order.
func sessionCheckers(plugins []Plugin) []SessionChecker {
	var out []SessionChecker
	for _, p := range plugins {
		if sc, ok := p.(SessionChecker); ok {
			out = append(out, sc)
		}
	}
	return out
}

// Admit decides what the request's session may do on the host's own
// routes, outside any operation: it resolves the session as [Auth.Resolve]
// does, then runs the plugins' session checks on it, each handed a Call
// for which [Call.Admitting] is true. A ban, a pending second factor or
// terms to accept thus take effect at once everywhere the session is
// used, not only in Sesame's operations. authhttp.Middleware admits every
// request it serves, for authhttp.UserFrom, SessionFrom, RequireUser and
// BlockedSessionFrom.
//
// It returns the session and user, and blocked, the refusal of the first
// check that blocks them (nil when none does); all three are nil when there
// is no live session. err is a failure: the database's, or a check's (any
// error that is not an [*Error] of a declared code becomes [ErrInternal],
// wrapping it), or [ErrInvalidToken] for a malformed token.
//
// A request is admitted once: later calls, and [Request.Admission],
// return the first answer, even after an operation of the same request
// changed the session. A failure is not kept: the next call tries again.
// Without session checks, Admit costs what Resolve costs.
func (a *Auth) Admit(ctx context.Context, r *Request) (s *Session, u *User, blocked *Error, err error) {
	r.mu.Lock()
	if ad := r.admission; ad.done {
		r.mu.Unlock()
		return ad.session, ad.user, ad.blocked, ad.err
	}
	s, u, err = a.resolveLocked(ctx, r)
	if err != nil && !isInvalidToken(err) {
		r.mu.Unlock()
		return nil, nil, nil, err
	}
	if s == nil || len(a.checkers) == 0 {
		r.admission = admission{done: true, session: s, user: u, err: err}
		r.mu.Unlock()
		return s, u, nil, err
	}
	r.mu.Unlock() // the checks may look at the request
	if blocked, err = a.checkAdmission(ctx, r, a.db, s, u); err != nil {
		return nil, nil, nil, err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.admission.done {
		r.admission = admission{done: true, session: s, user: u, blocked: blocked}
	}
	ad := r.admission
	return ad.session, ad.user, ad.blocked, nil
}

// checkAdmission runs the session checks on an admission of s and u, and
// returns the first refusal, or the failure of a check.
func (a *Auth) checkAdmission(ctx context.Context, r *Request, db *sqlb.DB, s *Session, u *User) (*Error, error) {
	c := &Call{a: a, info: &admissionInfo, req: r, db: db, session: s, user: u, direct: true}
	for _, sc := range a.checkers {
		err := sc.CheckSession(ctx, c)
		if c.recordErr != nil {
			return nil, c.recordErr
		}
		if err == nil {
			continue
		}
		e := AsError(err)
		if e.Code == ErrInternal.Code {
			return nil, e
		}
		if !a.declared(&admissionInfo, e.Code) {
			a.cfg.logger.Error("auth: a session check returned an undeclared error code", "code", e.Code)
			return nil, ErrInternal.Wrap(err)
		}
		return e, nil
	}
	return nil, nil
}

// Admission returns what [Auth.Admit] decided for the request: the session
// and user, and blocked, the refusal of the session check that blocks
// them, or nil. All three are nil when the request has no live session or
// was not admitted. Use the session and user as the signed-in caller only
// when blocked is nil; a blocked one serves a page that completes the
// blocking task (a second factor to enter, terms to accept). authhttp's
// UserFrom, SessionFrom and BlockedSessionFrom read it.
func (r *Request) Admission() (s *Session, u *User, blocked *Error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	ad := r.admission
	return ad.session, ad.user, ad.blocked
}

// Admitting reports whether the call is an admission ([Auth.Admit]): a
// session check run for the host's own routes, outside any operation.
// Its [Call.Op] then has no name, route or codes, so a check that lets
// some operations through by name blocks it, as it should; its
// [Call.DB] is the pool, for reads only.
func (c *Call) Admitting() bool { return c.info == &admissionInfo }
