package passkey

import (
	"context"
	"encoding/json"

	"github.com/sesame-go/sesame/auth"
)

// The typed Go calls of the plugin's operations. Each runs the full
// pipeline; calls that need a user take the session from ctx (an authhttp
// request's, or [auth.WithSessionToken]).

// RegisterOptions starts registering a passkey for the caller, who must
// have signed in within the fresh age: it returns the options for
// navigator.credentials.create, with a challenge bound to the caller's
// session.
func (p *Plugin) RegisterOptions(ctx context.Context) (RegisterOptions, error) {
	return p.ops.registerOptions.Run(ctx, auth.Empty{})
}

// Register verifies the browser's answer to [Plugin.RegisterOptions] and
// stores the new passkey under a name. The account's verified addresses
// are told that a way in was added.
func (p *Plugin) Register(ctx context.Context, credential json.RawMessage, name string) (Passkey, error) {
	out, err := p.ops.register.Run(ctx, RegisterRequest{Credential: credential, Name: name})
	return out.Passkey, err
}

// SignInOptions starts a passkey sign-in: it returns the options for
// navigator.credentials.get, with a challenge bound to the browser (its
// cookie) or, for bearer clients and Go calls outside any request, to the
// returned Flow.
func (p *Plugin) SignInOptions(ctx context.Context, in SignInOptionsRequest) (SignInOptions, error) {
	return p.ops.signInOptions.Run(ctx, in)
}

// SignIn verifies the browser's answer to [Plugin.SignInOptions] and
// starts a session for the passkey's holder.
func (p *Plugin) SignIn(ctx context.Context, in SignInRequest) (SignedIn, error) {
	return p.ops.signIn.Run(ctx, in)
}

// List returns the caller's passkeys, oldest first.
func (p *Plugin) List(ctx context.Context) ([]Passkey, error) {
	out, err := p.ops.list.Run(ctx, auth.Empty{})
	return out.Passkeys, err
}

// Rename renames one of the caller's passkeys.
func (p *Plugin) Rename(ctx context.Context, id, name string) error {
	_, err := p.ops.rename.Run(ctx, RenameRequest{ID: id, Name: name})
	return err
}

// Remove removes one of the caller's passkeys, from a fresh session,
// unless it is the caller's last way to sign in ([ErrLastSignIn]). It
// ends the caller's other sessions.
func (p *Plugin) Remove(ctx context.Context, id string) error {
	_, err := p.ops.remove.Run(ctx, RemoveRequest{ID: id})
	return err
}

// SecondFactorOptions starts a passkey second factor for the caller's
// pending session: the options for navigator.credentials.get, listing the
// user's passkeys, with a challenge bound to them and to this browser.
func (p *Plugin) SecondFactorOptions(ctx context.Context, bearer bool) (SignInOptions, error) {
	return p.ops.secondOptions.Run(ctx, SecondFactorOptionsRequest{Bearer: bearer})
}

// SecondFactor verifies the browser's answer to [Plugin.SecondFactorOptions]
// and passes the pending session's second factor: the twofactor plugin
// replaces the session with a new one.
func (p *Plugin) SecondFactor(ctx context.Context, credential json.RawMessage, flow auth.Secret) (SignedIn, error) {
	return p.ops.second.Run(ctx, SignInRequest{Credential: credential, Flow: flow})
}
