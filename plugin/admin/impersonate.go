package admin

import (
	"context"
	"time"

	"github.com/sesame-go/sesame/auth"
)

// impersonationKey is the key of [Impersonated] in an impersonation
// session's [auth.Session.Data].
const impersonationKey = "impersonated"

// Impersonated is the mark an impersonation session carries in its data
// under "impersonated", beside its [auth.Session.ImpersonatorID], for the
// impersonated user's list of sessions to show: who acts as them, and
// until when.
type Impersonated struct {
	By     string    `json:"by"`
	EndsAt time.Time `json:"endsAt"`
}

// ImpersonationOf returns the mark of an impersonation session, and
// whether s is one.
func ImpersonationOf(s *auth.Session) (Impersonated, bool) {
	if s == nil || s.ImpersonatorID == "" {
		return Impersonated{}, false
	}
	var m Impersonated
	if ok, err := s.DataValue(impersonationKey, &m); !ok || err != nil {
		m = Impersonated{By: s.ImpersonatorID, EndsAt: s.CreatedAt.Add(auth.MaxImpersonation)}
	}
	return m, true
}

// impersonationEnd is when an impersonation session stops working,
// whatever refreshes did to its expiry: the end it was started with,
// never more than the plugin's limit after it started.
func (p *Plugin) impersonationEnd(s *auth.Session) time.Time {
	end := s.CreatedAt.Add(p.cfg.maxImpersonate)
	if m, _ := ImpersonationOf(s); m.EndsAt.Before(end) {
		end = m.EndsAt
	}
	return end
}

func (p *Plugin) impersonate(ctx context.Context, c *auth.Call, in ImpersonateRequest) (Impersonation, error) {
	if err := p.authorize(ctx, c, Action{Permission: PermImpersonate}); err != nil {
		return Impersonation{}, err
	}
	u, err := p.target(ctx, c, in.UserID, false)
	if err != nil {
		return Impersonation{}, err
	}
	if err := p.authorize(ctx, c, Action{Permission: PermImpersonate, Target: u}); err != nil {
		return Impersonation{}, err
	}
	admin, err := p.cfg.authorizer.IsAdmin(ctx, c, u)
	if err != nil {
		return Impersonation{}, err
	}
	if admin {
		if err := p.authorize(ctx, c, Action{Permission: PermImpersonateAdmins, Target: u}); err != nil {
			return Impersonation{}, ErrPermissionDenied.With("an administrator cannot be impersonated")
		}
	}
	ttl := time.Duration(in.Minutes) * time.Minute
	if ttl <= 0 || ttl > p.cfg.maxImpersonate {
		ttl = p.cfg.maxImpersonate
	}
	s, token, err := c.Impersonate(ctx, u.ID, ttl)
	if err != nil {
		return Impersonation{}, err
	}
	audit(c, u.ID)
	return Impersonation{User: u, Session: s, Token: token}, nil
}

func (p *Plugin) stopImpersonating(ctx context.Context, c *auth.Call, in StopRequest) (Ended, error) {
	if c.Session().ImpersonatorID != "" {
		if err := c.EndSession(ctx); err != nil {
			return Ended{}, err
		}
		return Ended{Ended: 1}, nil
	}
	if err := p.authorize(ctx, c, Action{Permission: PermImpersonate}); err != nil {
		return Ended{}, err
	}
	if in.UserID == "" {
		return Ended{}, auth.ErrInvalidInput.With("userId is required outside an impersonation session")
	}
	u, err := p.target(ctx, c, in.UserID, true)
	if err != nil {
		return Ended{}, err
	}
	list, err := c.UserSessions(ctx, u.ID)
	if err != nil {
		return Ended{}, err
	}
	var ids []string
	for _, s := range list {
		if s.ImpersonatorID == c.User().ID {
			ids = append(ids, s.ID)
		}
	}
	n, err := c.EndUserSessions(ctx, u.ID, ids...)
	if n > 0 {
		audit(c, u.ID)
	}
	return Ended{Ended: n}, err
}

// After implements [auth.AfterHook]: every operation an impersonation
// session runs is recorded, once it committed, as
// [EventImpersonatedAction] with both users' IDs.
func (p *Plugin) After(_ context.Context, c *auth.Call, _, _ any) error {
	if s := c.Session(); s != nil && s.ImpersonatorID != "" {
		c.EmitCommitted(EventImpersonatedAction, "impersonator="+s.ImpersonatorID)
	}
	return nil
}
