package passkey

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/go-webauthn/webauthn/protocol"

	"github.com/sesame-go/sesame/auth"
)

// RegisterOptions is the answer of [Plugin.RegisterOptions]: PublicKey is
// what navigator.credentials.create({publicKey}) takes, its binary fields
// (challenge, user.id, excludeCredentials[].id) as base64url strings to
// decode first.
type RegisterOptions struct {
	PublicKey protocol.PublicKeyCredentialCreationOptions `json:"publicKey"`
}

// RegisterRequest completes a registration.
type RegisterRequest struct {
	// Credential is the PublicKeyCredential navigator.credentials.create
	// returned, as JSON with its binary fields in base64url: what
	// credential.toJSON() gives (WebAuthn §5.1.8).
	Credential json.RawMessage `json:"credential"`
	// Name names the passkey in the person's list; "Passkey" when empty.
	Name string `json:"name"`
}

// Validate implements [auth.InputValidator].
func (r RegisterRequest) Validate() error {
	return errors.Join(required("credential", r.Credential), checkName(r.Name, true))
}

// Registered is the answer of a registration: the new passkey.
type Registered struct {
	Passkey Passkey `json:"passkey"`
}

// SignInOptionsRequest asks for the options of a passkey sign-in.
type SignInOptionsRequest struct {
	// Mediation is "" for a sign-in the person starts (a button), or
	// "conditional" for the browser's autofill of a username field marked
	// autocomplete="username webauthn".
	Mediation string `json:"mediation"`
	// Bearer asks that the challenge be bound to the client by a value it
	// sends back ([SignInOptions.Flow]) instead of a cookie: for clients of
	// the bearer transport, which keep no cookies.
	Bearer bool `json:"bearer"`
}

// SecondFactorOptionsRequest starts a passkey second factor for the
// caller's pending session. Bearer is as in [SignInOptionsRequest].
type SecondFactorOptionsRequest struct {
	Bearer bool `json:"bearer"`
}

// Validate implements [auth.InputValidator].
func (r SignInOptionsRequest) Validate() error {
	if r.Mediation != "" && r.Mediation != string(protocol.MediationConditional) {
		return errors.New(`mediation must be "" or "conditional"`)
	}
	return nil
}

// SignInOptions is the answer of [Plugin.SignInOptions]: PublicKey is
// what navigator.credentials.get({publicKey, mediation}) takes, its
// challenge as a base64url string to decode first.
type SignInOptions struct {
	PublicKey protocol.PublicKeyCredentialRequestOptions `json:"publicKey"`
	// Mediation is the mediation to pass to navigator.credentials.get.
	Mediation string `json:"mediation,omitempty"`
	// Flow is set for a bearer client, and for a Go call made outside any
	// request: the value [SignInRequest.Flow] must carry back.
	Flow string `json:"flow,omitempty"`
	// Cookie binds the challenge to the browser. The route sets it; a Go
	// caller serving a browser sets it with http.SetCookie. Nil when Flow
	// is set.
	Cookie *http.Cookie `json:"-"`
}

// SignInRequest signs in with a passkey.
type SignInRequest struct {
	// Credential is the PublicKeyCredential navigator.credentials.get
	// returned, as JSON with its binary fields in base64url:
	// credential.toJSON().
	Credential json.RawMessage `json:"credential"`
	// Flow is [SignInOptions.Flow], for a challenge bound by it.
	Flow auth.Secret `json:"flow"`
}

// Validate implements [auth.InputValidator].
func (r SignInRequest) Validate() error { return required("credential", r.Credential) }

// SignedIn is a passkey sign-in's answer: the user and the session. Token
// is for Go callers; over HTTP it travels in the cookie or the Auth-Token
// header.
type SignedIn struct {
	User    *auth.User    `json:"user"`
	Session *auth.Session `json:"session"`
	Token   auth.Secret   `json:"-"`
	// Passkey is the ID of the passkey that signed in.
	Passkey string `json:"passkey"`
}

// Passkey is one of a person's passkeys, as their list shows it.
type Passkey struct {
	// ID is the passkey's ID, which rename and remove take.
	ID   string `json:"id"`
	Name string `json:"name"`
	// AAGUID names the authenticator's model (a password manager, a
	// security key), as a UUID; all zeros when it did not say.
	AAGUID string `json:"aaguid"`
	// Transports are how the browser reaches the authenticator: "internal",
	// "hybrid", "usb" ...
	Transports []string `json:"transports"`
	// BackupEligible and BackedUp say whether the passkey can be, and is,
	// synced to other devices (WebAuthn §6.1.3).
	BackupEligible bool      `json:"backupEligible"`
	BackedUp       bool      `json:"backedUp"`
	CreatedAt      time.Time `json:"createdAt"`
	// LastUsedAt is when it last signed in; absent when it never did.
	LastUsedAt time.Time `json:"lastUsedAt,omitzero"`
}

// List is the caller's passkeys, the answer of GET /passkey/list.
type List struct {
	Passkeys []Passkey `json:"passkeys"`
}

// RenameRequest renames one of the caller's passkeys.
type RenameRequest struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Validate implements [auth.InputValidator].
func (r RenameRequest) Validate() error {
	return errors.Join(required("id", []byte(r.ID)), checkName(r.Name, false))
}

// RemoveRequest removes one of the caller's passkeys.
type RemoveRequest struct {
	ID string `json:"id"`
}

// Validate implements [auth.InputValidator].
func (r RemoveRequest) Validate() error { return required("id", []byte(r.ID)) }

// MaxNameLength is the most characters a passkey's name may have.
const MaxNameLength = 64

// checkName refuses an over-long name, one with control characters, and
// an empty one unless it may be.
func checkName(name string, mayBeEmpty bool) error {
	name = strings.TrimSpace(name)
	switch {
	case name == "" && !mayBeEmpty:
		return errors.New("name is required")
	case utf8.RuneCountInString(name) > MaxNameLength:
		return fmt.Errorf("name may have at most %d characters", MaxNameLength)
	case strings.IndexFunc(name, unicode.IsControl) >= 0:
		return errors.New("name holds control characters")
	}
	return nil
}

func required(field string, v []byte) error {
	if len(v) == 0 || string(v) == "null" {
		return errors.New(field + " is required")
	}
	return nil
}
