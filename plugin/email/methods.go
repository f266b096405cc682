package email

import (
	"context"

	"github.com/sesame-go/sesame/auth"
)

// The typed Go calls of the plugin's operations. Each runs the full
// pipeline; calls that need a user take the session from ctx (an
// authhttp request's, or [auth.WithSessionToken]).

// Verify consumes a verification link's token, or a change's
// confirmation token, and returns the address it verified.
func (p *Plugin) Verify(ctx context.Context, token auth.Secret) (string, error) {
	v, err := p.ops.verify.Run(ctx, TokenRequest{Token: token})
	return v.Email, err
}

// Resend sends a new verification link to an unverified address. It
// answers alike whether or not the address has an account.
func (p *Plugin) Resend(ctx context.Context, address string) error {
	_, err := p.ops.resend.Run(ctx, AddressRequest{Email: address})
	return err
}

// Change asks to replace the caller's primary address; the change happens
// when the link sent to the new address is opened.
func (p *Plugin) Change(ctx context.Context, newAddress string) error {
	_, err := p.ops.change.Run(ctx, ChangeRequest{NewEmail: newAddress})
	return err
}

// UndoChange restores the address a change replaced, with the token of
// the notice sent to it, and ends every session of the account.
func (p *Plugin) UndoChange(ctx context.Context, token auth.Secret) error {
	_, err := p.ops.undo.Run(ctx, TokenRequest{Token: token})
	return err
}

// Add gives the caller another address, verified through a link.
func (p *Plugin) Add(ctx context.Context, address string) error {
	_, err := p.ops.add.Run(ctx, AddressRequest{Email: address})
	return err
}

// Remove removes one of the caller's addresses other than the primary.
func (p *Plugin) Remove(ctx context.Context, address string) error {
	_, err := p.ops.remove.Run(ctx, AddressRequest{Email: address})
	return err
}

// MakePrimary makes one of the caller's verified addresses the primary.
func (p *Plugin) MakePrimary(ctx context.Context, address string) error {
	_, err := p.ops.primary.Run(ctx, AddressRequest{Email: address})
	return err
}

// List returns the caller's addresses.
func (p *Plugin) List(ctx context.Context) ([]*auth.Identity, error) {
	a, err := p.ops.list.Run(ctx, auth.Empty{})
	return a.Emails, err
}

// SendCode mails a sign-in code to a verified address. It answers alike
// whether or not the address has an account.
func (p *Plugin) SendCode(ctx context.Context, address string) error {
	_, err := p.ops.sendCode.Run(ctx, AddressRequest{Email: address})
	return err
}

// SignInWithCode signs in with a mailed code.
func (p *Plugin) SignInWithCode(ctx context.Context, address string, code auth.Secret) (SignedIn, error) {
	return p.ops.signIn.Run(ctx, CodeSignInRequest{Email: address, Code: code})
}
