package email

import (
	"context"
	"errors"
	"net/url"
	"strings"

	"github.com/sesame-go/sesame/auth"
)

// Plugin is the email plugin. Make one with [New].
type Plugin struct {
	cfg       *config
	a         *auth.Auth
	templates map[string]messageTemplate
	ops       ops
	tmplErr   error
}

var (
	_ auth.Plugin           = (*Plugin)(nil)
	_ auth.Operator         = (*Plugin)(nil)
	_ auth.IdentityProvider = (*Plugin)(nil)
	_ auth.UserExtender     = (*Plugin)(nil)
	_ auth.Deliverer        = (*Plugin)(nil)
	_ auth.SignInMethod     = (*Plugin)(nil)
	_ auth.Validator        = (*Plugin)(nil)
	_ auth.Initializer      = (*Plugin)(nil)
	_ auth.IdentityObserver = (*Plugin)(nil)
	_ auth.IdentityAdder    = (*Plugin)(nil)
)

// New returns the email plugin.
func New(opts ...Option) *Plugin {
	cfg := newConfig()
	for _, o := range opts {
		o(cfg)
	}
	p := &Plugin{cfg: cfg, templates: map[string]messageTemplate{}}
	for purpose, t := range cfg.templates {
		mt, err := parseTemplate(purpose, t[0], t[1])
		if err != nil {
			p.tmplErr = errors.Join(p.tmplErr, err)
			continue
		}
		p.templates[purpose] = mt
	}
	p.ops = p.newOps()
	return p
}

// From returns the email plugin of an instance, for other plugins that
// build on it (password sign-up and recovery).
func From(a *auth.Auth) (*Plugin, bool) {
	for _, pl := range a.Plugins() {
		if p, ok := pl.(*Plugin); ok {
			return p, true
		}
	}
	return nil, false
}

// Name implements [auth.Plugin].
func (p *Plugin) Name() string { return "email" }

// Validate implements [auth.Validator].
func (p *Plugin) Validate(*auth.Auth) error {
	return errors.Join(p.cfg.check(), p.tmplErr)
}

// Init implements [auth.Initializer].
func (p *Plugin) Init(a *auth.Auth) error {
	p.a = a
	if p.cfg.linkBase == "" {
		u := a.BaseURL()
		p.cfg.linkBase = u.Scheme + "://" + u.Host
	}
	p.cfg.linkBase = strings.TrimSuffix(p.cfg.linkBase, "/")
	return nil
}

// IdentityKinds implements [auth.IdentityProvider]: email addresses,
// unique, a sign-in identifier.
func (p *Plugin) IdentityKinds() []auth.IdentityKind {
	return []auth.IdentityKind{{Name: Kind, Normalize: Normalize, Unique: true, SignIn: true}}
}

// UserFields implements [auth.UserExtender].
func (p *Plugin) UserFields() []auth.UserField {
	return []auth.UserField{auth.Field("primaryEmail", PrimaryEmail), auth.Field("emailVerifiedAt", EmailVerifiedAt)}
}

// Channels implements [auth.Deliverer]: an "email" channel when a sender
// is set.
func (p *Plugin) Channels() []auth.Channel {
	if p.cfg.sender == nil {
		return nil
	}
	return []auth.Channel{{Kind: "email", Deliver: func(ctx context.Context, m auth.Message) error {
		return p.cfg.sender.Send(ctx, Message{Purpose: m.Purpose, To: m.To, Subject: m.Subject, Text: m.Text})
	}}}
}

// Credentials implements [auth.SignInMethod]: sign-in codes.
func (p *Plugin) Credentials() []string { return []string{"email-code"} }

// DefineTemplate gives another plugin's message a default subject and text
// (text/template sources that see [MessageData]), unless the host already
// gave that purpose its own with [WithTemplate].
func (p *Plugin) DefineTemplate(purpose, subject, text string) error {
	if _, ok := p.cfg.templates[purpose]; ok {
		if _, parsed := p.templates[purpose]; parsed {
			return nil
		}
	}
	t, err := parseTemplate(purpose, subject, text)
	if err != nil {
		return err
	}
	p.cfg.templates[purpose] = [2]string{subject, text}
	p.templates[purpose] = t
	return nil
}

// Link returns the URL of one of the host's pages with a token, such as
// Link("/verify-email", token).
func (p *Plugin) Link(path string, token auth.Secret) string {
	return p.cfg.linkBase + path + "?token=" + url.QueryEscape(token.Reveal())
}

// Send renders the message of a purpose for an address and sends it
// through the email channel with [auth.Call.Send]: after the call
// commits, over HTTP after the answer was sent, or through the outbox
// with [auth.WithOutbox]; nothing is sent if the call fails. Without a
// sender it sends nothing.
func (p *Plugin) Send(ctx context.Context, c *auth.Call, purpose, to string, d MessageData) error {
	t, ok := p.templates[purpose]
	if !ok {
		return errors.New("email: no template for " + purpose)
	}
	d.App, d.Email = p.cfg.app, to
	subject, text, err := t.render(d)
	if err != nil {
		return err
	}
	if p.cfg.sender == nil {
		return nil
	}
	return c.Send(ctx, Kind, auth.Message{Purpose: purpose, To: to, Subject: subject, Text: text})
}
