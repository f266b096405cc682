package passkey

import (
	"context"
	"slices"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/twofactor"
)

// purposeSecondFactor is the token purpose of a second-factor challenge.
const purposeSecondFactor = "passkey.secondFactor"

var _ twofactor.Challenger = (*Plugin)(nil)

// ChallengeOps implements [twofactor.Challenger]: the operations that
// pass a pending session's second factor with a passkey, which the
// twofactor plugin lets a pending session run.
func (p *Plugin) ChallengeOps() []string { return []string{OpSecondFactorOptions, OpSecondFactor} }

// pendingUser returns the user of the caller's session when it waits for
// a second factor that a passkey passes.
func (p *Plugin) pendingUser(c *auth.Call) (string, error) {
	methods, ok := twofactor.PendingMethods(c.Session())
	if !ok || !slices.Contains(methods, Credential) {
		return "", ErrNoSecondFactor
	}
	return c.Session().UserID, nil
}

// handleSecondFactorOptions starts the assertion of a pending session's
// user: the challenge lists their passkeys and is bound to them and to
// the browser (or bearer flow) that asked. A second factor follows a
// password: it asks the authenticator for presence, and for verification
// only as the plugin's policy for second factors says.
func (p *Plugin) handleSecondFactorOptions(ctx context.Context, c *auth.Call, in SecondFactorOptionsRequest) (SignInOptions, error) {
	uid, err := p.pendingUser(c)
	if err != nil {
		return SignInOptions{}, err
	}
	spec := assertionSpec{purpose: purposeSecondFactor, userID: uid, verification: p.cfg.secondVerification}
	return p.beginAssertion(ctx, c, spec, "", in.Bearer)
}

// handleSecondFactor verifies the assertion and passes the pending
// session's second factor, which the twofactor plugin replaces with a new
// session.
func (p *Plugin) handleSecondFactor(ctx context.Context, c *auth.Call, in SignInRequest) (SignedIn, error) {
	uid, err := p.pendingUser(c)
	if err != nil {
		return SignedIn{}, err
	}
	tf, ok := twofactor.From(c.Auth())
	if !ok {
		return SignedIn{}, ErrNoSecondFactor
	}
	spec := assertionSpec{purpose: purposeSecondFactor, userID: uid, verification: p.cfg.secondVerification}
	rec, err := p.finishAssertion(ctx, c, spec, in.Credential, in.Flow)
	if err != nil {
		return SignedIn{}, err
	}
	out, err := tf.Pass(ctx, c, Credential)
	if err != nil {
		return SignedIn{}, err
	}
	return SignedIn{User: out.User, Session: out.Session, Token: out.Token, Passkey: rec.id}, nil
}
