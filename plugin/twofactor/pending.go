package twofactor

import (
	"context"
	"database/sql"
	"errors"
	"slices"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// passingKey marks the context of a session that a passed second factor
// starts, with the method passed.
type passingKey struct{}

// StartingSession implements [auth.SessionStarter]: a sign-in that the
// policy says needs a second factor, by a user who enrolled one, starts a
// pending session, short-lived, which the session check confines to
// passing it. A browser the user trusts ([WithTrustDevice]) skips it.
func (p *Plugin) StartingSession(ctx context.Context, c *auth.Call, s *auth.Session) error {
	if method, ok := ctx.Value(passingKey{}).(string); ok {
		return s.SetDataValue(passedKey, Passed{Method: method, At: c.Now()})
	}
	methods, err := p.methods(ctx, c.DB(), s.UserID)
	if err != nil || len(methods) == 0 {
		return err
	}
	need, err := p.cfg.policy(ctx, SignIn{UserID: s.UserID, Credential: s.Credential, Request: c.Request(), Factors: methods})
	if err != nil || !need {
		return err
	}
	if trusted, err := p.trusted(ctx, c, s.UserID); err != nil || trusted {
		return err
	}
	if until := s.CreatedAt.Add(p.cfg.pendingTTL); s.ExpiresAt.After(until) {
		s.ExpiresAt = until
	}
	return s.SetDataValue(pendingKey, Pending{Methods: methods})
}

// methods returns the methods a user can pass a second factor with: the
// methods of their confirmed factors, recovery codes while some are left,
// and the factors of other plugins they enrolled (a passkey). None when
// the user has no factor of this plugin's: another plugin's factor passes
// a second factor that is on, it does not turn it on, so that
// registering a passkey never makes a password sign-in ask for it.
func (p *Plugin) methods(ctx context.Context, db *sqlb.DB, userID string) ([]string, error) {
	var out []string
	var method string
	q := sqlb.Select(FactorMethod.Into(&method)).From(Factors).
		Where(sqlb.And(FactorUserID.Eq(userID), FactorConfirmedAt.IsNotNull())).OrderBy(FactorMethod.Asc())
	err := db.All(ctx, q, func() error {
		if !slices.Contains(out, method) {
			out = append(out, method)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(out) == 0 { // a passkey alone does not turn the second factor on
		return nil, nil
	}
	left, err := p.codesLeft(ctx, db, userID)
	if err != nil {
		return nil, err
	}
	if left > 0 {
		out = append(out, MethodRecovery)
	}
	for _, f := range p.others {
		on, err := f.Enrolled(ctx, db, userID)
		if err != nil {
			return nil, err
		}
		if on {
			out = append(out, f.Factor())
		}
	}
	return out, nil
}

// Enrolled implements [auth.SecondFactor]: whether the user has a
// confirmed factor of this plugin's.
func (p *Plugin) Enrolled(ctx context.Context, db *sqlb.DB, userID string) (bool, error) {
	var id string
	err := db.One(ctx, sqlb.Select(FactorID.Into(&id)).From(Factors).
		Where(sqlb.And(FactorUserID.Eq(userID), FactorConfirmedAt.IsNotNull())).Limit(1))
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// CheckSession implements [auth.SessionChecker]. A pending session may
// only pass its second factor or sign out; when a factor is mandatory
// ([RequireEnrolment]), the sessions of a user without one may only enrol
// one or sign out. Both hold for the host's own routes too, through the
// middleware's admission. The check reads the session and the user as
// the request loaded them: it costs no query.
func (p *Plugin) CheckSession(_ context.Context, c *auth.Call) error {
	var pending Pending
	ok, err := c.Session().DataValue(pendingKey, &pending)
	if err != nil {
		return err
	}
	if ok {
		if !c.Admitting() && p.passes(c.Op().Name) {
			return nil
		}
		return ErrSecondFactorRequired
	}
	if p.cfg.requireEnrolment && !enabled(c.User()) {
		if !c.Admitting() && p.enrolment(c.Op().Name) {
			return nil
		}
		return ErrEnrolmentRequired
	}
	return nil
}

// PendingMethods returns the methods a pending session may pass its
// second factor with, and whether it is pending at all.
func PendingMethods(s *auth.Session) ([]string, bool) {
	var pending Pending
	ok, err := s.DataValue(pendingKey, &pending)
	if err != nil || !ok {
		return nil, false
	}
	return pending.Methods, true
}

// Pass ends the second-factor challenge of the caller's pending session,
// passed with method: it replaces the session with a new one (the
// pending session's token stops working) made with the same credential,
// which records the method under "secondFactor" in its data. A
// [Challenger] calls it from its own operation once it verified its
// factor; Verify calls it for the plugin's own methods.
func (p *Plugin) Pass(ctx context.Context, c *auth.Call, method string) (SignedIn, error) {
	s := c.Session()
	if _, ok := PendingMethods(s); !ok {
		return SignedIn{}, ErrNotPending
	}
	if err := c.EndSession(ctx); err != nil {
		return SignedIn{}, err
	}
	ns, token, err := c.StartSession(context.WithValue(ctx, passingKey{}, method), s.UserID, s.Credential)
	if err != nil {
		return SignedIn{}, err
	}
	u, err := c.LoadUser(ctx, s.UserID)
	return SignedIn{User: u, Session: ns, Token: token}, err
}
