package password

import (
	"context"
	"errors"
	"strings"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/email"
)

// Sign-up statuses, in [SignUpResult].
const (
	// StatusVerificationSent answers a sign-up with an email address: a
	// verification link is on its way (or, for a taken address, a notice
	// to its holder).
	StatusVerificationSent = "verification_sent"
	// StatusCreated answers a sign-up with a username alone: the account
	// exists, and signs in with the username and the password.
	StatusCreated = "created"
)

func (p *Plugin) prepareSignUp(ctx context.Context, _ *auth.Call, in *SignUpRequest) error {
	if in.Email != "" {
		if p.mail == nil {
			return auth.ErrInvalidInput.With("this app has no sign-up by email")
		}
		if _, err := email.Normalize(in.Email); err != nil {
			return auth.ErrInvalidInput.With(err.Error())
		}
	}
	if in.Username != "" && p.names == nil {
		return auth.ErrInvalidInput.With("this app has no usernames")
	}
	h, err := p.newHash(ctx, in.Password)
	in.prep = &prepared{hash: h}
	return err
}

// handleSignUp creates the account. With an address, it sends the
// verification link; for an address that names a person it creates
// nothing, sends the holder a notice instead and answers the same, so
// that sign-up does not tell which addresses have accounts. A username is
// vetted first (taken or not allowed is told, as usernames are public),
// so that its answer does not depend on the address.
func (p *Plugin) handleSignUp(ctx context.Context, c *auth.Call, in SignUpRequest) (SignUpResult, error) {
	name := strings.TrimSpace(in.Name)
	if in.Username != "" {
		if err := p.names.Vet(ctx, c, in.Username); err != nil {
			return SignUpResult{}, err
		}
	}
	if in.Email == "" {
		u, _, err := p.names.CreateUser(ctx, c, name, in.Username)
		if err != nil {
			return SignUpResult{}, err
		}
		_, err = c.DB().Exec(ctx, setHash(u.ID, in.prep.hash, c.Now()))
		return SignUpResult{Status: StatusCreated}, err
	}
	done := SignUpResult{Status: StatusVerificationSent}
	u, _, err := p.mail.CreateUser(ctx, c, name, in.Email)
	if errors.Is(err, auth.ErrIdentityTaken) {
		addr, _ := email.Normalize(in.Email)
		return done, p.mail.NotifyExisting(ctx, c, addr)
	}
	if err != nil {
		return SignUpResult{}, err
	}
	if in.Username != "" {
		if _, err := p.names.Give(ctx, c, u.ID, in.Username); err != nil {
			return SignUpResult{}, err
		}
	}
	_, err = c.DB().Exec(ctx, setHash(u.ID, in.prep.hash, c.Now()))
	return done, err
}
