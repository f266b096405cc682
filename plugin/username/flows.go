package username

import (
	"context"
	"errors"

	"github.com/sesame-go/sesame/auth"
)

// The calls below are for other plugins that take a username in their own
// operations (the password plugin's sign-up), inside those operations'
// transactions.

// Vet checks that a name could be chosen now: the policy ([ErrInvalid],
// [ErrReserved]) and that its key names nobody ([ErrTaken]). A sign-up
// that takes a username and an email address vets the username first, so
// that its answer does not depend on whether the address has an account.
func (p *Plugin) Vet(ctx context.Context, c *auth.Call, name string) error {
	_, key, err := p.vet(name)
	if err != nil {
		return err
	}
	if _, err := c.WhoIs(ctx, Kind, key); err == nil {
		return ErrTaken
	} else if !errors.Is(err, auth.ErrIdentityNotFound) {
		return err
	}
	return nil
}

// Give gives a user who has no username one, verified (choosing it is the
// proof), under the policy; [ErrTaken] when its key names another person.
// Changes go through [Plugin.Set], which keeps the cool-down.
func (p *Plugin) Give(ctx context.Context, c *auth.Call, userID, name string) (*auth.Identity, error) {
	display, _, err := p.vet(name)
	if err != nil {
		return nil, err
	}
	held, err := c.Identities(ctx, userID, Kind)
	if err != nil {
		return nil, err
	}
	if len(held) > 0 {
		return nil, errors.New("username: the user has a username already")
	}
	return p.give(ctx, c, userID, display)
}

// give adds the identity of a vetted name and records its display form.
func (p *Plugin) give(ctx context.Context, c *auth.Call, userID, display string) (*auth.Identity, error) {
	id, err := c.AddIdentity(ctx, userID, Kind, display, true)
	if errors.Is(err, auth.ErrIdentityTaken) {
		return nil, ErrTaken
	}
	if err != nil {
		return nil, err
	}
	_, err = c.DB().Exec(ctx, setDisplay(c, userID, display))
	return id, err
}

// CreateUser creates a person whose way in is a username: [Plugin.Vet],
// then a new user with the name given. The caller adds a credential (the
// password plugin, a password).
func (p *Plugin) CreateUser(ctx context.Context, c *auth.Call, name, username string) (*auth.User, *auth.Identity, error) {
	if err := p.Vet(ctx, c, username); err != nil {
		return nil, nil, err
	}
	u, err := c.CreateUser(ctx, name, "")
	if err != nil {
		return nil, nil, err
	}
	id, err := p.Give(ctx, c, u.ID, username)
	if err != nil {
		return nil, nil, err
	}
	u, err = c.LoadUser(ctx, u.ID)
	return u, id, err
}
