package server

import (
	"database/sql"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// Open returns a pool on the PostgreSQL database dsn names, through
// database/sql and pgx's stdlib driver, of at most size connections, all
// of which it keeps when idle (database/sql keeps 2 by default, and
// reopening connections under load would dominate the measurement; see
// docs/core.md, "Connection pools"). Both Go servers open their pool here,
// so they run on the same driver stack and pool size.
func Open(dsn string, size int) (*sql.DB, error) {
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	return openConfig(cfg, size), nil
}

// openConfig is [Open] on a parsed configuration.
func openConfig(cfg *pgx.ConnConfig, size int) *sql.DB {
	db := sql.OpenDB(stdlib.GetConnector(*cfg))
	db.SetMaxOpenConns(size)
	db.SetMaxIdleConns(size)
	return db
}
