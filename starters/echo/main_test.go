package main

import (
	"testing"

	"github.com/sesame-go/sesame/starters/site/sitetest"
)

// TestJourney boots the app on each SQL engine (SQLite in a temporary
// directory; PostgreSQL and MySQL when their variables name servers) and
// walks the whole journey through it, then the admin area and the organizations page.
func TestJourney(t *testing.T) {
	sitetest.Engines(t, func(t *testing.T, db string) {
		srv := sitetest.Start(t, run, "-db", db)
		sitetest.Journey(t, srv.URL, srv.Console)
		sitetest.Admin(t, srv)
		sitetest.Organizations(t, srv)
	})
}
