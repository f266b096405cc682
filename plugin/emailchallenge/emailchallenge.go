package emailchallenge

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/internal/linkpage"
	"github.com/sesame-go/sesame/plugin/email"
)

// Plugin is the email-challenge plugin. Make one with [New].
type Plugin struct {
	cfg  *config
	a    *auth.Auth
	mail *email.Plugin
	ops  ops
	page *linkpage.Page
}

var (
	_ auth.Plugin       = (*Plugin)(nil)
	_ auth.Operator     = (*Plugin)(nil)
	_ auth.Schema       = (*Plugin)(nil)
	_ auth.Sweeper      = (*Plugin)(nil)
	_ auth.SignInMethod = (*Plugin)(nil)
	_ auth.Validator    = (*Plugin)(nil)
	_ auth.Initializer  = (*Plugin)(nil)
)

// Credential is the credential kind of the sessions the plugin starts.
const Credential = "emailchallenge"

// PurposeChallenge is the message that carries a challenge's link and
// code, the email plugin's template "email-challenge" (replace it with
// email.WithTemplate; it sees Link and Code).
const PurposeChallenge = "email-challenge"

// LinkPath is the path, under the link base ([WithLinkBase]), of the page
// the links open: mount [Plugin.ConfirmPage] there.
const LinkPath = "/email-challenge"

// New returns the email-challenge plugin. It needs the email plugin, with
// a sender, in the same instance.
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
func (p *Plugin) Name() string { return "emailchallenge" }

// Credentials implements [auth.SignInMethod].
func (p *Plugin) Credentials() []string { return []string{Credential} }

// Validate implements [auth.Validator]: the plugin needs the email plugin
// and its sender.
func (p *Plugin) Validate(a *auth.Auth) error {
	errs := []error{p.cfg.check()}
	if _, ok := email.From(a); !ok {
		errs = append(errs, errors.New("emailchallenge needs the email plugin (email.New) in the same instance"))
	} else if _, ok := a.Channel(email.Kind); !ok {
		errs = append(errs, errors.New("emailchallenge has no way to send a challenge: give the email plugin a sender (email.WithSender)"))
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
	if err := p.mail.DefineTemplate(PurposeChallenge, challengeSubject, challengeText); err != nil {
		return fmt.Errorf("emailchallenge: %w", err)
	}
	return nil
}

const (
	challengeSubject = "Your {{.App}} sign-in code: {{.Code}}"
	challengeText    = "To sign in to {{.App}} as {{.Email}}, enter this code in the window where you asked for it:\n\n{{.Code}}\n\nor open this link:\n\n{{.Link}}\n\nEither works once, within {{.Within}}, and signs in that window. If you did not ask for it, ignore this message."
)

// link is the URL a message carries, built from configuration only.
func (p *Plugin) link(token auth.Secret) string {
	return p.cfg.linkBase + LinkPath + "?token=" + url.QueryEscape(token.Reveal())
}

// CookieName returns the name of the cookie that binds a challenge to the
// browser that started it: "__Host-sesame_challenge" when the base URL is
// https, "sesame_challenge" on http.
func (p *Plugin) CookieName() string {
	if p.a != nil && p.a.BaseURL().Scheme == "https" {
		return "__Host-sesame_challenge"
	}
	return "sesame_challenge"
}

// bindingHash is how a browser's binding value is stored and looked up.
func bindingHash(s auth.Secret) []byte {
	h := sha256.Sum256([]byte(s.Reveal()))
	return h[:]
}
