package password

import (
	"errors"
	"fmt"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password/argon2id"
)

// Plugin is the password plugin. Make one with [New].
type Plugin struct {
	cfg     *config
	a       *auth.Auth
	mail    *email.Plugin
	ops     ops
	initErr error
}

var (
	_ auth.Plugin       = (*Plugin)(nil)
	_ auth.Operator     = (*Plugin)(nil)
	_ auth.Schema       = (*Plugin)(nil)
	_ auth.SignInMethod = (*Plugin)(nil)
	_ auth.Validator    = (*Plugin)(nil)
	_ auth.Initializer  = (*Plugin)(nil)
)

// Message purposes the plugin sends through the email plugin.
const (
	PurposeReset   = "reset-password"
	PurposeChanged = "password-changed"
)

// New returns the password plugin. It needs the email plugin in the same
// instance, for addresses and recovery.
func New(opts ...Option) *Plugin {
	cfg := newConfig()
	for _, o := range opts {
		o(cfg)
	}
	p := &Plugin{cfg: cfg}
	if cfg.hasher == nil {
		h, err := argon2id.New(argon2id.DefaultParams)
		if err != nil {
			p.initErr = err
		} else {
			cfg.hasher = h
		}
	}
	p.ops = p.newOps()
	return p
}

// Name implements [auth.Plugin].
func (p *Plugin) Name() string { return "password" }

// Credentials implements [auth.SignInMethod].
func (p *Plugin) Credentials() []string { return []string{"password"} }

// Validate implements [auth.Validator]: the plugin refuses to start
// without a unique sign-in identifier (the email plugin's addresses) and
// without a way to recover a password (an email sender), unless
// [WithoutRecovery] says so.
func (p *Plugin) Validate(a *auth.Auth) error {
	errs := []error{p.cfg.check(), p.initErr}
	if k, ok := a.IdentityKind(email.Kind); !ok || !k.Unique || !k.SignIn {
		errs = append(errs, errors.New("password needs a unique sign-in identifier: add the email plugin"))
	}
	if _, ok := a.Channel("email"); !ok && !p.cfg.withoutRecovery {
		errs = append(errs, errors.New("password has no way to recover a password: give the email plugin a sender (email.WithSender), or pass password.WithoutRecovery()"))
	}
	if _, ok := email.From(a); !ok {
		errs = append(errs, errors.New("password needs the email plugin (email.New) in the same instance"))
	}
	return errors.Join(errs...)
}

// Init implements [auth.Initializer].
func (p *Plugin) Init(a *auth.Auth) error {
	p.a = a
	p.mail, _ = email.From(a)
	for purpose, t := range defaultTemplates {
		if err := p.mail.DefineTemplate(purpose, t[0], t[1]); err != nil {
			return fmt.Errorf("password: %w", err)
		}
	}
	return nil
}

var defaultTemplates = map[string][2]string{
	PurposeReset: {"Reset your {{.App}} password",
		"Open this link within {{.Within}} to choose a new password:\n\n{{.Link}}\n\nIf you did not ask for this, ignore this message: your password stays as it is."},
	PurposeChanged: {"Your {{.App}} password was changed",
		"The password of your {{.App}} account was just changed. If this was not you, reset it now with \"forgot password\" and review your sessions."},
}
