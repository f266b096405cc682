package admin

import (
	"errors"
	"fmt"
	"time"

	"github.com/sesame-go/sesame/auth"
)

// Option configures the plugin.
type Option func(*config)

type config struct {
	authorizer     Authorizer
	roles          Roles
	maxImpersonate time.Duration
}

func newConfig(opts []Option) config {
	c := config{roles: DefaultRoles(), maxImpersonate: auth.MaxImpersonation}
	for _, o := range opts {
		o(&c)
	}
	if c.authorizer == nil {
		c.authorizer = c.roles
	}
	return c
}

func (c config) check() error {
	var errs []error
	if c.maxImpersonate <= 0 || c.maxImpersonate > auth.MaxImpersonation {
		errs = append(errs, fmt.Errorf("admin: WithMaxImpersonation(%v) must be above zero and at most %v", c.maxImpersonate, auth.MaxImpersonation))
	}
	for name := range c.roles {
		if name == "" || len(name) > 64 {
			errs = append(errs, fmt.Errorf("admin: role name %q must have 1 to 64 bytes", name))
		}
	}
	if c.authorizer == nil {
		errs = append(errs, errors.New("admin: WithAuthorizer(nil)"))
	}
	return errors.Join(errs...)
}

// WithAuthorizer makes a decide who may run admin operations, instead of
// the roles of [WithRoles].
func WithAuthorizer(a Authorizer) Option {
	return func(c *config) { c.authorizer = a }
}

// WithRoles sets the roles [Plugin.SetRole] may give and, unless
// [WithAuthorizer] says otherwise, what each allows ([Roles]). The
// default is [DefaultRoles].
func WithRoles(r Roles) Option {
	return func(c *config) { c.roles = r }
}

// WithMaxImpersonation sets the longest an impersonation lasts: at most
// [auth.MaxImpersonation] (an hour, the default).
func WithMaxImpersonation(d time.Duration) Option {
	return func(c *config) { c.maxImpersonate = d }
}
