package admin

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// Ban is a user's ban as the [UserBanned], [UserBanReason] and [UserBannedUntil]
// columns hold it.
type Ban struct {
	Reason string
	// Until is when the ban lifts itself; zero for a ban that lasts until
	// the user is unbanned.
	Until time.Time
}

// BanOf returns the ban of a loaded user that is in force at now, and
// whether there is one. A timed ban is over once now reaches Until.
func BanOf(u *auth.User, now time.Time) (Ban, bool) {
	if u == nil {
		return Ban{}, false
	}
	on, _ := u.Fields[fieldBanned].(bool)
	until, _ := u.Fields[fieldBannedUntil].(time.Time)
	reason, _ := u.Fields[fieldBanReason].(string)
	return Ban{Reason: reason, Until: until}, banned(on, until, now)
}

func banned(on bool, until, now time.Time) bool {
	return on && (until.IsZero() || now.Before(until))
}

func (p *Plugin) ban(ctx context.Context, c *auth.Call, in BanRequest) (*auth.User, error) {
	if err := p.authorize(ctx, c, Action{Permission: PermBanUsers}); err != nil {
		return nil, err
	}
	u, err := p.target(ctx, c, in.UserID, false)
	if err != nil {
		return nil, err
	}
	if err := p.authorize(ctx, c, Action{Permission: PermBanUsers, Target: u}); err != nil {
		return nil, err
	}
	until := in.Until.UTC().Truncate(time.Microsecond)
	if !until.IsZero() && !until.After(c.Now()) {
		return nil, auth.ErrInvalidInput.With("until must be in the future")
	}
	_, err = c.DB().Exec(ctx, sqlb.Update(auth.Users).Set(UserBanned.Set(true),
		UserBanReason.Set(sql.Null[string]{V: in.Reason, Valid: in.Reason != ""}),
		UserBannedUntil.Set(sql.Null[time.Time]{V: until, Valid: !until.IsZero()}), auth.UserUpdatedAt.Set(c.Now())).
		Where(auth.UserID.Eq(u.ID)))
	if err != nil {
		return nil, err
	}
	if err := c.AccountChanged(ctx, u.ID, Banned, false); err != nil {
		return nil, err
	}
	audit(c, u.ID)
	return c.LoadUser(ctx, u.ID)
}

func (p *Plugin) unban(ctx context.Context, c *auth.Call, in UserRequest) (*auth.User, error) {
	if err := p.authorize(ctx, c, Action{Permission: PermBanUsers}); err != nil {
		return nil, err
	}
	u, err := p.target(ctx, c, in.UserID, true)
	if err != nil {
		return nil, err
	}
	if err := p.authorize(ctx, c, Action{Permission: PermBanUsers, Target: u}); err != nil {
		return nil, err
	}
	c.UserChanged(u.ID)
	_, err = c.DB().Exec(ctx, sqlb.Update(auth.Users).Set(UserBanned.Set(false), UserBanReason.Set(sql.Null[string]{}),
		UserBannedUntil.Set(sql.Null[time.Time]{}), auth.UserUpdatedAt.Set(c.Now())).Where(auth.UserID.Eq(u.ID)))
	if err != nil {
		return nil, err
	}
	audit(c, u.ID)
	return c.LoadUser(ctx, u.ID)
}

// StartingSession implements [auth.SessionStarter]: a sign-in of any
// method, or an impersonation, of a banned user fails with [ErrBanned];
// an impersonation session is marked with when it ends.
func (p *Plugin) StartingSession(ctx context.Context, c *auth.Call, s *auth.Session) error {
	var on bool
	var until sql.Null[time.Time]
	err := c.DB().One(ctx, sqlb.Select(UserBanned.Into(&on), UserBannedUntil.Into(&until)).From(auth.Users).
		Where(auth.UserID.Eq(s.UserID)))
	if errors.Is(err, sql.ErrNoRows) {
		return auth.ErrUserNotFound
	}
	if err != nil {
		return err
	}
	if banned(on, until.V, c.Now()) {
		return ErrBanned
	}
	if s.ImpersonatorID == "" {
		return nil
	}
	if limit := s.CreatedAt.Add(p.cfg.maxImpersonate); s.ExpiresAt.After(limit) {
		s.ExpiresAt = limit
	}
	return s.SetDataValue(impersonationKey, Impersonated{By: s.ImpersonatorID, EndsAt: s.ExpiresAt})
}

// CheckSession implements [auth.SessionChecker], on every operation and
// every request the middleware admits, with no query: a banned user's
// sessions answer [ErrBanned] (an account-security event ended them
// already; this catches the sessions of a store or cache the event could
// not reach); an impersonation session answers [ErrImpersonationEnded]
// once its time is up, and [ErrImpersonationForbidden] to operations that
// need a fresh session and to admin operations but stopping it.
func (p *Plugin) CheckSession(ctx context.Context, c *auth.Call) error {
	op := c.Op()
	if _, on := BanOf(c.User(), c.Now()); on && (c.Admitting() || op.Name != auth.OpSignOut) {
		return ErrBanned
	}
	s := c.Session()
	if s.ImpersonatorID == "" {
		return nil
	}
	quits := !c.Admitting() && (op.Name == auth.OpSignOut || op.Name == OpStopImpersonating)
	if !c.Now().Before(p.impersonationEnd(s)) && !quits {
		return ErrImpersonationEnded
	}
	if c.Admitting() {
		c.Emit(ctx, EventImpersonatedRequest, "impersonator="+s.ImpersonatorID+" method="+c.Request().Method)
		return nil
	}
	if op.Session == auth.SessionFresh || (p.isAdminOp(op.Name) && op.Name != OpStopImpersonating) {
		return ErrImpersonationForbidden
	}
	return nil
}
