package anonymous

import (
	"context"
	"net/http"
	"time"

	"github.com/sesame-go/sesame/auth"
)

// The names of the plugin's operations, for [auth.WithRateLimit] and for
// hooks and session checks that look at [auth.Call.Op].
const (
	// OpSignIn is POST /anonymous/sign-in: [Plugin.SignIn].
	OpSignIn = "anonymous.signIn"
	// OpSweep is [Plugin.Sweep]'s deletion of expired guests, a server
	// operation: it has no route.
	OpSweep = "anonymous.sweep"
)

// GuestRate is the default rate limit of [OpSignIn]: 20 guests per client
// IP (an IPv6 /64) in 10 minutes. Raise it for clients behind one NAT
// with [auth.WithRateLimit].
var GuestRate = auth.RateRules{IP: auth.RateRule{Limit: 20, Window: 10 * time.Minute, Sliding: true}}

// sweepBatch is the most guests one [Plugin.Sweep] deletes.
const sweepBatch = 500

type ops struct {
	signIn *auth.Op[auth.Empty, Guest]
	sweep  *auth.Op[sweepRequest, swept]
}

func (p *Plugin) newOps() ops {
	return ops{
		signIn: &auth.Op[auth.Empty, Guest]{Name: OpSignIn, Method: http.MethodPost, Path: "/anonymous/sign-in",
			Session: auth.SessionOptional, Writes: true, Rate: GuestRate, Codes: []*auth.Error{ErrAlreadySignedIn},
			Handler: p.signIn},
		sweep: &auth.Op[sweepRequest, swept]{Name: OpSweep, Writes: true, Handler: p.sweep},
	}
}

// Operations implements [auth.Operator].
func (p *Plugin) Operations() []auth.Operation { return []auth.Operation{p.ops.signIn, p.ops.sweep} }

// Guest is [Plugin.SignIn]'s answer: the guest's user and session. Token
// is for Go callers; over HTTP it travels in the cookie or the Auth-Token
// header.
type Guest struct {
	User    *auth.User    `json:"user"`
	Session *auth.Session `json:"session"`
	Token   auth.Secret   `json:"-"`
}

// SignIn makes a guest: a user with no identity (see [IsGuest]) and a
// session of credential [Credential], which lives at most the guests'
// age ([WithMaxAge]). A caller who has a session gets
// [ErrAlreadySignedIn].
func (p *Plugin) SignIn(ctx context.Context) (Guest, error) {
	return p.ops.signIn.Run(ctx, auth.Empty{})
}

func (p *Plugin) signIn(ctx context.Context, c *auth.Call, _ auth.Empty) (Guest, error) {
	if c.Session() != nil {
		return Guest{}, ErrAlreadySignedIn
	}
	u, err := c.CreateUser(ctx, p.cfg.name, "")
	if err != nil {
		return Guest{}, err
	}
	if err := setGuest(ctx, c, u.ID, true); err != nil {
		return Guest{}, err
	}
	s, token, err := c.StartSession(ctx, u.ID, Credential)
	if err != nil {
		return Guest{}, err
	}
	if u, err = c.LoadUser(ctx, u.ID); err != nil {
		return Guest{}, err
	}
	return Guest{User: u, Session: s, Token: token}, nil
}
