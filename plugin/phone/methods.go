package phone

import (
	"context"

	"github.com/sesame-go/sesame/auth"
)

// The typed Go calls of the plugin's operations. Each runs the full
// pipeline; calls that need a user take the session from ctx (an
// authhttp request's, or [auth.WithSessionToken]).

// SendCode texts a code to a number: a sign-in code when the number
// names a person, a sign-up code when it names nobody (unless
// [WithoutSignUp]). It answers alike either way.
func (p *Plugin) SendCode(ctx context.Context, number string) error {
	_, err := p.ops.sendCode.Run(ctx, NumberRequest{Phone: number})
	return err
}

// SignIn signs in with a code texted to a number, creating the account
// for a sign-up code (with the name given).
func (p *Plugin) SignIn(ctx context.Context, in SignInRequest) (SignedIn, error) {
	return p.ops.signIn.Run(ctx, in)
}

// Add gives the caller another number, from a fresh session; [Plugin.Verify]
// completes it with the code texted to it.
func (p *Plugin) Add(ctx context.Context, number string) error {
	_, err := p.ops.add.Run(ctx, NumberRequest{Phone: number})
	return err
}

// Verify uses up the code texted to a number the caller added, or to the
// new number of a change, and returns the number verified.
func (p *Plugin) Verify(ctx context.Context, number string, code auth.Secret) (string, error) {
	v, err := p.ops.verify.Run(ctx, CodeRequest{Phone: number, Code: code})
	return v.Phone, err
}

// Change asks to replace one of the caller's numbers, from a fresh
// session; the change happens when [Plugin.Verify] uses up the code
// texted to the new number.
func (p *Plugin) Change(ctx context.Context, number, newNumber string) error {
	_, err := p.ops.change.Run(ctx, ChangeRequest{Phone: number, NewPhone: newNumber})
	return err
}

// Remove removes one of the caller's numbers, from a fresh session.
func (p *Plugin) Remove(ctx context.Context, number string) error {
	_, err := p.ops.remove.Run(ctx, NumberRequest{Phone: number})
	return err
}

// List returns the caller's numbers.
func (p *Plugin) List(ctx context.Context) ([]*auth.Identity, error) {
	n, err := p.ops.list.Run(ctx, auth.Empty{})
	return n.Phones, err
}
