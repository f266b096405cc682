package phone

import (
	"net/http"
	"strings"
	"time"

	"github.com/sesame-go/sesame/auth"
)

// The names of the plugin's operations, for [auth.WithRateLimit] and for
// hooks and session checks that look at [auth.Call.Op].
const (
	// OpSendCode is POST /phone/code/send: [Plugin.SendCode].
	OpSendCode = "phone.sendCode"
	// OpSignIn is POST /phone/code/sign-in: [Plugin.SignIn].
	OpSignIn = "phone.signIn"
	// OpAdd is POST /phone/add: [Plugin.Add].
	OpAdd = "phone.add"
	// OpVerify is POST /phone/verify: [Plugin.Verify].
	OpVerify = "phone.verify"
	// OpChange is POST /phone/change: [Plugin.Change].
	OpChange = "phone.change"
	// OpRemove is POST /phone/remove: [Plugin.Remove].
	OpRemove = "phone.remove"
	// OpList is GET /phone/list: [Plugin.List].
	OpList = "phone.list"
)

// SendRate is the default limit of the operations that send a code
// ([OpSendCode], [OpAdd], [OpChange]): 3 codes in 10 minutes per number,
// however it is spelled, and 20 an hour per client IP (an IPv6 /64).
// Codes cost money per message: keep these tight, and see [PrefixLimit].
var SendRate = auth.RateRules{
	IP:      auth.RateRule{Limit: 20, Window: time.Hour, Sliding: true},
	Account: auth.RateRule{Limit: 3, Window: 10 * time.Minute, Sliding: true},
}

// ops are the plugin's typed operations.
type ops struct {
	sendCode *auth.Op[NumberRequest, auth.Empty]
	signIn   *auth.Op[SignInRequest, SignedIn]
	add      *auth.Op[NumberRequest, auth.Empty]
	verify   *auth.Op[CodeRequest, Verified]
	change   *auth.Op[ChangeRequest, auth.Empty]
	remove   *auth.Op[NumberRequest, auth.Empty]
	list     *auth.Op[auth.Empty, Numbers]
}

// accountKey keys per-number rate limits on the normalized number, so
// that spellings of one number share a count.
func (p *Plugin) accountKey(raw string) string {
	if n, err := p.Normalize(raw); err == nil {
		return n.E164
	}
	return strings.TrimSpace(raw)
}

func (p *Plugin) newOps() ops {
	post := http.MethodPost
	codes := []*auth.Error{auth.ErrCodeInvalid, auth.ErrTooManyAttempts}
	return ops{
		sendCode: &auth.Op[NumberRequest, auth.Empty]{Name: OpSendCode, Method: post, Path: "/phone/code/send", Writes: true,
			Rate: SendRate, AccountKey: func(in NumberRequest) string { return p.accountKey(in.Phone) },
			Codes: []*auth.Error{ErrInvalid}, Handler: p.handleSendCode},
		signIn: &auth.Op[SignInRequest, SignedIn]{Name: OpSignIn, Method: post, Path: "/phone/code/sign-in", Writes: true,
			Credential: true, Rate: auth.TightRate, AccountKey: func(in SignInRequest) string { return p.accountKey(in.Phone) },
			Codes: codes, Handler: p.handleSignIn},
		add: &auth.Op[NumberRequest, auth.Empty]{Name: OpAdd, Method: post, Path: "/phone/add", Writes: true,
			Session: auth.SessionFresh, Rate: SendRate, AccountKey: func(in NumberRequest) string { return p.accountKey(in.Phone) },
			Codes: []*auth.Error{ErrInvalid, ErrSameNumber, ErrTooManyNumbers}, Handler: p.handleAdd},
		verify: &auth.Op[CodeRequest, Verified]{Name: OpVerify, Method: post, Path: "/phone/verify", Writes: true,
			Session: auth.SessionUser, Rate: auth.TightRate, AccountKey: func(in CodeRequest) string { return p.accountKey(in.Phone) },
			Codes: append([]*auth.Error{ErrInvalid}, codes...), Handler: p.handleVerify},
		change: &auth.Op[ChangeRequest, auth.Empty]{Name: OpChange, Method: post, Path: "/phone/change", Writes: true,
			Session: auth.SessionFresh, Rate: SendRate, AccountKey: func(in ChangeRequest) string { return p.accountKey(in.NewPhone) },
			Codes: []*auth.Error{ErrInvalid, ErrNotYours, ErrSameNumber}, Handler: p.handleChange},
		remove: &auth.Op[NumberRequest, auth.Empty]{Name: OpRemove, Method: post, Path: "/phone/remove", Writes: true,
			Session: auth.SessionFresh, Rate: auth.DefaultRate, Codes: []*auth.Error{ErrInvalid, ErrNotYours, ErrLastWayIn},
			Handler: p.handleRemove},
		list: &auth.Op[auth.Empty, Numbers]{Name: OpList, Method: http.MethodGet, Path: "/phone/list",
			Session: auth.SessionUser, Handler: p.handleList},
	}
}

// Operations implements [auth.Operator].
func (p *Plugin) Operations() []auth.Operation {
	o := p.ops
	return []auth.Operation{o.sendCode, o.signIn, o.add, o.verify, o.change, o.remove, o.list}
}
