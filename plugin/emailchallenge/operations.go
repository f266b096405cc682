package emailchallenge

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/email"
)

// The names of the plugin's operations, for [auth.WithRateLimit] and for
// hooks and session checks that look at [auth.Call.Op].
const (
	// OpStart is POST /email-challenge/start: [Plugin.Start].
	OpStart = "emailchallenge.start"
	// OpApprove is POST /email-challenge/approve: [Plugin.Approve].
	OpApprove = "emailchallenge.approve"
	// OpCode is POST /email-challenge/code: [Plugin.Code].
	OpCode = "emailchallenge.code"
	// OpStatus is POST /email-challenge/status: [Plugin.Status].
	OpStatus = "emailchallenge.status"
)

// PollRate is the default limit of status calls: a browser polling every
// 2 seconds stays well within it.
var PollRate = auth.RateRules{
	IP:      auth.RateRule{Limit: 120, Window: time.Minute, Sliding: true},
	Account: auth.RateRule{Limit: 60, Window: time.Minute, Sliding: true},
}

type ops struct {
	start   *auth.Op[StartRequest, Started]
	approve *auth.Op[ApproveRequest, Result]
	code    *auth.Op[CodeRequest, Result]
	status  *auth.Op[StatusRequest, Result]
}

func (p *Plugin) newOps() ops {
	post := http.MethodPost
	return ops{
		start: &auth.Op[StartRequest, Started]{Name: OpStart, Method: post, Path: "/email-challenge/start", Writes: true,
			Rate: auth.TightRate, AccountKey: p.accountKey, Codes: []*auth.Error{ErrInvalidReturnTo}, Handler: p.handleStart},
		approve: &auth.Op[ApproveRequest, Result]{Name: OpApprove, Method: post, Path: "/email-challenge/approve", Writes: true,
			Rate: auth.DefaultRate, Codes: []*auth.Error{auth.ErrTokenInvalid, ErrChallengeInvalid}, Handler: p.handleApprove},
		code: &auth.Op[CodeRequest, Result]{Name: OpCode, Method: post, Path: "/email-challenge/code", Writes: true, Credential: true,
			Rate: auth.TightRate, AccountKey: func(in CodeRequest) string { return p.bindingKey(in.Challenge) },
			Codes: []*auth.Error{ErrChallengeInvalid, auth.ErrCodeInvalid, auth.ErrTooManyAttempts}, Handler: p.handleCode},
		status: &auth.Op[StatusRequest, Result]{Name: OpStatus, Method: post, Path: "/email-challenge/status", Writes: true,
			Rate: PollRate, AccountKey: func(in StatusRequest) string { return p.bindingKey(in.Challenge) },
			Codes: []*auth.Error{ErrChallengeInvalid}, Handler: p.handleStatus},
	}
}

// Operations implements [auth.Operator].
func (p *Plugin) Operations() []auth.Operation {
	return []auth.Operation{p.ops.start, p.ops.approve, p.ops.code, p.ops.status}
}

// accountKey keys Start's per-account limit on the normalized address.
func (p *Plugin) accountKey(in StartRequest) string {
	if s, err := email.Normalize(in.Email); err == nil {
		return s
	}
	return strings.ToLower(strings.TrimSpace(in.Email))
}

// bindingKey keys the per-challenge limits of Code and Status on the
// binding value a client without cookies sends; a browser's cookie is
// counted per IP only, since AccountKey sees the input alone.
func (p *Plugin) bindingKey(s auth.Secret) string {
	if s.IsZero() {
		return ""
	}
	return string(bindingHash(s))
}

// Start mails a link and a code to an address and binds the challenge to
// the caller: over HTTP the browser's cookie (or the returned value, with
// Bearer); for a Go caller, the returned [Started.Challenge], to pass to
// Code and Status through [WithChallenge]. It answers alike for every
// address, and mails only a verified one.
func (p *Plugin) Start(ctx context.Context, in StartRequest) (Started, error) {
	return p.ops.start.Run(ctx, in)
}

// Approve completes a challenge with its mailed link. The caller is
// signed in only if it is the browser that started the challenge;
// otherwise the answer is [StatusApproved] and that browser is signed in
// at its next Status call.
func (p *Plugin) Approve(ctx context.Context, token auth.Secret) (Result, error) {
	return p.ops.approve.Run(ctx, ApproveRequest{Token: token, Challenge: challengeFrom(ctx)})
}

// Code completes the caller's challenge with the mailed code and signs
// the caller in.
func (p *Plugin) Code(ctx context.Context, code auth.Secret) (Result, error) {
	return p.ops.code.Run(ctx, CodeRequest{Code: code, Challenge: challengeFrom(ctx)})
}

// Status reports the caller's challenge, and signs the caller in once the
// link completed it.
func (p *Plugin) Status(ctx context.Context) (Result, error) {
	return p.ops.status.Run(ctx, StatusRequest{Challenge: challengeFrom(ctx)})
}

type challengeKey struct{}

// WithChallenge returns a context whose Go calls of Approve, Code and
// Status act for the challenge of a binding value ([Started.Challenge]),
// as a client without cookies sends it. Over HTTP, a browser's cookie
// does the same.
func WithChallenge(ctx context.Context, binding auth.Secret) context.Context {
	return context.WithValue(ctx, challengeKey{}, binding)
}

func challengeFrom(ctx context.Context) auth.Secret {
	s, _ := ctx.Value(challengeKey{}).(auth.Secret)
	return s
}
