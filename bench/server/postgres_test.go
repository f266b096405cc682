package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
)

// postgres returns the configuration of a fresh database on the server
// SESAME_TEST_POSTGRES names, dropped when tb ends. Without the variable it
// skips tb, or fails it when SESAME_TEST_REQUIRE_ENGINES names postgres, as
// authtest's engines do (and appends the skip to SESAME_TEST_SKIPLOG, for
// scripts/test.sh's summary).
func postgres(tb testing.TB) *pgx.ConnConfig {
	tb.Helper()
	dsn := os.Getenv("SESAME_TEST_POSTGRES")
	if dsn == "" {
		if slices.Contains(strings.Split(os.Getenv("SESAME_TEST_REQUIRE_ENGINES"), ","), "postgres") {
			tb.Fatal("bench: postgres is required by SESAME_TEST_REQUIRE_ENGINES but SESAME_TEST_POSTGRES is not set")
		}
		logSkip()
		tb.Skip("bench: postgres skipped: set SESAME_TEST_POSTGRES to a DSN to run it")
	}
	ctx := context.Background()
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		tb.Fatal(err)
	}
	admin, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		tb.Fatal(err)
	}
	var b [6]byte
	rand.Read(b[:])
	name := "sesame_b_" + hex.EncodeToString(b[:])
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		admin.Close(ctx)
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		defer admin.Close(ctx)
		if _, err := admin.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			tb.Errorf("drop %s: %v", name, err)
		}
	})
	test := cfg.Copy()
	test.Database = name
	return test
}

// logSkip appends the skip of postgres to the file SESAME_TEST_SKIPLOG
// names, if any.
func logSkip() {
	path := os.Getenv("SESAME_TEST_SKIPLOG")
	if path == "" {
		return
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return
	}
	defer f.Close()
	dir, _ := os.Getwd()
	fmt.Fprintf(f, "postgres SESAME_TEST_POSTGRES %s\n", dir)
}
