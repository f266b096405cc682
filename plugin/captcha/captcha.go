package captcha

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/sesame-go/sesame/auth"
)

// Header is the request header that carries a captcha's response token.
const Header = "X-Captcha-Token"

// FormFields are the form fields the providers' widgets fill with the
// response token, in a form of the page: cf-turnstile-response
// (Turnstile), h-captcha-response (hCaptcha), g-recaptcha-response
// (reCAPTCHA). [TokenFromForm] reads them.
var FormFields = []string{"cf-turnstile-response", "h-captcha-response", "g-recaptcha-response"}

// maxSkew is how far in the future a provider's challenge_ts may be, for
// clocks that disagree a little.
const maxSkew = time.Minute

// Plugin checks a third-party captcha before the operations it guards.
// Make one with [New].
type Plugin struct {
	cfg       config
	v         Verifier
	a         *auth.Auth
	hostnames []string
}

var (
	_ auth.Plugin      = (*Plugin)(nil)
	_ auth.Challenger  = (*Plugin)(nil)
	_ auth.ErrorCoder  = (*Plugin)(nil)
	_ auth.Validator   = (*Plugin)(nil)
	_ auth.Initializer = (*Plugin)(nil)
)

// New returns the captcha plugin, verifying tokens with v: [Turnstile],
// [HCaptcha], [ReCAPTCHA] or a Verifier of the host's.
func New(v Verifier, opts ...Option) *Plugin {
	return &Plugin{cfg: newConfig(opts), v: v}
}

// Name implements [auth.Plugin].
func (p *Plugin) Name() string { return "captcha" }

// ProofHeader implements [auth.Challenger]: [Header].
func (p *Plugin) ProofHeader() string { return Header }

// ErrorCodes implements [auth.ErrorCoder].
func (p *Plugin) ErrorCodes() []*auth.Error {
	return []*auth.Error{ErrRequired, ErrFailed, ErrUnavailable}
}

// Validate implements [auth.Validator]: the options, the verifier, and the
// operations named by [WithOperations] and [WithAction] must exist.
func (p *Plugin) Validate(a *auth.Auth) error {
	errs := []error{p.cfg.check()}
	if p.v == nil {
		errs = append(errs, errors.New("captcha: New needs a Verifier"))
	}
	if s, ok := p.v.(*siteverify); ok {
		errs = append(errs, s.check())
	}
	var named []string
	if p.cfg.opsSet {
		named = p.cfg.ops
	}
	for op := range p.cfg.actions {
		named = append(named, op)
	}
	for _, op := range named {
		if _, ok := a.Operation(op); !ok {
			errs = append(errs, fmt.Errorf("captcha: no operation %q to guard", op))
		}
	}
	return errors.Join(errs...)
}

// Init implements [auth.Initializer].
func (p *Plugin) Init(a *auth.Auth) error {
	p.a = a
	p.hostnames = p.cfg.hostnames
	if len(p.hostnames) == 0 {
		p.hostnames = []string{a.BaseURL().Hostname()}
	}
	return nil
}

// WithToken returns a context carrying a captcha token, for a Go call of
// a guarded operation.
func WithToken(ctx context.Context, token string) context.Context {
	return auth.WithProof(ctx, Header, auth.NewSecret(token))
}

// TokenFromForm returns the response token a provider's widget put in the
// posted form r (one of [FormFields]), for a page that runs an operation
// from a form: forms cannot set the [Header] header, so the page passes
// the token on with [WithToken].
func TokenFromForm(r *http.Request) string {
	for _, f := range FormFields {
		if v := r.PostFormValue(f); v != "" {
			return v
		}
	}
	return ""
}

// Challenge implements [auth.Challenger]: it checks the captcha of a call
// to a guarded operation, or of any call a rate rule demands a challenge
// of.
func (p *Plugin) Challenge(ctx context.Context, c *auth.Call, demanded bool) error {
	op := c.Op().Name
	if !demanded && !slices.Contains(p.cfg.ops, op) {
		return nil
	}
	token, ok := auth.Proof(ctx, Header)
	if !ok || token.Reveal() == "" {
		return ErrRequired
	}
	if !wellFormed(token.Reveal()) {
		return ErrFailed.With("the captcha token is malformed")
	}
	ip := ""
	if req := c.Request(); req.IP.IsValid() {
		ip = req.IP.String()
	}
	vctx, cancel := context.WithTimeout(ctx, p.cfg.timeout)
	defer cancel()
	v, err := p.v.Verify(vctx, token, ip)
	if err != nil {
		p.a.Logger().Warn("captcha: verification failed: the call is refused", "op", op, "err", err)
		return ErrUnavailable.Wrap(err)
	}
	return p.judge(v, op, c.Now())
}

// judge applies the plugin's checks to a provider's verdict.
func (p *Plugin) judge(v *Verdict, op string, now time.Time) error {
	if v == nil {
		return ErrUnavailable.Wrap(errors.New("captcha: the verifier returned no verdict"))
	}
	if !v.Success {
		for _, code := range v.ErrorCodes {
			if slices.Contains(ConfigErrorCodes, code) {
				p.a.Logger().Error("captcha: the provider refused the site's configuration", "op", op, "errorCodes", v.ErrorCodes)
				return ErrUnavailable.Wrap(fmt.Errorf("captcha: provider error codes %v", v.ErrorCodes))
			}
		}
		return ErrFailed
	}
	if v.ChallengeTS.IsZero() {
		return ErrUnavailable.Wrap(errors.New("captcha: a success without challenge_ts"))
	}
	if !slices.ContainsFunc(p.hostnames, func(h string) bool { return strings.EqualFold(h, v.Hostname) }) {
		return ErrFailed.With("the captcha was solved on another site")
	}
	if age := now.Sub(v.ChallengeTS); age > p.cfg.maxAge || age < -maxSkew {
		return ErrFailed.With("the captcha was solved too long ago")
	}
	if want, ok := p.cfg.actions[op]; ok && v.Action != want {
		return ErrFailed.With("the captcha was solved for another action")
	}
	if p.cfg.minScore > 0 && (v.Score == nil || *v.Score < p.cfg.minScore) {
		return ErrFailed
	}
	return nil
}

// wellFormed reports whether a token is printable ASCII, as every
// provider's tokens are, and no longer than a transport accepts: anything
// else is refused before a provider is asked.
func wellFormed(token string) bool {
	if len(token) > auth.MaxProofLen {
		return false
	}
	for i := 0; i < len(token); i++ {
		if token[i] <= ' ' || token[i] > '~' {
			return false
		}
	}
	return true
}
