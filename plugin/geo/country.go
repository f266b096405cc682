package geo

import (
	"context"

	"github.com/sesame-go/sesame/auth"
)

// covers reports whether the country rule applies to an operation.
func (p *Plugin) covers(op auth.OpInfo) bool {
	if p.cfg.operations != nil {
		return p.cfg.operations[op.Name]
	}
	return op.Writes && op.Name != auth.OpSignOut
}

// Before implements [auth.BeforeHook]: the country rule, before the
// operation reads or writes anything. A server call (no client address)
// is the host's own and passes.
func (p *Plugin) Before(ctx context.Context, c *auth.Call, _ any) error {
	if len(p.cfg.allow) == 0 && len(p.cfg.deny) == 0 && !p.cfg.refuseUnknown {
		return nil
	}
	ip := c.Request().IP
	if !ip.IsValid() || !p.covers(c.Op()) {
		return nil
	}
	loc, err := p.geo.Locate(ctx, ip)
	if err != nil {
		return err
	}
	if p.countryAllowed(loc) {
		return nil
	}
	c.Emit(ctx, EventCountryRefused, "country="+loc.Country)
	return ErrCountryRefused
}

// countryAllowed judges a location by the country lists.
func (p *Plugin) countryAllowed(loc Location) bool {
	if !loc.Known || loc.Country == "" {
		return !p.cfg.refuseUnknown
	}
	if len(p.cfg.allow) > 0 {
		return p.cfg.allow[loc.Country]
	}
	return !p.cfg.deny[loc.Country]
}
