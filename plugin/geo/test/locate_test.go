package test

import (
	"context"
	"net/netip"
	"testing"

	"github.com/sesame-go/sesame/plugin/geo"
	"github.com/sesame-go/sesame/plugin/geo/maxmind"
)

// TestLocate reads the database mmdbwriter built through the adapter:
// cities with coordinates, a country-only record, IPv6 and IPv4 in IPv6
// form, and addresses the database does not hold.
func TestLocate(t *testing.T) {
	db := openDB(t)
	for _, tt := range []struct {
		addr string
		want geo.Location
	}{
		{amsterdam, geo.Location{Known: true, Country: "NL", Latitude: 52.37, Longitude: 4.89, HasCoordinates: true, AccuracyKM: 20}},
		{"::ffff:" + amsterdam, geo.Location{Known: true, Country: "NL", Latitude: 52.37, Longitude: 4.89, HasCoordinates: true, AccuracyKM: 20}},
		{sydney, geo.Location{Known: true, Country: "AU", Latitude: -33.87, Longitude: 151.21, HasCoordinates: true, AccuracyKM: 50}},
		{usOnly, geo.Location{Known: true, Country: "US"}},
		{berlin6, geo.Location{Known: true, Country: "DE", Latitude: 52.52, Longitude: 13.40, HasCoordinates: true, AccuracyKM: 100}},
		{nowhere, geo.Location{}},
		{"2001:db9::1", geo.Location{}},
	} {
		got, err := db.Locate(context.Background(), netip.MustParseAddr(tt.addr))
		if err != nil || got != tt.want {
			t.Errorf("Locate(%s) = %+v, %v; want %+v", tt.addr, got, err, tt.want)
		}
	}
}

// TestOpenRefusesDamaged: a file that is no database fails to open, with
// an error saying so.
func TestOpenRefusesDamaged(t *testing.T) {
	b := buildDB(t)
	if _, err := maxmind.FromBytes(b[:len(b)/2]); err == nil {
		t.Error("half a database opened")
	}
	if _, err := maxmind.Open(t.TempDir() + "/missing.mmdb"); err == nil {
		t.Error("a missing file opened")
	}
}

// TestDistance checks the haversine distance against known figures.
func TestDistance(t *testing.T) {
	for _, tt := range []struct {
		a, b   geo.Location
		km, to float64
	}{
		{geo.Location{Latitude: 52.37, Longitude: 4.89}, geo.Location{Latitude: -33.87, Longitude: 151.21}, 16630, 30},
		{geo.Location{Latitude: 40.71, Longitude: -74.01}, geo.Location{Latitude: 51.51, Longitude: -0.13}, 5570, 10},
		{geo.Location{Latitude: 52.37, Longitude: 4.89}, geo.Location{Latitude: 52.37, Longitude: 4.89}, 0, 0.001},
		{geo.Location{Latitude: 0, Longitude: 0}, geo.Location{Latitude: 0, Longitude: 180}, 20015, 1},
	} {
		if got := geo.Distance(tt.a, tt.b); got < tt.km-tt.to || got > tt.km+tt.to {
			t.Errorf("Distance(%v, %v) = %.1f km, want %v ± %v", tt.a, tt.b, got, tt.km, tt.to)
		}
	}
}
