package password

import (
	"errors"
	"fmt"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password/argon2id"
	"github.com/sesame-go/sesame/plugin/password/legacy"
	"github.com/sesame-go/sesame/plugin/username"
)

// Plugin is the password plugin. Make one with [New].
type Plugin struct {
	cfg     *config
	a       *auth.Auth
	mail    *email.Plugin    // nil without the email plugin
	names   *username.Plugin // nil without the username plugin
	kinds   []string         // the identifier kinds people sign in with, in the order they are tried
	ops     ops
	legacy  *legacy.Verifier // checks hashes imported from other systems
	initErr error
}

var (
	_ auth.Plugin       = (*Plugin)(nil)
	_ auth.Operator     = (*Plugin)(nil)
	_ auth.Schema       = (*Plugin)(nil)
	_ auth.SignInMethod = (*Plugin)(nil)
	_ auth.Validator    = (*Plugin)(nil)
	_ auth.Initializer  = (*Plugin)(nil)

	_ auth.PasswordImporter = (*Plugin)(nil)
)

// Message purposes the plugin sends through the email plugin.
const (
	PurposeReset   = "reset-password"
	PurposeChanged = "password-changed"
)

// New returns the password plugin. It needs a plugin of sign-in
// identifiers in the same instance: the email plugin (addresses, and
// recovery by email), the username plugin, or both.
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
	v, err := legacy.New(cfg.legacy...)
	if err != nil {
		p.initErr = errors.Join(p.initErr, fmt.Errorf("password: %w", err))
	}
	p.legacy = v
	p.ops = p.newOps()
	return p
}

// Name implements [auth.Plugin].
func (p *Plugin) Name() string { return "password" }

// Credentials implements [auth.SignInMethod].
func (p *Plugin) Credentials() []string { return []string{"password"} }

// Validate implements [auth.Validator]: the plugin refuses to start
// without a unique sign-in identifier to sign in with (the email plugin's
// addresses, the username plugin's names, or the kinds of
// [WithIdentifierKinds]) and without a way to recover a password (an
// email sender), unless [WithoutRecovery] says so.
func (p *Plugin) Validate(a *auth.Auth) error {
	errs := []error{p.cfg.check(), p.initErr}
	kinds := p.signInKinds(a)
	if len(kinds) == 0 {
		errs = append(errs, errors.New("password needs a unique sign-in identifier: add the email plugin or the username plugin"))
	}
	for _, name := range kinds {
		if k, ok := a.IdentityKind(name); !ok || !k.Unique || !k.SignIn {
			errs = append(errs, fmt.Errorf("password signs in with %q, which is not a unique sign-in identifier kind of this instance", name))
		}
	}
	if _, ok := a.Channel("email"); !ok && !p.cfg.withoutRecovery {
		errs = append(errs, errors.New("password has no way to recover a password: give the email plugin a sender (email.WithSender), or pass password.WithoutRecovery()"))
	}
	return errors.Join(errs...)
}

// signInKinds returns the identifier kinds people sign in with: those of
// WithIdentifierKinds, or by default email and username, of the plugins
// present.
func (p *Plugin) signInKinds(a *auth.Auth) []string {
	if p.cfg.kinds != nil {
		return p.cfg.kinds
	}
	var kinds []string
	if _, ok := email.From(a); ok {
		kinds = append(kinds, email.Kind)
	}
	if _, ok := username.From(a); ok {
		kinds = append(kinds, username.Kind)
	}
	return kinds
}

// Init implements [auth.Initializer].
func (p *Plugin) Init(a *auth.Auth) error {
	p.a = a
	p.mail, _ = email.From(a)
	p.names, _ = username.From(a)
	p.kinds = p.signInKinds(a)
	if p.mail == nil {
		return nil
	}
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
