package geo

import (
	"context"
	"errors"
	"net/netip"

	"github.com/sesame-go/sesame/auth"
)

// GeoIP locates a client address: a MaxMind-format database
// (plugin/geo/maxmind), a service, or a table of the host's own.
type GeoIP interface {
	// Locate returns where ip is, with Known false when the database does
	// not know it (a private address, a new range). An error is a failure
	// of the database, which fails the operation: a rule that cannot be
	// judged lets nothing through.
	Locate(ctx context.Context, ip netip.Addr) (Location, error)
}

// Location is where an address is, as far as a [GeoIP] knows.
type Location struct {
	// Known is false when the database does not know the address; the
	// other fields are then empty.
	Known bool
	// Country is the ISO 3166-1 alpha-2 code in upper case, such as "NL";
	// empty when only the coordinates are known.
	Country string
	// Latitude and Longitude are in degrees; HasCoordinates says whether
	// they are known, as a country-level database knows none.
	Latitude, Longitude float64
	HasCoordinates      bool
	// AccuracyKM is the radius around the coordinates the address may be
	// in, in kilometres; 0 when the database says nothing.
	AccuracyKM float64
}

// Plugin applies country rules to operations and refuses, or reports,
// sign-ins farther from the user's last one than anyone could travel in
// the time between. Make one with [New].
type Plugin struct {
	geo GeoIP
	cfg config
	// challengeOps are the Challenger plugins' own operations (a puzzle
	// request), which the default coverage leaves out: a client asked for a
	// proof must be able to get what makes one.
	challengeOps map[string]bool
}

var (
	_ auth.Plugin            = (*Plugin)(nil)
	_ auth.BeforeHook        = (*Plugin)(nil)
	_ auth.SessionStarter    = (*Plugin)(nil)
	_ auth.Schema            = (*Plugin)(nil)
	_ auth.ErrorCoder        = (*Plugin)(nil)
	_ auth.Validator         = (*Plugin)(nil)
	_ auth.ChallengeDemander = (*Plugin)(nil)
)

// New returns the plugin, locating clients with g. Without options it
// applies no country rule and reports impossible travel without refusing
// it (the event [EventImpossibleTravel]); see [AllowCountries],
// [DenyCountries], [ChallengeCountries] and [RefuseImpossibleTravel].
func New(g GeoIP, opts ...Option) *Plugin {
	return &Plugin{geo: g, cfg: newConfig(opts)}
}

// Name implements [auth.Plugin].
func (p *Plugin) Name() string { return "geo" }

// Validate implements [auth.Validator].
func (p *Plugin) Validate(a *auth.Auth) error {
	if p.geo == nil {
		return errNoGeoIP
	}
	p.challengeOps = map[string]bool{}
	challengers := 0
	for _, x := range a.Plugins() {
		if _, ok := x.(auth.Challenger); ok {
			challengers++
			if o, ok := x.(auth.Operator); ok {
				for _, op := range o.Operations() {
					p.challengeOps[op.Info().Name] = true
				}
			}
		}
	}
	if p.cfg.challenges() && challengers == 0 {
		return errors.Join(p.cfg.check(), errNoChallenger)
	}
	return p.cfg.check()
}

// ErrorCodes implements [auth.ErrorCoder]: the country rule may refuse
// any operation it covers, and impossible travel any sign-in.
func (p *Plugin) ErrorCodes() []*auth.Error {
	return []*auth.Error{ErrCountryRefused, ErrImpossibleTravel}
}
