package test

import (
	"context"
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// otherPurpose is a token purpose of another flow, sharing the core's
// token table with the puzzles.
const otherPurpose = "reset-password"

// otherTokens is a plugin of the tests' own that issues and consumes
// tokens of another purpose, to prove the token kinds stay apart.
type otherTokens struct {
	issue   *auth.Op[auth.Empty, tokenOut]
	consume *auth.Op[tokenIn, auth.Empty]
}

type tokenIn struct {
	Token auth.Secret `json:"token"`
}

type tokenOut struct {
	Token auth.Shown `json:"token"`
}

func (o *otherTokens) Name() string { return "other" }

func (o *otherTokens) Operations() []auth.Operation {
	o.issue = &auth.Op[auth.Empty, tokenOut]{Name: "other.issue", Method: http.MethodPost, Path: "/other/issue", Writes: true,
		Handler: func(ctx context.Context, c *auth.Call, _ auth.Empty) (tokenOut, error) {
			t, err := c.IssueToken(ctx, auth.TokenSpec{Purpose: otherPurpose, TTL: auth.DefaultRate.IP.Window})
			return tokenOut{Token: auth.Show(t)}, err
		}}
	o.consume = &auth.Op[tokenIn, auth.Empty]{Name: "other.consume", Method: http.MethodPost, Path: "/other/consume", Writes: true,
		Codes: []*auth.Error{auth.ErrTokenInvalid},
		Handler: func(ctx context.Context, c *auth.Call, in tokenIn) (auth.Empty, error) {
			_, err := c.ConsumeToken(ctx, otherPurpose, in.Token)
			return auth.Empty{}, err
		}}
	return []auth.Operation{o.issue, o.consume}
}
