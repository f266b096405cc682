package maxmind_test

import (
	"database/sql"
	"log"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/geo"
	"github.com/sesame-go/sesame/plugin/geo/maxmind"
	"github.com/sesame-go/sesame/sqlb"
)

// A GeoLite2 City database behind the geo plugin: North Korea refused,
// impossible travel refused. It needs the database file, so it is only
// compiled.
func Example() {
	db, err := maxmind.Open("/var/lib/GeoIP/GeoLite2-City.mmdb")
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	var sqlDB *sql.DB // the host's database
	a, err := auth.New(auth.WithDB(sqlDB, sqlb.Postgres), auth.WithBaseURL("https://app.example/auth"),
		auth.WithPlugins(geo.New(db, geo.DenyCountries("KP"), geo.RefuseImpossibleTravel())))
	if err != nil {
		log.Fatal(err)
	}
	_ = a
}
