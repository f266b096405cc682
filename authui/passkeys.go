package authui

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
)

// The passkey plugin's operations, which the pages run by name through
// the pipeline (authhttp.Invoke), as its JSON routes and gqlauth do: the
// pages then need no import of the plugin, and hosts without passkeys
// link no WebAuthn library.
const (
	opPasskeyRegisterOptions = "passkey.registerOptions"
	opPasskeyRegister        = "passkey.register"
	opPasskeySignInOptions   = "passkey.signInOptions"
	opPasskeySignIn          = "passkey.signIn"
	opPasskeyList            = "passkey.list"
	opPasskeyRename          = "passkey.rename"
	opPasskeyRemove          = "passkey.remove"
	opPasskeySecondOptions   = "passkey.secondFactorOptions"
	opPasskeySecond          = "passkey.secondFactor"
)

// passkeyOps are every operation the pages run: all present means the
// passkey plugin was passed.
var passkeyOps = []string{opPasskeyRegisterOptions, opPasskeyRegister, opPasskeySignInOptions, opPasskeySignIn,
	opPasskeyList, opPasskeyRename, opPasskeyRemove}

// passkeyMethod is the method a pending session passes with a passkey
// (the passkey plugin's credential name).
const passkeyMethod = "passkey"

// hasPasskeys reports whether a serves the passkey plugin's operations.
func hasPasskeys(a *auth.Auth) bool {
	for _, name := range passkeyOps {
		if _, ok := a.Operation(name); !ok {
			return false
		}
	}
	return true
}

// passkeyInfo is one of the person's passkeys, as the list shows it.
type passkeyInfo struct {
	ID         string    `json:"id"`
	Name       string    `json:"name"`
	BackedUp   bool      `json:"backedUp"`
	CreatedAt  time.Time `json:"createdAt"`
	LastUsedAt time.Time `json:"lastUsedAt"`
}

// runPasskey runs the passkey operation name with in as its JSON input,
// for the request's caller, and returns its output as JSON. Sessions the
// operation starts or ends and its own cookies (a sign-in's browser
// binding) are set on w.
func (u *ui) runPasskey(w http.ResponseWriter, r *http.Request, name string, in any) (json.RawMessage, error) {
	op, ok := u.a.Operation(name)
	if !ok {
		return nil, auth.ErrInternal
	}
	body, err := json.Marshal(in)
	if err != nil {
		return nil, auth.ErrInvalidInput
	}
	out, _, err := authhttp.Invoke(w, r, u.a, op, func(dst any) error { return json.Unmarshal(body, dst) })
	if err != nil {
		return nil, err
	}
	return json.Marshal(out)
}

// passkeys returns the caller's passkeys.
func (u *ui) passkeys(w http.ResponseWriter, r *http.Request) ([]passkeyInfo, error) {
	raw, err := u.runPasskey(w, r, opPasskeyList, struct{}{})
	if err != nil {
		return nil, err
	}
	var list struct {
		Passkeys []passkeyInfo `json:"passkeys"`
	}
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, err
	}
	return list.Passkeys, nil
}

// credentialInput is the input of a ceremony's end: the browser's
// credential, as the script put it in the form, and a name.
type credentialInput struct {
	Credential json.RawMessage `json:"credential"`
	Name       string          `json:"name,omitempty"`
}

// credential returns the form's credential field when it holds JSON.
func credential(v string) (json.RawMessage, error) {
	if v == "" || !json.Valid([]byte(v)) {
		return nil, auth.ErrInvalidInput
	}
	return json.RawMessage(v), nil
}
