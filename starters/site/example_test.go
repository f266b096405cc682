package site_test

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/sesame-go/sesame/starters/site"
)

// Flags win over the environment; the environment over the defaults.
func ExampleParseConfig() {
	env := map[string]string{"DATABASE_URL": "postgres://app@db.internal/app", "ADDR": ":9000"}
	cfg, err := site.ParseConfig("app", []string{"-addr", ":8080"}, func(k string) string { return env[k] }, os.Stderr)
	fmt.Println(cfg.Addr, cfg.Database, err)
	// Output: :8080 postgres://app@db.internal/app <nil>
}

// A net/http (or chi) app serves the whole site with Handler; the
// framework starters register Routes one by one instead, and write the
// JSON routes as their framework's handlers.
func ExampleApp_Handler() {
	ctx := context.Background()
	cfg, err := site.ParseConfig("app", os.Args[1:], os.Getenv, os.Stderr)
	if err != nil {
		log.Fatal(err)
	}
	ln, err := cfg.Listen()
	if err != nil {
		log.Fatal(err)
	}
	s, err := site.New(ctx, cfg, os.Stdout)
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()
	site.Announce(os.Stdout, ln, cfg.BaseURL)
	log.Fatal(site.Serve(ctx, s.Handler(), ln))
}
