package magiclink

import (
	"context"
	"net/http"
	"strings"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/phone"
)

// The names of the plugin's operations, for [auth.WithRateLimit] and for
// hooks and session checks that look at [auth.Call.Op].
const (
	// OpSend is POST /magic-link/send: [Plugin.Send].
	OpSend = "magiclink.send"
	// OpSignIn is POST /magic-link/sign-in: [Plugin.SignIn].
	OpSignIn = "magiclink.signIn"
)

// ops are the plugin's typed operations.
type ops struct {
	send   *auth.Op[SendRequest, auth.Empty]
	signIn *auth.Op[SignInRequest, SignedIn]
}

func (p *Plugin) newOps() ops {
	return ops{
		send: &auth.Op[SendRequest, auth.Empty]{Name: OpSend, Method: http.MethodPost, Path: "/magic-link/send", Writes: true,
			Rate: auth.TightRate, AccountKey: p.accountKey, Codes: []*auth.Error{ErrInvalidReturnTo, phone.ErrInvalid}, Handler: p.handleSend},
		signIn: &auth.Op[SignInRequest, SignedIn]{Name: OpSignIn, Method: http.MethodPost, Path: "/magic-link/sign-in", Writes: true,
			Rate: auth.DefaultRate, Codes: []*auth.Error{auth.ErrTokenInvalid}, Handler: p.handleSignIn},
	}
}

// Operations implements [auth.Operator].
func (p *Plugin) Operations() []auth.Operation { return []auth.Operation{p.ops.send, p.ops.signIn} }

// accountKey keys the per-account rate limit of send on the normalized
// identifier, so that spellings of one address share a count.
func (p *Plugin) accountKey(in SendRequest) string {
	kind, raw := in.identifier()
	if p.a != nil {
		if v, err := p.a.Normalize(kind, raw); err == nil {
			return kind + ":" + v
		}
	}
	return kind + ":" + strings.ToLower(strings.TrimSpace(raw))
}

// Send mails a link to an address: a sign-in link when the address is a
// verified one of an account, a sign-up link when it names nobody and
// sign-up is allowed ([WithSignUp]), nothing otherwise. It answers alike
// in every case; only a malformed address or return address is refused.
func (p *Plugin) Send(ctx context.Context, in SendRequest) error {
	_, err := p.ops.send.Run(ctx, in)
	return err
}

// SignIn uses up a link's token and signs its holder in, creating the
// account first for a sign-up link. A used, expired, replaced or unknown
// token, or one whose account or address changed since, is
// [auth.ErrTokenInvalid].
func (p *Plugin) SignIn(ctx context.Context, token auth.Secret) (SignedIn, error) {
	return p.ops.signIn.Run(ctx, SignInRequest{Token: token})
}
