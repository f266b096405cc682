package phone

import (
	"context"
	"errors"
	"text/template"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/email"
)

// Plugin is the phone plugin. Make one with [New].
type Plugin struct {
	cfg       *config
	a         *auth.Auth
	mail      *email.Plugin // nil without the email plugin
	templates map[string]*template.Template
	ops       ops
}

var (
	_ auth.Plugin           = (*Plugin)(nil)
	_ auth.Operator         = (*Plugin)(nil)
	_ auth.IdentityProvider = (*Plugin)(nil)
	_ auth.Deliverer        = (*Plugin)(nil)
	_ auth.SignInMethod     = (*Plugin)(nil)
	_ auth.Validator        = (*Plugin)(nil)
	_ auth.Initializer      = (*Plugin)(nil)
	_ auth.IdentityObserver = (*Plugin)(nil)
	_ auth.Schema           = (*Plugin)(nil)
	_ auth.Sweeper          = (*Plugin)(nil)
)

// New returns the phone plugin. [WithSender] is required.
func New(opts ...Option) *Plugin {
	cfg := newConfig()
	for _, o := range opts {
		o(cfg)
	}
	p := &Plugin{cfg: cfg, templates: map[string]*template.Template{}}
	for purpose, text := range cfg.templates {
		if t, err := parseTemplate(purpose, text); err == nil { // Validate reports the others
			p.templates[purpose] = t
		}
	}
	p.ops = p.newOps()
	return p
}

// From returns the phone plugin of an instance.
func From(a *auth.Auth) (*Plugin, bool) {
	for _, pl := range a.Plugins() {
		if p, ok := pl.(*Plugin); ok {
			return p, true
		}
	}
	return nil, false
}

// Name implements [auth.Plugin].
func (p *Plugin) Name() string { return "phone" }

// Validate implements [auth.Validator].
func (p *Plugin) Validate(*auth.Auth) error { return p.cfg.check() }

// Init implements [auth.Initializer]: with the email plugin, notices go
// to the account's verified addresses too.
func (p *Plugin) Init(a *auth.Auth) error {
	p.a = a
	if m, ok := email.From(a); ok {
		p.mail = m
		for purpose, t := range emailTemplates {
			if err := m.DefineTemplate(purpose, t[0], t[1]); err != nil {
				return err
			}
		}
	}
	return nil
}

// IdentityKinds implements [auth.IdentityProvider]: phone numbers in
// E.164, unique, a sign-in identifier.
func (p *Plugin) IdentityKinds() []auth.IdentityKind {
	return []auth.IdentityKind{{Name: Kind, Normalize: p.normalizeValue, Unique: true, SignIn: true}}
}

// Channels implements [auth.Deliverer]: the "sms" channel, through the
// plugin's [Sender].
func (p *Plugin) Channels() []auth.Channel {
	if p.cfg.sender == nil {
		return nil
	}
	return []auth.Channel{{Kind: Channel, Deliver: func(ctx context.Context, m auth.Message) error {
		return p.cfg.sender.Send(ctx, Message{Purpose: m.Purpose, To: m.To, Text: m.Text})
	}}}
}

// Credentials implements [auth.SignInMethod]: sign-in codes.
func (p *Plugin) Credentials() []string { return []string{Credential} }

// Credential is the credential kind of sessions a code starts.
const Credential = "phone-code"

// Normalize returns a number as the plugin stores it, through its
// normalizer ([WithNormalizer]), or [ErrInvalid] saying why. Numbers of
// calling codes left out by [WithCallingCodes] are refused.
func (p *Plugin) Normalize(raw string) (Number, error) {
	n, err := p.cfg.normalizer.Normalize(raw)
	if err != nil {
		return Number{}, ErrInvalid.With(err.Error())
	}
	if n.E164 == "" || n.CallingCode == "" {
		return Number{}, ErrInvalid.With("the normalizer returned no number")
	}
	if p.cfg.allowed != nil && !p.cfg.allowed[n.CallingCode] {
		return Number{}, ErrInvalid.With("numbers of +" + n.CallingCode + " are not accepted here")
	}
	return n, nil
}

func (p *Plugin) normalizeValue(raw string) (string, error) {
	n, err := p.Normalize(raw)
	return n.E164, err
}

// Send renders the text message of a purpose and sends it to a number
// through the "sms" channel with [auth.Call.Send]: after the call
// commits, over HTTP after the answer was sent, or through the outbox
// with auth.WithOutbox; nothing is sent if the call fails.
func (p *Plugin) Send(ctx context.Context, c *auth.Call, purpose, to string, d MessageData) error {
	t, ok := p.templates[purpose]
	if !ok {
		return errors.New("phone: no template for " + purpose)
	}
	d.App, d.Number = p.cfg.app, to
	text, err := render(t, d)
	if err != nil {
		return err
	}
	return c.Send(ctx, Channel, auth.Message{Purpose: purpose, To: to, Text: text})
}
