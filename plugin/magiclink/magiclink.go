package magiclink

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/internal/linkpage"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/phone"
)

// Plugin is the magic-link plugin. Make one with [New].
type Plugin struct {
	cfg      *config
	a        *auth.Auth
	mail     *email.Plugin
	phone    *phone.Plugin
	channels map[string]channel
	ops      ops
	page     *linkpage.Page
}

var (
	_ auth.Plugin       = (*Plugin)(nil)
	_ auth.Operator     = (*Plugin)(nil)
	_ auth.SignInMethod = (*Plugin)(nil)
	_ auth.Validator    = (*Plugin)(nil)
	_ auth.Initializer  = (*Plugin)(nil)
)

// Credential is the credential kind of the sessions the plugin starts,
// as [auth.Session] records it.
const Credential = "magiclink"

// New returns the magic-link plugin. It needs the email plugin, with a
// sender, in the same instance.
func New(opts ...Option) *Plugin {
	cfg := newConfig()
	for _, o := range opts {
		o(cfg)
	}
	p := &Plugin{cfg: cfg}
	p.ops = p.newOps()
	p.page = p.newPage()
	return p
}

// Name implements [auth.Plugin].
func (p *Plugin) Name() string { return "magiclink" }

// Credentials implements [auth.SignInMethod].
func (p *Plugin) Credentials() []string { return []string{Credential} }

// Validate implements [auth.Validator]: the plugin needs the email
// plugin and its sender, through which the links go.
func (p *Plugin) Validate(a *auth.Auth) error {
	errs := []error{p.cfg.check()}
	if _, ok := email.From(a); !ok {
		errs = append(errs, errors.New("magiclink needs the email plugin (email.New) in the same instance"))
	} else if _, ok := a.Channel(email.Kind); !ok {
		errs = append(errs, errors.New("magiclink has no way to send a link: give the email plugin a sender (email.WithSender)"))
	}
	return errors.Join(errs...)
}

// Init implements [auth.Initializer].
func (p *Plugin) Init(a *auth.Auth) error {
	p.a = a
	p.mail, _ = email.From(a)
	if p.cfg.linkBase == "" {
		u := a.BaseURL()
		p.cfg.linkBase = u.Scheme + "://" + u.Host
	}
	p.cfg.linkBase = strings.TrimSuffix(p.cfg.linkBase, "/")
	for purpose, t := range defaultTemplates {
		if err := p.mail.DefineTemplate(purpose, t[0], t[1]); err != nil {
			return fmt.Errorf("magiclink: %w", err)
		}
	}
	p.channels = map[string]channel{email.Kind: {kind: email.Kind, send: p.sendEmail}}
	if ph, ok := phone.From(a); ok {
		p.phone = ph
		for purpose, text := range textTemplates {
			if err := ph.DefineTemplate(purpose, text); err != nil {
				return fmt.Errorf("magiclink: %w", err)
			}
		}
		p.channels[phone.Kind] = channel{kind: phone.Kind, send: p.sendText}
	}
	return nil
}

// channel delivers links to the identifiers of one kind: addresses, and
// numbers when the phone plugin is in the instance.
type channel struct {
	kind string
	send func(ctx context.Context, c *auth.Call, purpose, to, link string, ttl time.Duration) error
}

// sendEmail sends a link through the email plugin, whose delivery runs
// after the answer (or from the outbox), so that the time of an answer
// does not tell whether a link went out.
func (p *Plugin) sendEmail(ctx context.Context, c *auth.Call, purpose, to, link string, ttl time.Duration) error {
	return p.mail.Send(ctx, c, purpose, to, email.MessageData{Link: link, Minutes: int(ttl / time.Minute)})
}

// sendText texts a link through the phone plugin, after the answer like
// a mail.
func (p *Plugin) sendText(ctx context.Context, c *auth.Call, purpose, to, link string, ttl time.Duration) error {
	return p.phone.Send(ctx, c, purpose, to, phone.MessageData{Link: link, Minutes: int(ttl / time.Minute)})
}

// textTemplates are the texts of the links sent to numbers; they keep to
// one SMS segment where the link allows.
var textTemplates = map[string]string{
	PurposeSignIn: "Sign in to {{.App}}: {{.Link}} Works once, for {{.Within}}. Never share it.",
	PurposeSignUp: "Create your {{.App}} account: {{.Link}} Works once, for {{.Within}}.",
}

// link is the URL a message carries: the host's page under the link
// base, never an address taken from the request.
func (p *Plugin) link(token auth.Secret) string {
	return p.cfg.linkBase + LinkPath + "?token=" + url.QueryEscape(token.Reveal())
}

// LinkPath is the path, under the link base ([WithLinkBase]), of the page
// the links open: mount [Plugin.ConfirmPage] there, or a page of your own
// that posts the token to POST /magic-link/sign-in.
const LinkPath = "/magic-link"

// The purposes of the plugin's messages, which name their templates in
// the email plugin (replace them with email.WithTemplate).
const (
	// PurposeSignIn is the sign-in link sent to a verified address.
	PurposeSignIn = "magic-link"
	// PurposeSignUp is the link that creates an account, sent to an
	// address that names nobody when sign-up is allowed ([WithSignUp]).
	PurposeSignUp = "magic-link-sign-up"
)

var defaultTemplates = map[string][2]string{
	PurposeSignIn: {"Your {{.App}} sign-in link",
		"Open this link within {{.Within}} to sign in to {{.App}} as {{.Email}}:\n\n{{.Link}}\n\nIt works once. If you did not ask for it, ignore this message."},
	PurposeSignUp: {"Create your {{.App}} account",
		"Open this link within {{.Within}} to create your {{.App}} account with {{.Email}} and sign in:\n\n{{.Link}}\n\nIt works once. If you did not ask for it, ignore this message: no account is made."},
}
