// Package maxmind locates client addresses in a MaxMind-format database
// (GeoIP2 or GeoLite2 City or Country, or any database of the same
// shape), for the geo plugin's country rules and impossible-travel
// check, through github.com/oschwald/maxminddb-golang/v2. It is its own
// module, so that hosts that do not use it never download the reader.
//
//	db, err := maxmind.Open("/var/lib/GeoIP/GeoLite2-City.mmdb")
//	...
//	defer db.Close()
//	g := geo.New(db, geo.DenyCountries("KP"), geo.RefuseImpossibleTravel())
//
// The database is the host's to get and keep current (MaxMind's
// geoipupdate does both); the reader memory-maps the file, so replacing
// it means opening the new one and restarting, or building a new
// instance.
package maxmind
