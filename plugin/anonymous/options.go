package anonymous

import (
	"errors"
	"fmt"
	"time"

	"github.com/sesame-go/sesame/auth"
)

// DefaultMaxAge is how long a guest lives without [WithMaxAge].
const DefaultMaxAge = 30 * 24 * time.Hour

// Option configures the plugin.
type Option func(*config)

type config struct {
	maxAge  time.Duration
	onLink  LinkFunc
	allowed []string
	name    string
}

func newConfig(opts []Option) config {
	c := config{maxAge: DefaultMaxAge, name: "Guest",
		allowed: []string{auth.OpSession, auth.OpSignOut, auth.OpListSessions, auth.OpRevokeSession, auth.OpRevokeOtherSessions}}
	for _, o := range opts {
		o(&c)
	}
	return c
}

func (c config) check(a *auth.Auth) error {
	var errs []error
	if c.maxAge <= 0 {
		errs = append(errs, fmt.Errorf("anonymous: WithMaxAge(%v) must be above zero", c.maxAge))
	}
	for _, op := range c.allowed {
		if _, ok := a.Operation(op); !ok {
			errs = append(errs, fmt.Errorf("anonymous: WithGuestOperations(%q): no operation has this name", op))
		}
	}
	if len(c.name) > 200 {
		errs = append(errs, errors.New("anonymous: WithName: at most 200 bytes"))
	}
	return errors.Join(errs...)
}

// WithMaxAge sets how long a guest lives: their session ends by then,
// and [Plugin.Sweep] deletes the guests older than that. The default is
// [DefaultMaxAge].
func WithMaxAge(d time.Duration) Option {
	return func(c *config) { c.maxAge = d }
}

// WithOnLink sets what moves a guest's data to the account they signed in
// to (see [LinkFunc]). Without it, the guest is deleted with nothing
// moved.
func WithOnLink(f LinkFunc) Option {
	return func(c *config) { c.onLink = f }
}

// WithGuestOperations lets guests run the named operations (the host's
// own, or a plugin's) that need a signed-in user, besides the core's
// session routes. The host's own routes behind authhttp.Middleware are
// always open to guests: look at [IsGuest] there.
func WithGuestOperations(ops ...string) Option {
	return func(c *config) { c.allowed = append(c.allowed, ops...) }
}

// WithName sets the name of the users made for guests ("Guest").
func WithName(name string) Option {
	return func(c *config) { c.name = name }
}
