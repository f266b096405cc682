package geo

import (
	"errors"
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// The plugin's error codes.
var (
	// ErrCountryRefused is an operation from a client in a country the
	// rules refuse ([AllowCountries], [DenyCountries]), or of no known
	// country when the rules refuse those ([RefuseUnknown]).
	ErrCountryRefused = auth.NewError("country_refused", http.StatusForbidden,
		"this is not available where you are")
	// ErrImpossibleTravel is a sign-in farther from the user's last one
	// than anyone could travel since, with [RefuseImpossibleTravel].
	ErrImpossibleTravel = auth.NewError("impossible_travel", http.StatusForbidden,
		"this sign-in looks like it comes from someone else: sign in from where you signed in before, or ask for help")
)

var (
	errNoGeoIP      = errors.New("geo: New needs a GeoIP")
	errNoChallenger = errors.New("geo: ChallengeCountries and ChallengeUnknown need a Challenger plugin (captcha, pow)")
)

// The security events the plugin sends to the event sink
// ([auth.WithEventSink]). Their Detail holds countries and distances,
// never coordinates.
const (
	// EventCountryRefused: the country rule refused an operation. Detail
	// is "country=NL" ("country=" when unknown).
	EventCountryRefused = "geo.country_refused"
	// EventChallenged: the country rule asked a client for a proof
	// ([ChallengeCountries]). Detail is "country=NL" ("country=" when
	// unknown).
	EventChallenged = "geo.challenged"
	// EventImpossibleTravel: a sign-in came from farther than anyone
	// could travel since the user's last one, refused or not. Detail is
	// "from=NL to=AU km=16600 minutes=30 refused=true".
	EventImpossibleTravel = "geo.impossible_travel"
)
