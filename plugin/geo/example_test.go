package geo_test

import (
	"fmt"

	"github.com/sesame-go/sesame/plugin/geo"
)

// Distance is what impossible travel measures: Amsterdam to Sydney is
// farther than anyone flies in half an hour, or in sixteen hours at the
// default maximum speed.
func ExampleDistance() {
	amsterdam := geo.Location{Latitude: 52.37, Longitude: 4.89}
	sydney := geo.Location{Latitude: -33.87, Longitude: 151.21}
	km := geo.Distance(amsterdam, sydney)
	fmt.Printf("%.0f km, %.1f hours at %d km/h\n", km, km/geo.DefaultMaxSpeed, geo.DefaultMaxSpeed)
	// Output:
	// 16644 km, 16.6 hours at 1000 km/h
}
