package invite

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"slices"
	"strings"

	"github.com/sesame-go/sesame/auth"
)

// Plugin is invitations: codes that let people sign up, single- or
// multi-use, expiring, optionally bound to an address, with a record of
// who used them; with [WithRequired], sign-up is invite-only on every
// path. Make one with [New].
type Plugin struct {
	cfg config
	ops ops
	a   *auth.Auth
}

var (
	_ auth.Plugin            = (*Plugin)(nil)
	_ auth.Initializer       = (*Plugin)(nil)
	_ auth.Operator          = (*Plugin)(nil)
	_ auth.Schema            = (*Plugin)(nil)
	_ auth.UserCreationGuard = (*Plugin)(nil)
	_ auth.BeforeHook        = (*Plugin)(nil)
	_ auth.AfterHook         = (*Plugin)(nil)
	_ auth.AccountObserver   = (*Plugin)(nil)
	_ auth.IdentityAdder     = (*Plugin)(nil)
	_ auth.ErrorCoder        = (*Plugin)(nil)
	_ auth.Validator         = (*Plugin)(nil)
	_ auth.Sweeper           = (*Plugin)(nil)
)

// New returns the plugin. Without options, invitations are optional
// (sign-up records the invitation it used, if any), every signed-in user
// may invite, and an invitation works for [DefaultTTL].
func New(opts ...Option) *Plugin {
	p := &Plugin{cfg: newConfig(opts)}
	p.ops = p.newOps()
	return p
}

// Name implements [auth.Plugin].
func (p *Plugin) Name() string { return "invite" }

// Init implements [auth.Initializer].
func (p *Plugin) Init(a *auth.Auth) error { p.a = a; return nil }

// Validate implements [auth.Validator].
func (p *Plugin) Validate(*auth.Auth) error { return p.cfg.check() }

// Required reports whether sign-up is invite-only ([WithRequired]).
func (p *Plugin) Required() bool { return p.cfg.required }

type codeKey struct{}

// WithCode returns a context carrying an invitation code, for a host's
// own sign-up code: an operation run with it that creates a user uses the
// invitation, as a browser's accepted code would. It comes before the
// browser's cookie.
func WithCode(ctx context.Context, code auth.Secret) context.Context {
	return context.WithValue(ctx, codeKey{}, code)
}

// newCode returns a fresh code: 32 random bytes, base64url.
func newCode() auth.Secret {
	b := make([]byte, 32)
	rand.Read(b) // never fails (crypto/rand)
	return auth.NewSecret(base64.RawURLEncoding.EncodeToString(b))
}

// codeLength is the length of every code [newCode] makes.
const codeLength = 43

// wellFormed reports whether s could be a code, so that nothing else
// reaches the database.
func wellFormed(s auth.Secret) bool {
	v := s.Reveal()
	return len(v) == codeLength && strings.Trim(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") == ""
}

// codeHash is what the table keeps of a code.
func codeHash(code auth.Secret) []byte {
	h := sha256.Sum256([]byte(code.Reveal()))
	return h[:]
}

// cookieName is the accepted code's cookie: __Host- prefixed on https,
// which pins it to the exact host, path / and Secure.
func (p *Plugin) cookieName() string {
	if p.secure() {
		return "__Host-sesame_invite"
	}
	return "sesame_invite"
}

func (p *Plugin) secure() bool { return p.a.BaseURL().Scheme == "https" }

// cookie sets (maxAge > 0) or clears the accepted code's cookie. It is
// SameSite=Lax so that a provider's callback, a top-level GET, carries it.
func (p *Plugin) cookie(value string, maxAge int) *http.Cookie {
	return &http.Cookie{Name: p.cookieName(), Value: value, Path: "/", MaxAge: maxAge, HttpOnly: true,
		Secure: p.secure(), SameSite: http.SameSiteLaxMode}
}

// presented returns the code a call carries: the context's ([WithCode]),
// else the browser's cookie; fromCookie says which.
func (p *Plugin) presented(ctx context.Context, c *auth.Call) (code auth.Secret, fromCookie, ok bool) {
	if s, ok := ctx.Value(codeKey{}).(auth.Secret); ok && !s.IsZero() {
		return s, false, true
	}
	if s := c.Request().Cookies[p.cookieName()]; !s.IsZero() {
		return s, true, true
	}
	return auth.Secret{}, false, false
}

func (p *Plugin) exempt(name string) bool { return slices.Contains(p.cfg.exempt, name) }

// signUp reports whether an operation is a sign-up that answers alike for
// taken and new identifiers ([WithSignUpOperations]).
func (p *Plugin) signUp(name string) bool { return slices.Contains(p.cfg.signUps, name) }
