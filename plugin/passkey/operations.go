package passkey

import (
	"encoding/json"
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// The names of the plugin's operations, for [auth.WithRateLimit] and for
// hooks and session checks that look at [auth.Call.Op].
const (
	// OpRegisterOptions is POST /passkey/register/options: [Plugin.RegisterOptions].
	OpRegisterOptions = "passkey.registerOptions"
	// OpRegister is POST /passkey/register: [Plugin.Register].
	OpRegister = "passkey.register"
	// OpSignInOptions is POST /passkey/sign-in/options: [Plugin.SignInOptions].
	OpSignInOptions = "passkey.signInOptions"
	// OpSignIn is POST /passkey/sign-in: [Plugin.SignIn].
	OpSignIn = "passkey.signIn"
	// OpList is GET /passkey/list: [Plugin.List].
	OpList = "passkey.list"
	// OpRename is POST /passkey/rename: [Plugin.Rename].
	OpRename = "passkey.rename"
	// OpRemove is POST /passkey/remove: [Plugin.Remove].
	OpRemove = "passkey.remove"
	// OpSecondFactorOptions is POST /passkey/second-factor/options:
	// [Plugin.SecondFactorOptions].
	OpSecondFactorOptions = "passkey.secondFactorOptions"
	// OpSecondFactor is POST /passkey/second-factor: [Plugin.SecondFactor].
	OpSecondFactor = "passkey.secondFactor"
)

// The purposes of the plugin's challenges in the token table: a challenge
// of one ceremony never completes another.
const (
	purposeRegister = "passkey.register"
	purposeSignIn   = "passkey.signIn"
)

// ops are the plugin's typed operations.
type ops struct {
	registerOptions *auth.Op[auth.Empty, RegisterOptions]
	register        *auth.Op[RegisterRequest, Registered]
	signInOptions   *auth.Op[SignInOptionsRequest, SignInOptions]
	signIn          *auth.Op[SignInRequest, SignedIn]
	list            *auth.Op[auth.Empty, List]
	rename          *auth.Op[RenameRequest, auth.Empty]
	remove          *auth.Op[RemoveRequest, auth.Empty]
	secondOptions   *auth.Op[SecondFactorOptionsRequest, SignInOptions]
	second          *auth.Op[SignInRequest, SignedIn]
}

func (p *Plugin) newOps() ops {
	post := http.MethodPost
	return ops{
		registerOptions: &auth.Op[auth.Empty, RegisterOptions]{Name: OpRegisterOptions, Method: post,
			Path: "/passkey/register/options", Writes: true, Session: auth.SessionFresh, Rate: auth.DefaultRate,
			Codes: []*auth.Error{ErrTooManyPasskeys}, Handler: p.handleRegisterOptions},
		register: &auth.Op[RegisterRequest, Registered]{Name: OpRegister, Method: post, Path: "/passkey/register",
			Writes: true, Session: auth.SessionFresh, Rate: auth.DefaultRate,
			Codes:   []*auth.Error{ErrInvalidChallenge, ErrInvalidRegistration, ErrPasskeyExists, ErrTooManyPasskeys},
			Handler: p.handleRegister},
		signInOptions: &auth.Op[SignInOptionsRequest, SignInOptions]{Name: OpSignInOptions, Method: post,
			Path: "/passkey/sign-in/options", Writes: true, Rate: auth.DefaultRate, Handler: p.handleSignInOptions},
		signIn: &auth.Op[SignInRequest, SignedIn]{Name: OpSignIn, Method: post, Path: "/passkey/sign-in",
			Writes: true, Credential: true, Rate: auth.TightRate, AccountKey: credentialAccount,
			Codes: []*auth.Error{ErrInvalidChallenge, ErrInvalidPasskey}, Handler: p.handleSignIn},
		list: &auth.Op[auth.Empty, List]{Name: OpList, Method: http.MethodGet, Path: "/passkey/list",
			Session: auth.SessionUser, Handler: p.handleList},
		rename: &auth.Op[RenameRequest, auth.Empty]{Name: OpRename, Method: post, Path: "/passkey/rename",
			Writes: true, Session: auth.SessionUser, Rate: auth.DefaultRate, Codes: []*auth.Error{ErrNotFound},
			Handler: p.handleRename},
		remove: &auth.Op[RemoveRequest, auth.Empty]{Name: OpRemove, Method: post, Path: "/passkey/remove",
			Writes: true, Session: auth.SessionFresh, Rate: auth.DefaultRate,
			Codes: []*auth.Error{ErrNotFound, ErrLastSignIn}, Handler: p.handleRemove},
		secondOptions: &auth.Op[SecondFactorOptionsRequest, SignInOptions]{Name: OpSecondFactorOptions, Method: post,
			Path: "/passkey/second-factor/options", Writes: true, Session: auth.SessionUser, Rate: auth.DefaultRate,
			Codes: []*auth.Error{ErrNoSecondFactor}, Handler: p.handleSecondFactorOptions},
		second: &auth.Op[SignInRequest, SignedIn]{Name: OpSecondFactor, Method: post, Path: "/passkey/second-factor",
			Writes: true, Credential: true, Session: auth.SessionUser, Rate: auth.TightRate,
			Codes: []*auth.Error{ErrNoSecondFactor, ErrInvalidChallenge, ErrInvalidPasskey}, Handler: p.handleSecondFactor},
	}
}

// Operations implements [auth.Operator].
func (p *Plugin) Operations() []auth.Operation {
	o := p.ops
	return []auth.Operation{o.registerOptions, o.register, o.signInOptions, o.signIn, o.list, o.rename, o.remove,
		o.secondOptions, o.second}
}

// credentialAccount is the per-account rate key of a sign-in: the
// credential ID the answer names, so that one passkey is not tried faster
// than a person would.
func credentialAccount(in SignInRequest) string {
	var c struct {
		ID string `json:"id"`
	}
	if json.Unmarshal(in.Credential, &c) != nil || c.ID == "" || len(c.ID) > 1400 {
		return ""
	}
	return "passkey\x00" + c.ID
}
