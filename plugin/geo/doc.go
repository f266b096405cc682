// Package geo applies geographic rules to sign-ins and other operations,
// over a [GeoIP] the host supplies (plugin/geo/maxmind reads
// MaxMind-format databases):
//
//   - country rules: [AllowCountries] or [DenyCountries] refuse the
//     operations they cover ([Operations]; by default every operation
//     that changes something but signing out) to clients in other
//     countries, with [ErrCountryRefused]; clients of no known country
//     follow [RefuseUnknown] and [AllowUnknown];
//   - impossible travel: every sign-in of every method is compared with
//     the user's last located one; farther than [MaxSpeed] allows in the
//     time between (less both places' accuracy radii) is reported as
//     [EventImpossibleTravel], and with [RefuseImpossibleTravel] refused
//     with [ErrImpossibleTravel].
//
// Each refusal, and each impossible travel, is a security event for the
// host's sink ([auth.WithEventSink]). A GeoIP that fails fails the
// operation: a rule that cannot be judged lets nothing through.
//
// # Storage
//
// One row per user in auth_geo_last_sign_in: the country and coordinates
// of the last located sign-in, and when; never the address. It is written
// in the sign-in's transaction (one statement per sign-in, none per
// request), so a refused or failed sign-in records nothing.
// Impersonations, server calls (no client address) and addresses the
// GeoIP cannot place with coordinates are neither judged nor recorded.
package geo
