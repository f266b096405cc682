package authtest

import (
	"context"
	"database/sql/driver"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// openPostgres creates a database on the server dsn names and drops it,
// with any connection left to it, when tb ends.
func openPostgres(tb testing.TB, dsn string) driver.Connector {
	tb.Helper()
	ctx := context.Background()
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		tb.Fatalf("authtest: %s: %v", EnvPostgres, err)
	}
	admin, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		tb.Fatalf("authtest: postgres: %v", err)
	}
	name := databaseName(tb)
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		admin.Close(ctx)
		tb.Fatalf("authtest: postgres: %v", err)
	}
	tb.Cleanup(func() {
		defer admin.Close(ctx)
		if _, err := admin.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			tb.Errorf("authtest: postgres: drop %s: %v", name, err)
		}
	})
	test := cfg.Copy()
	test.Database = name
	return stdlib.GetConnector(*test)
}
