package passkey

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"strings"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"github.com/sesame-go/sesame/auth"
)

// handleRegisterOptions issues a registration challenge bound to the
// caller and their session, and builds the creation options (WebAuthn
// §5.4): a discoverable credential, the configured user verification,
// no attestation, and the caller's passkeys excluded so that one
// authenticator is not registered twice (§5.4.3).
func (p *Plugin) handleRegisterOptions(ctx context.Context, c *auth.Call, _ auth.Empty) (RegisterOptions, error) {
	u := c.User()
	recs, err := userRecords(ctx, c.DB(), u.ID)
	if err != nil {
		return RegisterOptions{}, err
	}
	if len(recs) >= p.cfg.maxPasskeys {
		return RegisterOptions{}, ErrTooManyPasskeys
	}
	handle := newHandle()
	if len(recs) > 0 {
		handle = recs[0].handle
	}
	// The challenge is the token: its hash is all the table keeps, and a
	// challenge completes one registration, by this user, from this session.
	challenge, err := c.IssueToken(ctx, auth.TokenSpec{Purpose: purposeRegister, Subject: u.ID, UserID: u.ID,
		TTL: p.cfg.challengeTTL, ReplacePrevious: true,
		Data: ceremony{Session: c.Session().ID, Handle: base64.RawURLEncoding.EncodeToString(handle)}.encode()})
	if err != nil {
		return RegisterOptions{}, err
	}
	raw, err := base64.RawURLEncoding.DecodeString(challenge.Reveal())
	if err != nil {
		return RegisterOptions{}, err
	}
	name, display := p.cfg.userNames(u)
	creation, _, err := p.wa.BeginRegistration(&webUser{handle: handle, name: name, display: display},
		webauthn.WithExclusions(descriptors(recs)),
		func(o *protocol.PublicKeyCredentialCreationOptions) error {
			o.Challenge, o.Timeout = raw, int(p.cfg.challengeTTL.Milliseconds())
			return nil
		})
	if err != nil {
		return RegisterOptions{}, err
	}
	return RegisterOptions{PublicKey: creation.Response}, nil
}

// handleRegister verifies a registration (WebAuthn §7.1) against its
// challenge, which it spends, and stores the passkey as a verified
// identity of the caller: the identity observers hear of a way in added,
// and the email plugin tells the account's verified addresses, each with
// a link that removes the passkey again.
func (p *Plugin) handleRegister(ctx context.Context, c *auth.Call, in RegisterRequest) (Registered, error) {
	parsed, err := protocol.ParseCredentialCreationResponseBytes(in.Credential)
	if err != nil {
		return Registered{}, ErrInvalidRegistration.Wrap(err)
	}
	challenge := parsed.Response.CollectedClientData.Challenge
	tok, d, err := consume(ctx, c, purposeRegister, challenge)
	if err != nil {
		return Registered{}, err
	}
	u := c.User()
	if tok.UserID != u.ID || d.Session != c.Session().ID {
		return Registered{}, ErrInvalidChallenge.With("the registration was started in another session: try again")
	}
	handle, err := base64.RawURLEncoding.DecodeString(d.Handle)
	if err != nil {
		return Registered{}, err
	}
	recs, err := userRecords(ctx, c.DB(), u.ID)
	if err != nil {
		return Registered{}, err
	}
	if len(recs) >= p.cfg.maxPasskeys {
		return Registered{}, ErrTooManyPasskeys
	}
	session := webauthn.SessionData{Challenge: challenge, RelyingPartyID: p.rp.id, UserID: handle,
		UserVerification: protocol.UserVerificationRequirement(p.cfg.verification),
		CredParams:       webauthn.CredentialParametersDefault()}
	cred, err := p.wa.CreateCredential(&webUser{handle: handle}, session, parsed)
	if err != nil {
		p.a.Logger().DebugContext(ctx, "passkey: registration refused", "user", u.ID, "err", err)
		return Registered{}, ErrInvalidRegistration.Wrap(err)
	}
	// §7.1 step 25: credential IDs are at most 1023 bytes.
	if len(cred.ID) == 0 || len(cred.ID) > 1023 {
		return Registered{}, ErrInvalidRegistration.With("the credential ID is empty or longer than 1023 bytes")
	}
	// A credential the client says is not discoverable (credProps, §10.1.3)
	// cannot sign anyone in without a username: it is no passkey.
	if rk := cred.Extensions.RK; rk != nil && !*rk {
		return Registered{}, ErrInvalidRegistration.With("the authenticator made a credential that is not discoverable")
	}
	for _, r := range recs {
		if bytes.Equal(r.cred.ID, cred.ID) {
			return Registered{}, ErrPasskeyExists
		}
	}
	// §7.1 step 26: a credential registered to anyone is refused.
	id, err := c.AddIdentity(ctx, u.ID, Kind, CredentialKey(cred.ID), true)
	if errors.Is(err, auth.ErrIdentityTaken) {
		return Registered{}, ErrPasskeyExists
	}
	if err != nil {
		return Registered{}, err
	}
	name := strings.TrimSpace(in.Name)
	if name == "" {
		name = "Passkey"
	}
	rec := &record{id: id.ID, userID: u.ID, name: name, handle: handle, cred: *cred, created: c.Now()}
	if err := insertRecord(ctx, c.DB(), rec); err != nil {
		return Registered{}, err
	}
	c.EmitCommitted(EventRegistered, rec.id)
	return Registered{Passkey: rec.passkey()}, nil
}

// consume spends a ceremony's challenge, which is a token of the purpose,
// and returns it with what binds it. A challenge that is unknown, expired
// or spent, or one of another ceremony, is [ErrInvalidChallenge].
func consume(ctx context.Context, c *auth.Call, purpose, challenge string) (*auth.Token, ceremony, error) {
	tok, err := c.ConsumeToken(ctx, purpose, auth.NewSecret(challenge))
	if errors.Is(err, auth.ErrTokenInvalid) {
		return nil, ceremony{}, ErrInvalidChallenge
	}
	if err != nil {
		return nil, ceremony{}, err
	}
	d, err := decodeCeremony(tok.Data)
	if err != nil {
		return nil, ceremony{}, err
	}
	return tok, d, nil
}
