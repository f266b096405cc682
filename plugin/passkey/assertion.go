package passkey

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// assertionSpec says what an assertion ceremony is for: a first-factor
// sign-in, where nobody is known and the passkey is discoverable, or
// (for a second factor) a sign-in of a known user with their passkeys.
type assertionSpec struct {
	// purpose names the challenge's token purpose: a challenge of one
	// kind of ceremony never completes another.
	purpose string
	// userID is the user who must answer, or "" for a discoverable sign-in.
	userID string
	// verification is the user verification to ask for and require.
	verification UserVerification
}

// beginAssertion issues a challenge for an assertion, bound to the
// browser (or the flow of a bearer client) and to the user when one is
// known, and builds the request options (WebAuthn §5.5): no allow list for
// a discoverable sign-in, the user's passkeys otherwise.
func (p *Plugin) beginAssertion(ctx context.Context, c *auth.Call, spec assertionSpec, mediation string, bearer bool) (SignInOptions, error) {
	var allow []protocol.CredentialDescriptor
	if spec.userID != "" {
		recs, err := userRecords(ctx, c.DB(), spec.userID)
		if err != nil {
			return SignInOptions{}, err
		}
		allow = descriptors(recs)
	}
	d, flow, cookie := p.bind(c, bearer)
	challenge, err := c.IssueToken(ctx, auth.TokenSpec{Purpose: spec.purpose, Subject: spec.userID, UserID: spec.userID,
		TTL: p.cfg.challengeTTL, Data: d.encode()})
	if err != nil {
		return SignInOptions{}, err
	}
	raw, err := base64.RawURLEncoding.DecodeString(challenge.Reveal())
	if err != nil {
		return SignInOptions{}, err
	}
	assertion, _, err := p.wa.BeginDiscoverableMediatedLogin(protocol.CredentialMediationRequirement(mediation),
		webauthn.WithChallenge(raw), webauthn.WithAllowedCredentials(allow),
		webauthn.WithUserVerification(protocol.UserVerificationRequirement(spec.verification)),
		func(o *protocol.PublicKeyCredentialRequestOptions) error {
			o.Timeout = int(p.cfg.challengeTTL.Milliseconds())
			return nil
		})
	if err != nil {
		return SignInOptions{}, err
	}
	if cookie != nil {
		c.SetCookie(cookie)
	}
	return SignInOptions{PublicKey: assertion.Response, Mediation: string(assertion.Mediation), Flow: flow, Cookie: cookie}, nil
}

// finishAssertion verifies an assertion (WebAuthn §7.2) against its
// challenge, which it spends, and returns the passkey that signed, its
// counter, backup state and last use updated. It is the one verification
// of every passkey ceremony: a discoverable sign-in (spec.userID empty)
// and a second factor of a known user alike. Every refusal of the passkey
// is [ErrInvalidPasskey]; of the challenge, [ErrInvalidChallenge].
func (p *Plugin) finishAssertion(ctx context.Context, c *auth.Call, spec assertionSpec, credential json.RawMessage, flow auth.Secret) (*record, error) {
	parsed, err := protocol.ParseCredentialRequestResponseBytes(credential)
	if err != nil {
		return nil, ErrInvalidPasskey.Wrap(err)
	}
	challenge := parsed.Response.CollectedClientData.Challenge
	tok, d, err := consume(ctx, c, spec.purpose, challenge)
	if err != nil {
		return nil, err
	}
	if !p.bound(c, d, flow) {
		return nil, ErrInvalidChallenge.With("the sign-in was started in another browser: try again")
	}
	if tok.UserID != spec.userID {
		return nil, ErrInvalidChallenge
	}
	// §7.2 step 6: who the passkey names. Its identity is the one answer.
	id, err := c.WhoIs(ctx, Kind, CredentialKey(parsed.RawID))
	if errors.Is(err, auth.ErrIdentityNotFound) {
		return nil, ErrInvalidPasskey.With("this passkey is not registered here")
	}
	if err != nil {
		return nil, err
	}
	if spec.userID != "" && id.UserID != spec.userID {
		return nil, ErrInvalidPasskey
	}
	if spec.userID == "" && len(parsed.Response.UserHandle) == 0 {
		return nil, ErrInvalidPasskey.With("the passkey did not say whose it is")
	}
	rec, err := loadRecord(ctx, c.DB(), id.ID)
	if err != nil {
		return nil, err
	}
	if rec == nil || rec.userID != id.UserID || !bytes.Equal(rec.cred.ID, parsed.RawID) {
		return nil, ErrInvalidPasskey
	}
	// go-webauthn checks the rest of §7.2: the user handle is the
	// passkey's holder's (step 6), the client data's type, challenge and
	// origin (steps 11 to 13), the RP ID hash, user presence and the
	// required user verification (steps 15 to 17), the backup flags, the
	// signature (step 21) and the counter (step 22).
	session := webauthn.SessionData{Challenge: challenge, RelyingPartyID: p.rp.id, UserID: rec.handle,
		UserVerification: protocol.UserVerificationRequirement(spec.verification)}
	got, err := p.wa.ValidateLogin(&webUser{handle: rec.handle, creds: []webauthn.Credential{rec.cred}}, session, parsed)
	if err != nil {
		p.a.Logger().DebugContext(ctx, "passkey: assertion refused", "passkey", rec.id, "err", err)
		return nil, ErrInvalidPasskey.Wrap(err)
	}
	if got.Authenticator.CloneWarning {
		c.Emit(ctx, EventSignCountRegressed, fmt.Sprintf("passkey %s of user %s: counter %d after %d",
			rec.id, rec.userID, parsed.Response.AuthenticatorData.Counter, rec.cred.Authenticator.SignCount))
		if !p.cfg.allowRegressed {
			return nil, ErrInvalidPasskey
		}
	}
	if bs := got.Flags.BackupState; bs != rec.cred.Flags.BackupState {
		detail := fmt.Sprintf("passkey %s of user %s: backed up %t", rec.id, rec.userID, bs)
		c.EmitCommitted(EventBackupStateChanged, detail)
	}
	now := c.Now()
	_, err = c.DB().Exec(ctx, sqlb.Update(Passkeys).Set(PasskeyCount.Set(int64(got.Authenticator.SignCount)),
		PasskeyUV.Set(got.Flags.UserVerified), PasskeyBS.Set(got.Flags.BackupState),
		PasskeyLastUsed.Set(nullTime(now))).Where(PasskeyID.Eq(rec.id)))
	if err != nil {
		return nil, err
	}
	rec.cred.Authenticator.SignCount, rec.cred.Flags, rec.lastUsed = got.Authenticator.SignCount, got.Flags, now
	return rec, nil
}

// handleSignInOptions starts a discoverable sign-in.
func (p *Plugin) handleSignInOptions(ctx context.Context, c *auth.Call, in SignInOptionsRequest) (SignInOptions, error) {
	spec := assertionSpec{purpose: purposeSignIn, verification: p.cfg.verification}
	return p.beginAssertion(ctx, c, spec, in.Mediation, in.Bearer)
}

// handleSignIn signs the holder of a discoverable passkey in.
func (p *Plugin) handleSignIn(ctx context.Context, c *auth.Call, in SignInRequest) (SignedIn, error) {
	spec := assertionSpec{purpose: purposeSignIn, verification: p.cfg.verification}
	rec, err := p.finishAssertion(ctx, c, spec, in.Credential, in.Flow)
	if err != nil {
		return SignedIn{}, err
	}
	s, token, err := c.StartSession(ctx, rec.userID, Credential)
	if err != nil {
		return SignedIn{}, err
	}
	u, err := c.LoadUser(ctx, rec.userID)
	if err != nil {
		return SignedIn{}, err
	}
	return SignedIn{User: u, Session: s, Token: token, Passkey: rec.id}, nil
}
