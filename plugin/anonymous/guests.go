package anonymous

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// linkKey is the key, in the data of a session a guest's sign-in
// started, of the guest to link once the session is complete.
const linkKey = "anonymous.guest"

// setGuest marks or unmarks a user as a guest.
func setGuest(ctx context.Context, c *auth.Call, userID string, guest bool) error {
	_, err := c.DB().Exec(ctx, sqlb.Update(auth.Users).Set(UserGuest.Set(guest), auth.UserUpdatedAt.Set(c.Now())).
		Where(auth.UserID.Eq(userID)))
	return err
}

// lockGuest takes the lock of a user's row and reports whether it is
// still a guest's, so that of two sign-ups of one guest only one takes it.
func lockGuest(ctx context.Context, c *auth.Call, userID string) (bool, error) {
	var guest bool
	err := c.DB().One(ctx, sqlb.Select(UserGuest.Into(&guest)).From(auth.Users).Where(auth.UserID.Eq(userID)).ForUpdate())
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return guest, err
}

// AdoptUser implements [auth.UserAdopter]: a guest who signs up keeps
// their user, which becomes the account, and every session of the guest
// ends (the sign-up starts a new one, if it starts any): a guest's token
// that someone else planted in the browser opens nothing of the account.
func (p *Plugin) AdoptUser(ctx context.Context, c *auth.Call, name, image string) (*auth.User, error) {
	s, u, err := c.CallerSession(ctx)
	if err != nil || s == nil || !IsGuest(u) {
		return nil, err
	}
	guest, err := lockGuest(ctx, c, u.ID)
	if err != nil || !guest {
		return nil, err // upgraded meanwhile: the sign-up makes an account of its own
	}
	if _, err := c.DB().Exec(ctx, sqlb.Update(auth.Users).Set(UserGuest.Set(false), auth.UserName.Set(name),
		auth.UserImage.Set(image), auth.UserUpdatedAt.Set(c.Now())).Where(auth.UserID.Eq(u.ID))); err != nil {
		return nil, err
	}
	if err := c.AccountChanged(ctx, u.ID, Upgraded, false); err != nil {
		return nil, err
	}
	return c.LoadUser(ctx, u.ID)
}

// IdentityAdded implements [auth.IdentityAdder]: a guest who gains an
// identity some other way (a provider linked from an operation open to
// sessions, or one of [WithGuestOperations]) is a guest no more, and
// their sessions end as at a sign-up.
func (p *Plugin) IdentityAdded(ctx context.Context, c *auth.Call, id *auth.Identity) error {
	if c.NewUser(id.UserID) {
		return nil
	}
	guest, err := lockGuest(ctx, c, id.UserID)
	if err != nil || !guest {
		return err
	}
	if err := setGuest(ctx, c, id.UserID, false); err != nil {
		return err
	}
	return c.AccountChanged(ctx, id.UserID, Upgraded, false)
}

// StartingSession implements [auth.SessionStarter]. A guest's session
// lives at most the guests' age. A sign-in from a guest's session to
// another user's account notes the guest in the new session, for
// [Plugin.After] to link once the session is complete; a session that
// completes a pending one (a second factor passed) carries the note on.
func (p *Plugin) StartingSession(ctx context.Context, c *auth.Call, s *auth.Session) error {
	if s.Credential == Credential {
		if end := s.CreatedAt.Add(p.cfg.maxAge); s.ExpiresAt.After(end) {
			s.ExpiresAt = end
		}
		return nil
	}
	from, u, err := c.CallerSession(ctx)
	if err != nil || from == nil {
		return err
	}
	var guestID string
	switch {
	case IsGuest(u) && u.ID != s.UserID:
		guestID = u.ID
	case from.UserID == s.UserID:
		guestID = noted(from)
	}
	if guestID == "" {
		return nil
	}
	return s.SetDataValue(linkKey, guestID)
}

// After implements [auth.AfterHook]: once a sign-in from a guest's
// session started a session that no check blocks (a pending second
// factor waits until it is passed), the guest is linked to the account:
// [WithOnLink] moves the guest's data, and the guest is deleted with every
// session and row of theirs.
func (p *Plugin) After(ctx context.Context, c *auth.Call, _, _ any) error {
	s := c.Started()
	if s == nil || s.Credential == Credential {
		return nil
	}
	guestID := noted(s)
	if guestID == "" || guestID == s.UserID {
		return nil
	}
	blocked, err := c.Blocks(ctx, s)
	if err != nil || blocked != nil {
		return err
	}
	guest, err := lockGuest(ctx, c, guestID)
	if err != nil || !guest {
		return err // linked, upgraded or swept already
	}
	if p.cfg.onLink != nil {
		if err := p.cfg.onLink(ctx, c, guestID, s.UserID); err != nil {
			return err
		}
	}
	return c.DeleteUser(ctx, guestID)
}

// CheckSession implements [auth.SessionChecker]: a guest may run the
// operations open to sessions (sign-ups, sign-ins), the core's session
// routes, the plugin's own and those of [WithGuestOperations], and the
// host's routes; not the others, which act on a person's account. A guest
// past the guests' age has no session.
func (p *Plugin) CheckSession(ctx context.Context, c *auth.Call) error {
	u := c.User()
	if !IsGuest(u) {
		return nil
	}
	if c.Now().Sub(u.CreatedAt) >= p.cfg.maxAge {
		return auth.ErrNoSession
	}
	op := c.Op()
	if c.Admitting() || op.Session == auth.SessionOptional || op.Name == OpSignIn || slices.Contains(p.cfg.allowed, op.Name) {
		return nil
	}
	return ErrGuestForbidden
}

type sweepRequest struct {
	Before time.Time `json:"before"`
}

type swept struct {
	Deleted int64 `json:"deleted"`
}

// Sweep implements [auth.Sweeper]: it deletes the guests older than the
// guests' age, at most 500 a run, each with every session and row of
// theirs ([auth.Call.DeleteUser]), through the server operation
// [OpSweep].
func (p *Plugin) Sweep(ctx context.Context, _ *sqlb.DB, now time.Time) (int64, error) {
	out, err := p.ops.sweep.Run(ctx, sweepRequest{Before: now.Add(-p.cfg.maxAge)})
	return out.Deleted, err
}

func (p *Plugin) sweep(ctx context.Context, c *auth.Call, in sweepRequest) (swept, error) {
	var id string
	var ids []string
	q := sqlb.Select(auth.UserID.Into(&id)).From(auth.Users).
		Where(sqlb.And(UserGuest.Eq(true), auth.UserCreatedAt.Le(in.Before))).OrderBy(auth.UserCreatedAt.Asc()).Limit(sweepBatch)
	if err := c.DB().All(ctx, q, func() error { ids = append(ids, id); return nil }); err != nil {
		return swept{}, err
	}
	for _, id := range ids {
		if err := c.DeleteUser(ctx, id); err != nil {
			return swept{}, err
		}
	}
	return swept{Deleted: int64(len(ids))}, nil
}

// noted returns the guest a session's data notes, or "".
func noted(s *auth.Session) string {
	var id string
	if ok, err := s.DataValue(linkKey, &id); !ok || err != nil {
		return ""
	}
	return id
}
