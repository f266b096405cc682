package maxmind

import (
	"context"
	"fmt"
	"net/netip"

	"github.com/oschwald/maxminddb-golang/v2"

	"github.com/sesame-go/sesame/plugin/geo"
)

// DB locates addresses in a MaxMind-format database, for [geo.New]. It
// is safe for concurrent use. Make one with [Open] or [FromBytes], and
// Close it when done.
type DB struct {
	r *maxminddb.Reader
}

var _ geo.GeoIP = (*DB)(nil)

// Open opens the database file at path (memory-mapped).
func Open(path string) (*DB, error) {
	r, err := maxminddb.Open(path)
	if err != nil {
		return nil, fmt.Errorf("maxmind: open %s: %w", path, err)
	}
	return &DB{r: r}, nil
}

// FromBytes reads a database held in memory, such as one embedded in the
// host's binary. The bytes must not change while the DB is in use.
func FromBytes(b []byte) (*DB, error) {
	r, err := maxminddb.OpenBytes(b)
	if err != nil {
		return nil, fmt.Errorf("maxmind: read the database: %w", err)
	}
	return &DB{r: r}, nil
}

// Close releases the database.
func (d *DB) Close() error { return d.r.Close() }

// record is what Locate reads of a GeoIP2/GeoLite2 City or Country record.
type record struct {
	Country struct {
		ISOCode string `maxminddb:"iso_code"`
	} `maxminddb:"country"`
	// RegisteredCountry answers for addresses the database places only by
	// their registration (anycast, satellite providers).
	RegisteredCountry struct {
		ISOCode string `maxminddb:"iso_code"`
	} `maxminddb:"registered_country"`
	Location struct {
		Latitude       *float64 `maxminddb:"latitude"`
		Longitude      *float64 `maxminddb:"longitude"`
		AccuracyRadius uint16   `maxminddb:"accuracy_radius"`
	} `maxminddb:"location"`
}

// Locate implements [geo.GeoIP] on a City or Country database: the
// country (the registered one when the database has no other), and for a
// City database the coordinates and their accuracy radius. An address the
// database does not hold is not Known; a damaged database is an error.
func (d *DB) Locate(_ context.Context, ip netip.Addr) (geo.Location, error) {
	res := d.r.Lookup(ip.Unmap())
	if err := res.Err(); err != nil {
		return geo.Location{}, fmt.Errorf("maxmind: look up an address: %w", err)
	}
	if !res.Found() {
		return geo.Location{}, nil
	}
	var rec record
	if err := res.Decode(&rec); err != nil {
		return geo.Location{}, fmt.Errorf("maxmind: decode a record: %w", err)
	}
	loc := geo.Location{Country: rec.Country.ISOCode}
	if loc.Country == "" {
		loc.Country = rec.RegisteredCountry.ISOCode
	}
	if l := rec.Location; l.Latitude != nil && l.Longitude != nil {
		loc.Latitude, loc.Longitude, loc.HasCoordinates = *l.Latitude, *l.Longitude, true
		loc.AccuracyKM = float64(l.AccuracyRadius)
	}
	loc.Known = loc.Country != "" || loc.HasCoordinates
	return loc, nil
}
