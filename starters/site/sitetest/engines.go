package sitetest

import (
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// The environment variables Engines reads, as the rest of Sesame's tests do.
const (
	// EnvPostgres holds the URL of a PostgreSQL server to create test
	// databases on: postgres://postgres@127.0.0.1:5432/sesame_test?sslmode=disable.
	EnvPostgres = "SESAME_TEST_POSTGRES"
	// EnvMySQL holds the DSN of a MySQL server: root@tcp(127.0.0.1:3306)/sesame_test.
	EnvMySQL = "SESAME_TEST_MYSQL"
	// EnvRequire names the engines that must run, such as
	// "sqlite,postgres,mysql": a missing one fails instead of skipping.
	EnvRequire = "SESAME_TEST_REQUIRE_ENGINES"
)

// Engines runs f as a subtest per SQL engine, with the -db value of a
// fresh database: a SQLite file in a temporary directory always, and a
// database created on the PostgreSQL or MySQL server that [EnvPostgres]
// or [EnvMySQL] names, dropped when the subtest ends. An engine without
// its variable is skipped with a line saying so, unless [EnvRequire]
// names it.
func Engines(t *testing.T, f func(t *testing.T, db string)) {
	required := strings.Split(os.Getenv(EnvRequire), ",")
	engines := []struct {
		name, env string
		create    func(t *testing.T, server string) string
	}{
		{"sqlite", "", func(t *testing.T, _ string) string { return filepath.Join(t.TempDir(), "app.db") }},
		{"postgres", EnvPostgres, createPostgres},
		{"mysql", EnvMySQL, createMySQL},
	}
	for _, e := range engines {
		t.Run(e.name, func(t *testing.T) {
			server := ""
			if e.env != "" {
				if server = os.Getenv(e.env); server == "" {
					if slices.Contains(required, e.name) {
						t.Fatalf("%s is required by %s but %s is not set", e.name, EnvRequire, e.env)
					}
					t.Skipf("%s is not set: %s skipped", e.env, e.name)
				}
			}
			f(t, e.create(t, server))
		})
	}
}

// databaseName is a fresh database name.
func databaseName() string {
	b := make([]byte, 6)
	rand.Read(b)
	return "sesame_starter_" + hex.EncodeToString(b)
}

// createPostgres creates a database on the server and returns its URL.
func createPostgres(t *testing.T, server string) string {
	t.Helper()
	cfg, err := pgx.ParseConfig(server)
	if err != nil {
		t.Fatalf("%s: %v", EnvPostgres, err)
	}
	admin := sql.OpenDB(stdlib.GetConnector(*cfg))
	name := databaseName()
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		admin.Close()
		t.Fatalf("postgres: %v", err)
	}
	t.Cleanup(func() {
		defer admin.Close()
		if _, err := admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)"); err != nil {
			t.Errorf("postgres: drop %s: %v", name, err)
		}
	})
	u, err := url.Parse(server)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		t.Fatalf("%s: want a postgres:// URL", EnvPostgres)
	}
	u.Path = "/" + name
	return u.String()
}

// createMySQL creates a database on the server and returns the driver's
// DSN for it, one of the two forms the app takes.
func createMySQL(t *testing.T, server string) string {
	t.Helper()
	cfg, err := mysql.ParseDSN(server)
	if err != nil {
		t.Fatalf("%s: %v", EnvMySQL, err)
	}
	adminCfg := cfg.Clone()
	adminCfg.DBName = ""
	c, err := mysql.NewConnector(adminCfg)
	if err != nil {
		t.Fatalf("mysql: %v", err)
	}
	admin := sql.OpenDB(c)
	name := databaseName()
	if _, err := admin.Exec("CREATE DATABASE " + name + " CHARACTER SET utf8mb4 COLLATE utf8mb4_bin"); err != nil {
		admin.Close()
		t.Fatalf("mysql: %v", err)
	}
	t.Cleanup(func() {
		defer admin.Close()
		if _, err := admin.Exec("DROP DATABASE IF EXISTS " + name); err != nil {
			t.Errorf("mysql: drop %s: %v", name, err)
		}
	})
	app := cfg.Clone()
	app.DBName = name
	return app.FormatDSN()
}
