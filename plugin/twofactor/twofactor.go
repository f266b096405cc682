package twofactor

import (
	"errors"
	"slices"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/phone"
)

// Plugin offers second factors: authenticator apps, mailed and texted
// codes, and recovery codes, and blocks the sessions that wait for one. Make one
// with [New].
type Plugin struct {
	cfg    config
	a      *auth.Auth
	mail   *email.Plugin
	phone  *phone.Plugin
	sealer *auth.Sealer
	// others are the plugins that offer a second factor of their own
	// (passkey), asked whether a user enrolled one.
	others []auth.SecondFactor
	// passing are the operations a pending session may run: the plugin's
	// own and those of [Challenger] plugins.
	passing   []string
	enrolling []string
	ops       ops
}

var (
	_ auth.Plugin           = (*Plugin)(nil)
	_ auth.Operator         = (*Plugin)(nil)
	_ auth.Schema           = (*Plugin)(nil)
	_ auth.UserExtender     = (*Plugin)(nil)
	_ auth.SessionStarter   = (*Plugin)(nil)
	_ auth.SessionChecker   = (*Plugin)(nil)
	_ auth.SecondFactor     = (*Plugin)(nil)
	_ auth.AccountObserver  = (*Plugin)(nil)
	_ auth.IdentityObserver = (*Plugin)(nil)
	_ auth.ErrorCoder       = (*Plugin)(nil)
	_ auth.Sweeper          = (*Plugin)(nil)
)

// Challenger is a plugin that verifies a second factor through operations
// of its own, such as a passkey's assertion: a pending session may run
// the operations ChallengeOps names, and the plugin ends the challenge
// with [Plugin.Pass].
type Challenger interface {
	auth.SecondFactor
	ChallengeOps() []string
}

// New returns the plugin. By default it offers authenticator apps and
// recovery codes, and asks for a second factor after password sign-ins of
// users who enrolled one.
func New(opts ...Option) *Plugin {
	p := &Plugin{cfg: newConfig(opts)}
	p.ops = p.newOps()
	return p
}

// Name implements [auth.Plugin].
func (p *Plugin) Name() string { return "twofactor" }

// Factor implements [auth.SecondFactor].
func (p *Plugin) Factor() string { return "twofactor" }

// Validate implements [auth.Validator].
func (p *Plugin) Validate(a *auth.Auth) error {
	errs := []error{p.cfg.check()}
	if p.cfg.email {
		if _, ok := email.From(a); !ok {
			errs = append(errs, errors.New("twofactor: mailed codes (WithEmailCodes) need the email plugin"))
		}
	}
	if p.cfg.sms {
		_, channel := a.Channel(smsChannel)
		_, kind := a.IdentityKind(phoneKind)
		if !channel || !kind {
			errs = append(errs, errors.New(`twofactor: texted codes (WithTextCodes) need a delivery channel "sms" and identities of kind "phone" (the phone plugin)`))
		}
	}
	return errors.Join(errs...)
}

// Init implements [auth.Initializer].
func (p *Plugin) Init(a *auth.Auth) error {
	p.a = a
	p.sealer, _ = auth.NewSealer(p.cfg.keys...) // checked by Validate
	if p.cfg.issuer == "" {
		p.cfg.issuer = a.BaseURL().Hostname()
	}
	p.passing = []string{OpVerify, OpSendCode, auth.OpSignOut}
	p.enrolling = []string{OpEnrol, OpConfirm, OpList, auth.OpSignOut}
	for _, pl := range a.Plugins() {
		if pl == auth.Plugin(p) {
			continue
		}
		if f, ok := pl.(auth.SecondFactor); ok {
			p.others = append(p.others, f)
		}
		if c, ok := pl.(Challenger); ok {
			p.passing = append(p.passing, c.ChallengeOps()...)
		}
	}
	p.phone, _ = phone.From(a)
	if m, ok := email.From(a); ok {
		p.mail = m
		return p.defineTemplates(m)
	}
	return nil
}

// From returns the twofactor plugin of an instance, for plugins that
// verify a second factor of their own ([Challenger]).
func From(a *auth.Auth) (*Plugin, bool) {
	for _, pl := range a.Plugins() {
		if p, ok := pl.(*Plugin); ok {
			return p, true
		}
	}
	return nil, false
}

func (p *Plugin) passes(op string) bool    { return slices.Contains(p.passing, op) }
func (p *Plugin) enrolment(op string) bool { return slices.Contains(p.enrolling, op) }
