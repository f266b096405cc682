package authtest

import (
	"database/sql"
	"database/sql/driver"
	"testing"

	"github.com/go-sql-driver/mysql"
)

// openMySQL creates a database on the server dsn names and drops it when
// tb ends. The DSN's own parameters (parseTime, loc ...) are kept.
func openMySQL(tb testing.TB, dsn string) driver.Connector {
	tb.Helper()
	cfg, err := mysql.ParseDSN(dsn)
	if err != nil {
		tb.Fatalf("authtest: %s: %v", EnvMySQL, err)
	}
	adminCfg := cfg.Clone()
	adminCfg.DBName = ""
	ac, err := mysql.NewConnector(adminCfg)
	if err != nil {
		tb.Fatalf("authtest: mysql: %v", err)
	}
	admin := sql.OpenDB(ac)
	name := databaseName(tb)
	if _, err := admin.Exec("CREATE DATABASE " + name + " CHARACTER SET utf8mb4 COLLATE utf8mb4_bin"); err != nil {
		admin.Close()
		tb.Fatalf("authtest: mysql: %v", err)
	}
	tb.Cleanup(func() {
		defer admin.Close()
		if _, err := admin.Exec("DROP DATABASE IF EXISTS " + name); err != nil {
			tb.Errorf("authtest: mysql: drop %s: %v", name, err)
		}
	})
	test := cfg.Clone()
	test.DBName = name
	c, err := mysql.NewConnector(test)
	if err != nil {
		tb.Fatalf("authtest: mysql: %v", err)
	}
	return c
}
