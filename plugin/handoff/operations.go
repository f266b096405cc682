package handoff

import (
	"context"
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// The names of the plugin's operations, for [auth.WithRateLimit] and for
// hooks and session checks that look at [auth.Call.Op].
const (
	// OpStart is POST /handoff/start: [Plugin.Start].
	OpStart = "handoff.start"
	// OpRedeem is POST /handoff/redeem: [Plugin.Redeem].
	OpRedeem = "handoff.redeem"
)

// ops are the plugin's typed operations.
type ops struct {
	start  *auth.Op[StartRequest, Started]
	redeem *auth.Op[RedeemRequest, SignedIn]
}

func (p *Plugin) newOps() ops {
	return ops{
		start: &auth.Op[StartRequest, Started]{Name: OpStart, Method: http.MethodPost, Path: "/handoff/start", Writes: true,
			Session: auth.SessionUser, Rate: auth.DefaultRate, Codes: []*auth.Error{ErrCodeChallengeRequired, ErrInvalidReturnTo},
			Handler: p.handleStart},
		redeem: &auth.Op[RedeemRequest, SignedIn]{Name: OpRedeem, Method: http.MethodPost, Path: "/handoff/redeem", Writes: true,
			Rate: auth.DefaultRate, Codes: []*auth.Error{auth.ErrTokenInvalid, ErrInvalidCodeVerifier}, Handler: p.handleRedeem},
	}
}

// Operations implements [auth.Operator].
func (p *Plugin) Operations() []auth.Operation { return []auth.Operation{p.ops.start, p.ops.redeem} }

// Start issues a handoff token for the caller's session: single-use,
// working for the configured time ([WithTTL]) and never past the
// session's expiry, bound to the caller and to the session. The caller
// passes it to the receiving client, which redeems it. Without a session
// it answers [auth.ErrNoSession]; a session that a check blocks (a
// pending second factor) answers the check's error.
func (p *Plugin) Start(ctx context.Context, in StartRequest) (Started, error) {
	return p.ops.start.Run(ctx, in)
}

// Redeem uses up a handoff token and starts the receiving client's own
// session, no fresher than the handing one. A used, expired or unknown
// token, or one whose handing session ended or whose account had a
// security event since, is [auth.ErrTokenInvalid]; a verifier that does
// not answer the challenge is [ErrInvalidCodeVerifier], and uses the
// token up.
func (p *Plugin) Redeem(ctx context.Context, in RedeemRequest) (SignedIn, error) {
	return p.ops.redeem.Run(ctx, in)
}
