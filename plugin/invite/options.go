package invite

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/admin"
	"github.com/sesame-go/sesame/plugin/anonymous"
)

// Option configures the plugin.
type Option func(*config)

// Authorizer decides whether a signed-in user may create an invitation
// over HTTP or with [Plugin.Create]. [Plugin.Issue], the host's own call,
// asks nobody.
type Authorizer func(ctx context.Context, c *auth.Call, u *auth.User, in CreateRequest) (bool, error)

type config struct {
	required   bool
	ttl        time.Duration
	cookieTTL  time.Duration
	authorizer Authorizer
	exempt     []string
	signUps    []string
}

// The default lifetimes.
const (
	// DefaultTTL is how long an invitation works unless its creator says.
	DefaultTTL = 7 * 24 * time.Hour
	// DefaultCookieTTL is how long a browser keeps an accepted code.
	DefaultCookieTTL = time.Hour
)

// opPasswordSignUp is the password plugin's sign-up (password.OpSignUp),
// checked before it runs by default: named by its text, as the password
// plugin is a module of its own.
const opPasswordSignUp = "password.signUp"

func newConfig(opts []Option) config {
	c := config{ttl: DefaultTTL, cookieTTL: DefaultCookieTTL,
		authorizer: func(context.Context, *auth.Call, *auth.User, CreateRequest) (bool, error) { return true, nil },
		exempt:     []string{auth.OpCreateUser, admin.OpCreateUser, anonymous.OpSignIn}, signUps: []string{opPasswordSignUp}}
	for _, o := range opts {
		o(&c)
	}
	return c
}

func (c config) check() error {
	var errs []error
	if c.ttl <= 0 || c.ttl > maxAhead {
		errs = append(errs, fmt.Errorf("invite: WithTTL(%v) must be above zero and at most %v", c.ttl, maxAhead))
	}
	if c.cookieTTL < time.Minute || c.cookieTTL > 24*time.Hour {
		errs = append(errs, fmt.Errorf("invite: WithCookieTTL(%v) must be a minute to a day", c.cookieTTL))
	}
	if c.authorizer == nil {
		errs = append(errs, errors.New("invite: WithAuthorizer(nil)"))
	}
	return errors.Join(errs...)
}

// WithRequired makes sign-up invite-only: every operation that creates a
// user, of every plugin, refuses without a live invitation
// ([ErrInvitationRequired]), except the exempt ones ([WithExempt]).
func WithRequired() Option { return func(c *config) { c.required = true } }

// WithTTL sets how long an invitation works when its creator gives no
// expiry: [DefaultTTL] by default, at most a year.
func WithTTL(d time.Duration) Option { return func(c *config) { c.ttl = d } }

// WithCookieTTL sets how long a browser keeps an accepted code for a
// sign-up to use: [DefaultCookieTTL] by default, a minute to a day.
func WithCookieTTL(d time.Duration) Option { return func(c *config) { c.cookieTTL = d } }

// WithAuthorizer decides who may invite. By default every signed-in user
// may.
func WithAuthorizer(a Authorizer) Option { return func(c *config) { c.authorizer = a } }

// WithExempt names further operations whose user creation needs no
// invitation, besides those exempt by design: [auth.OpCreateUser] and the
// admin plugin's admin.createUser, where the host, or an administrator it
// authorized, decides who gets an account; and the anonymous plugin's
// anonymous.signIn, which makes a guest, not an account: a guest who
// signs up, or gains an identity any other way, needs an invitation as
// anyone does. Name only operations whose callers you already trust to
// create accounts.
func WithExempt(ops ...string) Option {
	return func(c *config) { c.exempt = append(c.exempt, ops...) }
}

// WithSignUpOperations names further sign-up operations that answer the
// same for a taken identifier as for a new one, so that the invitation is
// checked before they run rather than when they create the user (which
// they do only for a new identifier): otherwise their refusal would tell
// which identifiers have accounts. The password plugin's password.signUp
// is one by default.
func WithSignUpOperations(ops ...string) Option {
	return func(c *config) { c.signUps = append(c.signUps, ops...) }
}
