package jwt

import (
	"context"
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// The names of the plugin's operations, for [auth.WithRateLimit] and for
// hooks and session checks that look at [auth.Call.Op].
const (
	// OpToken is POST /jwt/token: [Plugin.Token].
	OpToken = "jwt.token"
	// OpJWKS is GET /jwks: [Plugin.KeySet].
	OpJWKS = "jwt.jwks"
	// OpRotate is a server operation, with no route: [Plugin.Rotate].
	OpRotate = "jwt.rotate"
)

// ops are the plugin's typed operations.
type ops struct {
	token  *auth.Op[TokenRequest, Token]
	jwks   *auth.Op[auth.Empty, KeySet]
	rotate *auth.Op[rotateRequest, Rotation]
}

// rotateRequest is the input of the rotation: Force makes a key even when
// none is due.
type rotateRequest struct{ Force bool }

func (p *Plugin) newOps() ops {
	return ops{
		token: &auth.Op[TokenRequest, Token]{Name: OpToken, Method: http.MethodPost, Path: "/jwt/token",
			Session: auth.SessionUser, Rate: auth.DefaultRate, Codes: []*auth.Error{ErrUnknownTemplate},
			Handler: p.handleToken},
		jwks: &auth.Op[auth.Empty, KeySet]{Name: OpJWKS, Method: http.MethodGet, Path: "/jwks",
			Handler: p.handleJWKS},
		rotate: &auth.Op[rotateRequest, Rotation]{Name: OpRotate, Writes: true,
			Handler: func(ctx context.Context, c *auth.Call, in rotateRequest) (Rotation, error) {
				return p.rotate(ctx, c.DB(), c.Now(), in.Force)
			}},
	}
}

// Operations implements [auth.Operator].
func (p *Plugin) Operations() []auth.Operation {
	return []auth.Operation{p.ops.token, p.ops.jwks, p.ops.rotate}
}

// Token mints a JWT of a template for the caller, who needs a live
// session: the default template when in.Template is empty.
func (p *Plugin) Token(ctx context.Context, in TokenRequest) (Token, error) {
	return p.ops.token.Run(ctx, in)
}

// KeySet returns the JWK Set of the keys that verify tokens: the key that
// signs, the one that will, and those whose tokens may still be alive.
func (p *Plugin) KeySet(ctx context.Context) (KeySet, error) {
	return p.ops.jwks.Run(ctx, auth.Empty{})
}

// Rotate makes a new signing key now, whether or not one is due. It is
// published at once and signs after the publish-ahead time
// ([WithRotation]); the key it replaces signs until then and stays
// published until its last token expired. The first key of a database
// signs at once.
func (p *Plugin) Rotate(ctx context.Context) (Rotation, error) {
	return p.ops.rotate.Run(ctx, rotateRequest{Force: true})
}
