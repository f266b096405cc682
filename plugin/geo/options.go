package geo

import (
	"errors"
	"fmt"
	"strings"
)

// Option configures the plugin.
type Option func(*config)

type config struct {
	allow, deny      map[string]bool
	challenge        map[string]bool
	challengeUnknown bool
	refuseUnknown    bool
	operations       map[string]bool // nil: every writing operation but sign-out
	maxKMH           float64
	refuseTravel     bool
	problems         []error
}

// DefaultMaxSpeed is the fastest a person is taken to travel between
// sign-ins, in kilometres per hour: an airliner, with some room.
const DefaultMaxSpeed = 1000

func newConfig(opts []Option) config {
	c := config{maxKMH: DefaultMaxSpeed}
	for _, o := range opts {
		o(&c)
	}
	return c
}

// challenges reports whether the rules may demand a challenge.
func (c config) challenges() bool { return len(c.challenge) > 0 || c.challengeUnknown }

func (c config) check() error {
	if len(c.allow) > 0 && len(c.deny) > 0 {
		c.problems = append(c.problems, errors.New("geo: AllowCountries and DenyCountries exclude each other"))
	}
	if c.maxKMH <= 0 {
		c.problems = append(c.problems, fmt.Errorf("geo: the maximum speed %v km/h must be above zero", c.maxKMH))
	}
	return errors.Join(c.problems...)
}

// countries reads ISO 3166-1 alpha-2 codes, in any case.
func (c *config) countries(option string, codes []string) map[string]bool {
	m := map[string]bool{}
	for _, code := range codes {
		up := strings.ToUpper(strings.TrimSpace(code))
		if len(up) != 2 || up[0] < 'A' || up[0] > 'Z' || up[1] < 'A' || up[1] > 'Z' {
			c.problems = append(c.problems, fmt.Errorf("geo: %s: %q is no ISO 3166-1 alpha-2 country code", option, code))
			continue
		}
		m[up] = true
	}
	return m
}

// AllowCountries lets only clients in these countries (ISO 3166-1
// alpha-2 codes, such as "NL") run the operations the rule covers
// ([Operations]); clients of no known country are refused too, unless
// [AllowUnknown].
func AllowCountries(codes ...string) Option {
	return func(c *config) { c.allow, c.refuseUnknown = c.countries("AllowCountries", codes), true }
}

// DenyCountries refuses clients in these countries the operations the
// rule covers; clients of no known country pass, unless [RefuseUnknown].
func DenyCountries(codes ...string) Option {
	return func(c *config) { c.deny = c.countries("DenyCountries", codes) }
}

// ChallengeCountries asks clients in these countries for a proof (a
// captcha, a proof of work: the installed auth.Challenger plugins) before
// the operations the rule covers, instead of refusing them; [New] (through
// auth.New) requires a Challenger plugin with it. A country the rules
// refuse is refused all the same.
func ChallengeCountries(codes ...string) Option {
	return func(c *config) { c.challenge = c.countries("ChallengeCountries", codes) }
}

// ChallengeUnknown asks clients whose country the GeoIP does not know for
// a proof, as [ChallengeCountries] does.
func ChallengeUnknown() Option { return func(c *config) { c.challengeUnknown = true } }

// RefuseUnknown refuses clients whose country the GeoIP does not know.
func RefuseUnknown() Option { return func(c *config) { c.refuseUnknown = true } }

// AllowUnknown lets clients whose country the GeoIP does not know pass
// an allow list.
func AllowUnknown() Option { return func(c *config) { c.refuseUnknown = false } }

// Operations sets the operations the country rule covers, by name (such
// as "password.signIn"); by default it covers every operation that
// changes something ([auth.OpInfo.Writes]) but signing out and the
// Challenger plugins' own (asking for a proof-of-work puzzle), so that
// reading one's session goes on while travelling, signing out always
// works, and a client asked for a proof can get one.
func Operations(names ...string) Option {
	return func(c *config) {
		c.operations = map[string]bool{}
		for _, n := range names {
			c.operations[n] = true
		}
	}
}

// MaxSpeed sets the fastest a person is taken to travel between two
// sign-ins, in kilometres per hour ([DefaultMaxSpeed] by default).
func MaxSpeed(kmh float64) Option { return func(c *config) { c.maxKMH = kmh } }

// RefuseImpossibleTravel refuses a sign-in farther from the user's last
// one than anyone could travel since, with [ErrImpossibleTravel], instead
// of only reporting it. Note that the refusal comes after the credential
// was checked: it tells whoever tried that the credential was right, as a
// ban does. Pair it with a second factor.
func RefuseImpossibleTravel() Option { return func(c *config) { c.refuseTravel = true } }
