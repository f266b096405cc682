package auth

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"time"
)

// Requirement is what an operation needs of the caller's session.
type Requirement uint8

// The session requirements.
const (
	// SessionNone ignores any session.
	SessionNone Requirement = iota
	// SessionOptional loads the session when there is one.
	SessionOptional
	// SessionUser needs a signed-in user.
	SessionUser
	// SessionFresh needs a session created within the fresh age
	// ([WithFreshAge]), for sensitive changes.
	SessionFresh
)

// Operation is an operation of any input and output types: what plugins
// return from [Operator.Operations] and what transports invoke. Only
// [*Op] implements it.
type Operation interface {
	// Info describes the operation.
	Info() OpInfo
	// Invoke runs the operation through the pipeline with an input that
	// decode fills in (decode receives a pointer to the input type). The
	// outcome says what happened to the caller's session, for the
	// transport to set or clear its cookie or header.
	Invoke(ctx context.Context, decode func(in any) error) (out any, oc Outcome, err error)
	bind(a *Auth) error
}

// OpInfo describes an operation.
type OpInfo struct {
	// Name is unique, "plugin.camelCase": "password.signIn".
	Name string
	// Method and Path are the HTTP route, Path relative to the prefix the
	// host mounts the handler at ("/password/sign-in"). Both empty make a
	// server operation ([OpInfo.ServerOnly]), which no transport serves:
	// only its Go method runs it, such as [Auth.CreateUser].
	Method, Path string
	// Codes is the closed set of error codes the operation may return
	// besides the core ones; any other error becomes "internal".
	Codes []*Error
	// Rate limits the calls per client IP and per account key.
	Rate RateRules
	// Session is what the operation needs of the caller's session.
	Session Requirement
	// Writes marks an operation that changes state: it runs in a
	// transaction and, for browsers, passes the CSRF origin check.
	Writes bool
	// Credential marks an operation that checks a credential; its
	// failures count towards credential-stuffing detection.
	Credential bool
	// Form lets the HTTP transport accept a form-encoded body besides JSON,
	// for callbacks a third party posts (OAuth's form_post response mode).
	Form bool
	// AcceptsKeys lets a session that a [CredentialResolver] resolved (an
	// API key) meet the session requirement of SessionUser; any other
	// operation answers such a caller [ErrSessionRequired] (SessionUser),
	// or sees no session (SessionOptional). SessionFresh never takes one:
	// a key proves no recent sign-in.
	AcceptsKeys bool
	// Input and Output are the operation's Go input and output types
	// (In and Out of its [Op]), for generators that describe the routes:
	// the OpenAPI document and the TypeScript client.
	Input, Output reflect.Type
}

// ServerOnly reports whether the operation has no route: a server
// operation, run only by Go code of the host's (a seeding command, an
// import, an administration page behind the host's own checks) through
// the pipeline like any other, never by a transport.
func (i OpInfo) ServerOnly() bool { return i.Method == "" && i.Path == "" }

// Op is a typed operation. A plugin declares one per feature, returns it
// from Operations, and exposes a typed Go method that calls [Op.Run].
type Op[In, Out any] struct {
	// Name, Method, Path, Codes, Rate, Session, Writes, Credential, Form
	// and AcceptsKeys are as in [OpInfo]. Path may hold wildcards,
	// {provider}, which the HTTP transport fills into the input field of
	// that JSON name.
	Name, Method, Path string
	Codes              []*Error
	Rate               RateRules
	Session            Requirement
	Writes             bool
	Credential         bool
	Form               bool
	AcceptsKeys        bool
	// AccountKey returns the account the call is about (a normalized
	// email ...) for the per-account rate limit, or "" for none.
	AccountKey func(in In) string
	// AccountKeys, instead, returns every account the input may name: an
	// identifier that several kinds read, each in its own normal form
	// (a phone number that is also a valid username). Each is limited,
	// so that another spelling of the same account gets no fresh count.
	AccountKeys func(in In) []string
	// Prepare, if set, runs after the session checks and before the
	// transaction, with c.DB() the pool: slow work that needs no lock, such
	// as hashing a password or asking a remote service, so that the
	// transaction stays short. It may fill in unexported fields of the
	// input for the handler.
	Prepare func(ctx context.Context, c *Call, in *In) error
	// Handler does the work. It runs inside the operation's transaction
	// when Writes is set; c gives it the transaction, the session and the
	// instance.
	Handler func(ctx context.Context, c *Call, in In) (Out, error)

	a *Auth
}

// Info describes the operation.
func (o *Op[In, Out]) Info() OpInfo {
	return OpInfo{Name: o.Name, Method: o.Method, Path: o.Path, Codes: o.Codes, Rate: o.Rate,
		Session: o.Session, Writes: o.Writes, Credential: o.Credential, Form: o.Form, AcceptsKeys: o.AcceptsKeys,
		Input: reflect.TypeFor[In](), Output: reflect.TypeFor[Out]()}
}

func (o *Op[In, Out]) bind(a *Auth) error {
	if o.Handler == nil {
		return fmt.Errorf("operation %q has no handler", o.Name)
	}
	if o.a != nil && o.a != a {
		return fmt.Errorf("operation %q belongs to another instance: make a new plugin value per instance", o.Name)
	}
	o.a = a
	return nil
}

// ErrUnbound is returned by [Op.Run] for an operation whose plugin was not
// passed to [New].
var ErrUnbound = errors.New("auth: the operation's plugin was not passed to auth.New")

// Run runs the operation through the pipeline. Inside an HTTP request
// handled by authhttp the call inherits the request (client IP, session);
// otherwise it is a server call, with no origin to check and the session
// of [WithSessionToken], if any.
func (o *Op[In, Out]) Run(ctx context.Context, in In) (Out, error) {
	out, _, err := o.run(ctx, in)
	return out, err
}

// Invoke implements [Operation].
func (o *Op[In, Out]) Invoke(ctx context.Context, decode func(any) error) (any, Outcome, error) {
	var in In
	if err := decode(&in); err != nil {
		return nil, Outcome{}, AsError(err)
	}
	out, oc, err := o.run(ctx, in)
	if err != nil {
		return nil, oc, err
	}
	return out, oc, nil
}

// JSONShaper is an operation's input or output type whose JSON is not
// what encoding/json derives from its fields (it has a MarshalJSON or
// UnmarshalJSON of its own): JSONShape returns a value of a type that
// encoding/json writes in the same shape, for the generators that
// describe the routes (the OpenAPI document, the TypeScript client). They
// refuse a type with JSON of its own that lacks it rather than guess.
type JSONShaper interface {
	JSONShape() any
}

// InputValidator is an input type that checks itself; the pipeline calls
// Validate after decoding. An error that is not an [*Error] becomes
// [ErrInvalidInput] with the error's text as message.
type InputValidator interface {
	Validate() error
}

// RateRule is a limit of Limit calls per Window. Sliding weighs the
// previous window's count by how much of it still overlaps the last
// Window, which smooths the burst a fixed window allows at its edges.
//
// Challenge, when set, is a lower threshold: past Challenge calls (and up
// to Limit) a call is not refused but must pass a challenge of the
// installed [Challenger] plugins (a captcha, a proof of work). It must be
// below Limit, and [New] refuses it without a Challenger.
type RateRule struct {
	Limit     int
	Window    time.Duration
	Sliding   bool
	Challenge int
}

// IsZero reports whether the rule is unset (no limit).
func (r RateRule) IsZero() bool { return r.Limit == 0 }

// RateRules are an operation's limits per client IP and per account key.
type RateRules struct {
	IP      RateRule
	Account RateRule
}

func (r RateRules) check() string {
	for _, rule := range []RateRule{r.IP, r.Account} {
		if rule.Limit < 0 || (rule.Limit > 0 && rule.Window < time.Millisecond) {
			return "a rate rule needs a positive limit and a window of a millisecond or more"
		}
		if rule.Challenge < 0 || (rule.Challenge > 0 && rule.Challenge >= rule.Limit) {
			return "a rate rule's challenge threshold must be below its limit"
		}
	}
	return ""
}

// Rate rule presets for operations; hosts override them per operation
// with [WithRateLimit].
var (
	// TightRate suits credential checks and messages: sign-in, sign-up,
	// password reset, codes.
	TightRate = RateRules{
		IP:      RateRule{Limit: 20, Window: time.Minute, Sliding: true},
		Account: RateRule{Limit: 5, Window: time.Minute, Sliding: true},
	}
	// DefaultRate suits other state changes.
	DefaultRate = RateRules{IP: RateRule{Limit: 60, Window: time.Minute, Sliding: true}}
)
