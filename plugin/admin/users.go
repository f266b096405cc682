package admin

import (
	"context"
	"fmt"
	"strings"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

func (p *Plugin) getUser(ctx context.Context, c *auth.Call, in UserRequest) (UserDetails, error) {
	if err := p.authorize(ctx, c, Action{Permission: PermViewUsers}); err != nil {
		return UserDetails{}, err
	}
	u, err := p.target(ctx, c, in.UserID, true)
	if err != nil {
		return UserDetails{}, err
	}
	ids, err := c.Identities(ctx, u.ID, "")
	if ids == nil {
		ids = []*auth.Identity{}
	}
	return UserDetails{User: u, Identities: ids}, err
}

func (p *Plugin) listUserSessions(ctx context.Context, c *auth.Call, in UserRequest) (SessionList, error) {
	if err := p.authorize(ctx, c, Action{Permission: PermViewUsers}); err != nil {
		return SessionList{}, err
	}
	u, err := p.target(ctx, c, in.UserID, true)
	if err != nil {
		return SessionList{}, err
	}
	list, err := c.UserSessions(ctx, u.ID)
	if list == nil {
		list = []*auth.Session{}
	}
	return SessionList{Sessions: list}, err
}

// createUser checks every identifier before it writes, as the core's
// CreateUser does, then creates the user with them all verified.
func (p *Plugin) createUser(ctx context.Context, c *auth.Call, in CreateUserRequest) (*auth.User, error) {
	if err := p.authorize(ctx, c, Action{Permission: PermCreateUsers}); err != nil {
		return nil, err
	}
	if in.Role != "" {
		if err := p.checkRole(ctx, c, nil, in.Role); err != nil {
			return nil, err
		}
	}
	type key struct{ kind, value string }
	seen := map[key]bool{}
	values := make([]string, len(in.Identifiers))
	for i, id := range in.Identifiers {
		v, err := c.Auth().Normalize(id.Kind, id.Value)
		if err != nil {
			return nil, auth.ErrInvalidInput.With(fmt.Sprintf("identifiers[%d]: %s", i, auth.AsError(err).Message))
		}
		if seen[key{id.Kind, v}] {
			return nil, auth.ErrInvalidInput.With(fmt.Sprintf("identifiers[%d] is given twice", i))
		}
		seen[key{id.Kind, v}], values[i] = true, v
	}
	u, err := c.CreateUser(ctx, strings.TrimSpace(in.Name), in.Image)
	if err != nil {
		return nil, err
	}
	for i, id := range in.Identifiers {
		if _, err := c.AddIdentity(ctx, u.ID, id.Kind, values[i], true); err != nil {
			return nil, err
		}
	}
	if in.Role != "" {
		if err := p.writeRole(ctx, c, u.ID, in.Role); err != nil {
			return nil, err
		}
	}
	audit(c, u.ID)
	return c.LoadUser(ctx, u.ID)
}

func (p *Plugin) revokeSessions(ctx context.Context, c *auth.Call, in UserRequest) (auth.Empty, error) {
	if err := p.authorize(ctx, c, Action{Permission: PermRevokeSessions}); err != nil {
		return auth.Empty{}, err
	}
	u, err := p.target(ctx, c, in.UserID, true)
	if err != nil {
		return auth.Empty{}, err
	}
	if err := p.authorize(ctx, c, Action{Permission: PermRevokeSessions, Target: u}); err != nil {
		return auth.Empty{}, err
	}
	audit(c, u.ID)
	return auth.Empty{}, c.AccountChanged(ctx, u.ID, SessionsRevoked, true)
}

func (p *Plugin) setRole(ctx context.Context, c *auth.Call, in SetRoleRequest) (*auth.User, error) {
	if err := p.authorize(ctx, c, Action{Permission: PermSetRole, Role: in.Role}); err != nil {
		return nil, err
	}
	u, err := p.target(ctx, c, in.UserID, false)
	if err != nil {
		return nil, err
	}
	if err := p.checkRole(ctx, c, u, in.Role); err != nil {
		return nil, err
	}
	if err := p.writeRole(ctx, c, u.ID, in.Role); err != nil {
		return nil, err
	}
	audit(c, u.ID)
	return c.LoadUser(ctx, u.ID)
}

// checkRole refuses a role the plugin does not know, or that the
// Authorizer does not let the caller give target (nil for a new user).
func (p *Plugin) checkRole(ctx context.Context, c *auth.Call, target *auth.User, role string) error {
	if _, ok := p.cfg.roles[role]; role != "" && !ok {
		return ErrUnknownRole
	}
	return p.authorize(ctx, c, Action{Permission: PermSetRole, Target: target, Role: role})
}

// writeRole stores a user's role; their cached sessions see it at once.
func (p *Plugin) writeRole(ctx context.Context, c *auth.Call, userID, role string) error {
	c.UserChanged(userID)
	_, err := c.DB().Exec(ctx, sqlb.Update(auth.Users).Set(UserRole.Set(role), auth.UserUpdatedAt.Set(c.Now())).
		Where(auth.UserID.Eq(userID)))
	return err
}
