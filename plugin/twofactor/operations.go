package twofactor

import (
	"context"
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// The names of the plugin's operations, for [auth.WithRateLimit] and for
// hooks and session checks that look at [auth.Call.Op].
const (
	// OpEnrol is POST /two-factor/enrol: [Plugin.Enrol].
	OpEnrol = "twofactor.enrol"
	// OpConfirm is POST /two-factor/confirm: [Plugin.Confirm].
	OpConfirm = "twofactor.confirm"
	// OpVerify is POST /two-factor/verify: [Plugin.Verify].
	OpVerify = "twofactor.verify"
	// OpSendCode is POST /two-factor/send-code: [Plugin.SendCode].
	OpSendCode = "twofactor.sendCode"
	// OpList is GET /two-factor/factors: [Plugin.List].
	OpList = "twofactor.list"
	// OpRemove is POST /two-factor/remove: [Plugin.Remove].
	OpRemove = "twofactor.remove"
	// OpRecoveryCodes is POST /two-factor/recovery-codes:
	// [Plugin.RegenerateRecoveryCodes].
	OpRecoveryCodes = "twofactor.recoveryCodes"
)

// ops are the plugin's typed operations.
type ops struct {
	enrol    *auth.Op[EnrolRequest, Enrolment]
	confirm  *auth.Op[ConfirmRequest, Confirmed]
	verify   *auth.Op[VerifyRequest, SignedIn]
	sendCode *auth.Op[SendCodeRequest, auth.Empty]
	list     *auth.Op[auth.Empty, FactorList]
	remove   *auth.Op[RemoveRequest, auth.Empty]
	recovery *auth.Op[auth.Empty, RecoveryCodeList]
}

func (p *Plugin) newOps() ops {
	post := http.MethodPost
	return ops{
		enrol: &auth.Op[EnrolRequest, Enrolment]{Name: OpEnrol, Method: post, Path: "/two-factor/enrol",
			Writes: true, Session: auth.SessionFresh, Rate: auth.TightRate,
			Codes: []*auth.Error{ErrMethodUnavailable, ErrNoVerifiedAddress, ErrNoVerifiedPhone}, Handler: p.handleEnrol},
		confirm: &auth.Op[ConfirmRequest, Confirmed]{Name: OpConfirm, Method: post, Path: "/two-factor/confirm",
			Writes: true, Session: auth.SessionUser, Rate: auth.TightRate,
			Codes: []*auth.Error{ErrFactorNotFound, ErrInvalidCode, auth.ErrTooManyAttempts}, Handler: p.handleConfirm},
		verify: &auth.Op[VerifyRequest, SignedIn]{Name: OpVerify, Method: post, Path: "/two-factor/verify",
			Writes: true, Credential: true, Session: auth.SessionUser, Rate: auth.TightRate,
			Codes:   []*auth.Error{ErrNotPending, ErrMethodUnavailable, ErrInvalidCode, ErrTooManyAttempts, ErrLocked},
			Handler: p.handleVerify},
		sendCode: &auth.Op[SendCodeRequest, auth.Empty]{Name: OpSendCode, Method: post, Path: "/two-factor/send-code",
			Writes: true, Session: auth.SessionUser, Rate: auth.TightRate,
			Codes: []*auth.Error{ErrNotPending, ErrMethodUnavailable}, Handler: p.handleSendCode},
		list: &auth.Op[auth.Empty, FactorList]{Name: OpList, Method: http.MethodGet, Path: "/two-factor/factors",
			Session: auth.SessionUser, Handler: p.handleList},
		remove: &auth.Op[RemoveRequest, auth.Empty]{Name: OpRemove, Method: post, Path: "/two-factor/remove",
			Writes: true, Session: auth.SessionFresh, Rate: auth.DefaultRate,
			Codes: []*auth.Error{ErrFactorNotFound, ErrLastFactor}, Handler: p.handleRemove},
		recovery: &auth.Op[auth.Empty, RecoveryCodeList]{Name: OpRecoveryCodes, Method: post, Path: "/two-factor/recovery-codes",
			Writes: true, Session: auth.SessionFresh, Rate: auth.DefaultRate,
			Codes: []*auth.Error{ErrNotEnabled}, Handler: p.handleRecoveryCodes},
	}
}

// Operations implements [auth.Operator].
func (p *Plugin) Operations() []auth.Operation {
	o := p.ops
	return []auth.Operation{o.enrol, o.confirm, o.verify, o.sendCode, o.list, o.remove, o.recovery}
}

// Enrol begins the enrolment of a second factor for the caller, from a
// fresh session; [Plugin.Confirm] completes it with a first code.
func (p *Plugin) Enrol(ctx context.Context, in EnrolRequest) (Enrolment, error) {
	return p.ops.enrol.Run(ctx, in)
}

// Confirm completes an enrolment the caller's session began.
func (p *Plugin) Confirm(ctx context.Context, in ConfirmRequest) (Confirmed, error) {
	return p.ops.confirm.Run(ctx, in)
}

// Verify passes the second factor of the caller's pending session, which
// it replaces with a new session.
func (p *Plugin) Verify(ctx context.Context, in VerifyRequest) (SignedIn, error) {
	return p.ops.verify.Run(ctx, in)
}

// SendCode sends a code for the caller's pending session.
func (p *Plugin) SendCode(ctx context.Context, in SendCodeRequest) error {
	_, err := p.ops.sendCode.Run(ctx, in)
	return err
}

// List returns the caller's second factors.
func (p *Plugin) List(ctx context.Context) (FactorList, error) {
	return p.ops.list.Run(ctx, auth.Empty{})
}

// Remove removes one of the caller's factors, from a fresh session. It is
// an account-security event ([auth.SecondFactorRemoved]): the caller's
// other sessions and remembered devices end.
func (p *Plugin) Remove(ctx context.Context, factorID string) error {
	_, err := p.ops.remove.Run(ctx, RemoveRequest{FactorID: factorID})
	return err
}

// RegenerateRecoveryCodes replaces the caller's recovery codes, from a
// fresh session.
func (p *Plugin) RegenerateRecoveryCodes(ctx context.Context) (RecoveryCodeList, error) {
	return p.ops.recovery.Run(ctx, auth.Empty{})
}
