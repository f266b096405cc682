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
	return op.Writes && op.Name != auth.OpSignOut && !p.challengeOps[op.Name]
}

// Before implements [auth.BeforeHook]: the country rule, before the
// operation reads or writes anything. A server call (no client address)
// is the host's own and passes.
func (p *Plugin) Before(ctx context.Context, c *auth.Call, _ any) error {
	if len(p.cfg.allow) == 0 && len(p.cfg.deny) == 0 && !p.cfg.refuseUnknown {
		return nil
	}
	loc, ok, err := p.locateCovered(ctx, c)
	if err != nil || !ok || p.countryAllowed(loc) {
		return err
	}
	c.Emit(ctx, EventCountryRefused, "country="+loc.Country)
	return ErrCountryRefused
}

// DemandsChallenge implements [auth.ChallengeDemander]: a client in a
// country of [ChallengeCountries], or of none known with
// [ChallengeUnknown], must pass the installed Challengers. It runs before
// the operation's transaction, where Before later applies the refusals.
func (p *Plugin) DemandsChallenge(ctx context.Context, c *auth.Call) (bool, error) {
	if !p.cfg.challenges() {
		return false, nil
	}
	loc, ok, err := p.locateCovered(ctx, c)
	if err != nil || !ok {
		return false, err
	}
	known := loc.Known && loc.Country != ""
	if known && !p.cfg.challenge[loc.Country] || !known && !p.cfg.challengeUnknown {
		return false, nil
	}
	c.Emit(ctx, EventChallenged, "country="+loc.Country)
	return true, nil
}

// locateCovered locates the client of a call the country rules cover;
// ok is false for an operation they do not cover and for a server call
// (no client address: the host's own, which passes).
func (p *Plugin) locateCovered(ctx context.Context, c *auth.Call) (loc Location, ok bool, err error) {
	ip := c.Request().IP
	if !ip.IsValid() || !p.covers(c.Op()) {
		return Location{}, false, nil
	}
	loc, err = p.geo.Locate(ctx, ip)
	return loc, err == nil, err
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
