package site_test

import (
	"context"
	"io"
	"testing"

	"github.com/sesame-go/sesame/starters/site"
	"github.com/sesame-go/sesame/starters/site/sitetest"
)

// serve is the net/http wiring of the site, as a starter's run is.
func serve(ctx context.Context, args []string, stdout io.Writer) error {
	cfg, err := site.ParseConfig("site", args, func(string) string { return "" }, stdout)
	if err != nil {
		return err
	}
	ln, err := cfg.Listen()
	if err != nil {
		return err
	}
	s, err := site.New(ctx, cfg, stdout)
	if err != nil {
		ln.Close()
		return err
	}
	defer s.Close()
	site.Announce(stdout, ln, cfg.BaseURL)
	return site.Serve(ctx, s.Handler(), ln)
}

// TestJourney walks the whole journey through the net/http wiring, on
// each SQL engine.
func TestJourney(t *testing.T) {
	sitetest.Engines(t, func(t *testing.T, db string) {
		srv := sitetest.Start(t, serve, "-db", db)
		sitetest.Journey(t, srv.URL, srv.Console)
	})
}
