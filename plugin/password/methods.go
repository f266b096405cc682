package password

import (
	"context"

	"github.com/sesame-go/sesame/auth"
)

// The typed Go calls of the plugin's operations; each runs the full
// pipeline.

// SignUp creates an account with a password and an address, a username
// or both. With an address it sends the verification link, and a taken
// address answers the same (its holder gets a notice instead); a username
// that is taken or not allowed answers with the username plugin's code.
func (p *Plugin) SignUp(ctx context.Context, req SignUpRequest) (SignUpResult, error) {
	return p.ops.signUp.Run(ctx, req)
}

// SignIn checks an identifier (an address, a username ...) and a password
// and starts a session.
func (p *Plugin) SignIn(ctx context.Context, req SignInRequest) (SignedIn, error) {
	return p.ops.signIn.Run(ctx, req)
}

// Forgot sends a reset link to an address with an account.
func (p *Plugin) Forgot(ctx context.Context, address string) error {
	_, err := p.ops.forgot.Run(ctx, ForgotRequest{Email: address})
	return err
}

// Reset sets a new password with a reset link's token and ends every
// session of the account.
func (p *Plugin) Reset(ctx context.Context, token, newPassword auth.Secret) error {
	_, err := p.ops.reset.Run(ctx, ResetRequest{Token: token, Password: newPassword})
	return err
}

// Change changes the caller's password, given the current one.
func (p *Plugin) Change(ctx context.Context, req ChangeRequest) error {
	_, err := p.ops.change.Run(ctx, req)
	return err
}

// SetPassword gives a user a password, hashed with the configured hasher
// under the length policy and the breach check, replacing any they had:
// for seeding, imports and administration tools, with users made by
// [auth.Auth.CreateUser]. It is a server operation ([OpSetPassword]) that
// no transport serves, and it does not ask who calls it: that is the
// host's decision, made before the call.
//
// Setting a password is an account-security event
// ([auth.PasswordChanged]): every session of the user ends, with every
// pending flow (reset links ...). Replacing a password tells the primary
// address, as a change does; a first password is set without a message.
// [auth.ErrUserNotFound] when there is no such user; the policy's codes
// ([ErrPasswordTooShort] ...) for a password it refuses.
func (p *Plugin) SetPassword(ctx context.Context, userID string, password auth.Secret) error {
	_, err := p.ops.set.Run(ctx, SetPasswordRequest{UserID: userID, Password: password})
	return err
}
