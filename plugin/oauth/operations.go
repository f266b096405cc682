package oauth

import (
	"context"
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// The names of the plugin's operations, for [auth.WithRateLimit] and for
// hooks and session checks that look at [auth.Call.Op].
const (
	// OpStart is GET /oauth/{provider}/start: [Plugin.StartURL].
	OpStart = "oauth.start"
	// OpCallback is GET /oauth/{provider}/callback: [Plugin.Callback].
	OpCallback = "oauth.callback"
	// OpCallbackPost is POST /oauth/{provider}/callback, a provider's form_post answer.
	OpCallbackPost = "oauth.callbackPost"
	// OpLink is POST /oauth/{provider}/link: [Plugin.Link].
	OpLink = "oauth.link"
	// OpUnlink is POST /oauth/{provider}/unlink: [Plugin.Unlink].
	OpUnlink = "oauth.unlink"
	// OpAccounts is GET /oauth/accounts: [Plugin.Accounts].
	OpAccounts = "oauth.accounts"
)

// ops are the plugin's typed operations.
type ops struct {
	start        *auth.Op[StartRequest, Started]
	callback     *auth.Op[CallbackRequest, SignedIn]
	callbackPost *auth.Op[CallbackRequest, auth.Empty]
	link         *auth.Op[StartRequest, Started]
	unlink       *auth.Op[ProviderRequest, auth.Empty]
	accounts     *auth.Op[auth.Empty, Accounts]
}

var callbackCodes = []*auth.Error{ErrUnknownProvider, ErrInvalidState, ErrAccessDenied, ErrProvider, ErrInvalidIDToken,
	ErrAccountExists, ErrLinkedElsewhere, ErrAlreadyLinked, auth.ErrIdentityTaken}

func (p *Plugin) newOps() ops {
	return ops{
		start: &auth.Op[StartRequest, Started]{Name: OpStart, Method: http.MethodGet, Path: "/oauth/{provider}/start",
			Writes: true, Rate: auth.DefaultRate, Codes: []*auth.Error{ErrUnknownProvider, ErrInvalidReturnTo, ErrProvider},
			Prepare: p.prepareStart, Handler: p.handleStart},
		callback: &auth.Op[CallbackRequest, SignedIn]{Name: OpCallback, Method: http.MethodGet, Path: "/oauth/{provider}/callback",
			Writes: true, Session: auth.SessionOptional, Rate: auth.DefaultRate, Codes: callbackCodes,
			Prepare: p.prepareCallback, Handler: p.handleCallback},
		callbackPost: &auth.Op[CallbackRequest, auth.Empty]{Name: OpCallbackPost, Method: http.MethodPost,
			Path: "/oauth/{provider}/callback", Form: true, Rate: auth.DefaultRate, Codes: []*auth.Error{ErrUnknownProvider},
			Handler: p.handleCallbackPost},
		link: &auth.Op[StartRequest, Started]{Name: OpLink, Method: http.MethodPost, Path: "/oauth/{provider}/link",
			Writes: true, Session: auth.SessionFresh, Rate: auth.DefaultRate,
			Codes:   []*auth.Error{ErrUnknownProvider, ErrInvalidReturnTo, ErrProvider, ErrAlreadyLinked},
			Prepare: p.prepareStart, Handler: p.handleLink},
		unlink: &auth.Op[ProviderRequest, auth.Empty]{Name: OpUnlink, Method: http.MethodPost, Path: "/oauth/{provider}/unlink",
			Writes: true, Session: auth.SessionFresh, Rate: auth.DefaultRate,
			Codes: []*auth.Error{ErrUnknownProvider, ErrNotLinked, ErrLastSignIn}, Handler: p.handleUnlink},
		accounts: &auth.Op[auth.Empty, Accounts]{Name: OpAccounts, Method: http.MethodGet, Path: "/oauth/accounts",
			Session: auth.SessionUser, Handler: p.handleAccounts},
	}
}

// Operations implements [auth.Operator].
func (p *Plugin) Operations() []auth.Operation {
	o := p.ops
	return []auth.Operation{o.start, o.callback, o.callbackPost, o.link, o.unlink, o.accounts}
}

// The typed Go calls of the plugin's operations. Each runs the full
// pipeline; calls that need a user take the session from ctx (an authhttp
// request's, or [auth.WithSessionToken]).

// StartURL starts a sign-in with a provider and returns the URL to send
// the browser to, and the cookie to set on it, which binds the flow to
// that browser.
func (p *Plugin) StartURL(ctx context.Context, provider, returnTo string) (Started, error) {
	return p.ops.start.Run(ctx, StartRequest{Provider: provider, ReturnTo: returnTo})
}

// Callback completes a flow with the provider's authorization response:
// it signs the person in, or links the provider for a flow that [Plugin.Link]
// started. The browser's flow cookie comes from ctx's request or
// in.Browser.
func (p *Plugin) Callback(ctx context.Context, in CallbackRequest) (SignedIn, error) {
	return p.ops.callback.Run(ctx, in)
}

// Link starts linking a provider account to the signed-in caller, who
// must have signed in within the fresh age; it returns the provider's URL
// as [Plugin.StartURL] does. The callback links instead of signing in.
func (p *Plugin) Link(ctx context.Context, provider, returnTo string) (Started, error) {
	return p.ops.link.Run(ctx, StartRequest{Provider: provider, ReturnTo: returnTo})
}

// Unlink removes the caller's account of a provider, unless it is the
// caller's last way to sign in ([ErrLastSignIn]).
func (p *Plugin) Unlink(ctx context.Context, provider string) error {
	_, err := p.ops.unlink.Run(ctx, ProviderRequest{Provider: provider})
	return err
}

// Accounts lists the caller's linked provider accounts.
func (p *Plugin) Accounts(ctx context.Context) ([]Account, error) {
	a, err := p.ops.accounts.Run(ctx, auth.Empty{})
	return a.Accounts, err
}
