package passkey

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"

	"github.com/go-webauthn/webauthn/webauthn"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// Kind is the identity kind of passkeys: each passkey a person registers
// is one identity of theirs, verified, unique, a way to sign in. Its value
// is [CredentialKey] of the passkey's credential ID.
const Kind = "passkey"

// Credential is the credential kind of the sessions a passkey sign-in
// starts ([auth.Session.Credential]) and the name of the second factor.
const Credential = "passkey"

// Plugin is the passkey plugin: WebAuthn registration and sign-in. Make
// one with [New].
type Plugin struct {
	cfg *config
	a   *auth.Auth
	rp  *relyingParty
	wa  *webauthn.WebAuthn
	ops ops
}

var (
	_ auth.Plugin           = (*Plugin)(nil)
	_ auth.Operator         = (*Plugin)(nil)
	_ auth.Schema           = (*Plugin)(nil)
	_ auth.IdentityProvider = (*Plugin)(nil)
	_ auth.IdentityObserver = (*Plugin)(nil)
	_ auth.SignInMethod     = (*Plugin)(nil)
	_ auth.SecondFactor     = (*Plugin)(nil)
	_ auth.Validator        = (*Plugin)(nil)
	_ auth.Initializer      = (*Plugin)(nil)
)

// New returns the passkey plugin. The relying party ID defaults to the
// host of the base URL and the origins to the base URL's and the trusted
// ones ([auth.WithTrustedOrigins]); [auth.New] refuses a combination no
// browser would accept.
func New(opts ...Option) *Plugin {
	p := &Plugin{cfg: newConfig(opts)}
	p.ops = p.newOps()
	return p
}

// Name implements [auth.Plugin].
func (p *Plugin) Name() string { return "passkey" }

// Credentials implements [auth.SignInMethod]: "passkey".
func (p *Plugin) Credentials() []string { return []string{Credential} }

// Factor implements [auth.SecondFactor]: "passkey".
func (p *Plugin) Factor() string { return Credential }

// Enrolled implements [auth.SecondFactor]: whether the user has a passkey.
func (p *Plugin) Enrolled(ctx context.Context, db *sqlb.DB, userID string) (bool, error) {
	var n int64
	err := db.One(ctx, sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(Passkeys).Where(PasskeyUserID.Eq(userID)))
	return n > 0, err
}

// Validate implements [auth.Validator]: the options must make sense, and
// the relying party ID must be one every origin's browser accepts (WebAuthn
// §5.1.3 step 8, §5.1.4.1 step 7: a registrable suffix of the origin's
// host, or the host itself).
func (p *Plugin) Validate(a *auth.Auth) error {
	errs := []error{p.cfg.check()}
	if a.BaseURL().Host == "" {
		return errors.Join(append(errs, errors.New("passkey: the relying party comes from the base URL, which is missing"))...)
	}
	rp, err := newRelyingParty(a, p.cfg)
	errs = append(errs, err)
	if err == nil {
		_, err = rp.webAuthn(p.cfg)
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// Init implements [auth.Initializer].
func (p *Plugin) Init(a *auth.Auth) error {
	rp, err := newRelyingParty(a, p.cfg)
	if err != nil {
		return err
	}
	wa, err := rp.webAuthn(p.cfg)
	if err != nil {
		return err
	}
	p.a, p.rp, p.wa = a, rp, wa
	return nil
}

// RPID returns the relying party ID passkeys are registered for, once
// the instance is made.
func (p *Plugin) RPID() string {
	if p.rp == nil {
		return ""
	}
	return p.rp.id
}

// Origins returns the origins whose pages may use the passkeys, once the
// instance is made.
func (p *Plugin) Origins() []string {
	if p.rp == nil {
		return nil
	}
	return append([]string(nil), p.rp.origins...)
}

// IdentityKinds implements [auth.IdentityProvider]: [Kind], unique, a
// sign-in identifier.
func (p *Plugin) IdentityKinds() []auth.IdentityKind {
	return []auth.IdentityKind{{Name: Kind, Normalize: normalizeKey, Unique: true, SignIn: true}}
}

// CredentialKey is the value of a passkey's identity: the unpadded
// base64url SHA-256 of its credential ID. Credential IDs reach 1023 bytes
// (WebAuthn §5.8.3), more than an identity value holds; their hash is 43
// characters and as unique.
func CredentialKey(credentialID []byte) string {
	h := sha256.Sum256(credentialID)
	return base64.RawURLEncoding.EncodeToString(h[:])
}

// normalizeKey accepts the strict base64url form of 32 bytes: a
// [CredentialKey].
func normalizeKey(raw string) (string, error) {
	b, err := base64.RawURLEncoding.Strict().DecodeString(raw)
	if err != nil || len(b) != sha256.Size {
		return "", fmt.Errorf("a passkey key is the base64url SHA-256 of a credential ID")
	}
	return raw, nil
}

// IdentityVerified implements [auth.IdentityObserver]; a passkey is
// verified from the start, so there is nothing to do.
func (p *Plugin) IdentityVerified(context.Context, *auth.Call, *auth.Identity) error { return nil }

// IdentityRemoved implements [auth.IdentityObserver]: a passkey identity
// that goes (a removal, or the undo link of the notice that it was added)
// takes its credential with it. The foreign key does so too; this covers
// a SQLite database opened without foreign keys.
func (p *Plugin) IdentityRemoved(ctx context.Context, c *auth.Call, id *auth.Identity) error {
	if id.Kind != Kind {
		return nil
	}
	_, err := c.DB().Exec(ctx, sqlb.Delete(Passkeys).Where(PasskeyID.Eq(id.ID)))
	return err
}
