package auth

import "context"

// UserAdopter gives an account being made an existing user instead of a
// new one: the anonymous plugin gives a guest's sign-up the guest's own
// user, so that what the guest did stays theirs. [Call.CreateUser] asks
// each adopter in order, in operations that have a route (a sign-up, an
// account made at a social sign-in), never in server operations
// ([Auth.CreateUser]) that the host's code runs. AdoptUser returns nil to
// let the call create a new user; a user it returns is the account being
// made ([Call.NewUser] reports it), and should carry name and image.
type UserAdopter interface {
	AdoptUser(ctx context.Context, c *Call, name, image string) (*User, error)
}

// adopt asks the adopters for a user for an account being made.
func (c *Call) adopt(ctx context.Context, name, image string) (*User, error) {
	if c.info.ServerOnly() {
		return nil, nil
	}
	for _, p := range c.a.cfg.plugins {
		if ad, ok := p.(UserAdopter); ok {
			u, err := ad.AdoptUser(ctx, c, name, image)
			if err != nil || u != nil {
				return u, err
			}
		}
	}
	return nil, nil
}
