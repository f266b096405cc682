package site

import (
	"context"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/sesame-go/sesame/sqlb"
	"github.com/sesame-go/sesame/starters/site/sitetest"
)

// TestConnect opens each kind of database name (without connecting): its
// dialect, and for SQLite the file's directory, created.
func TestConnect(t *testing.T) {
	t.Chdir(t.TempDir())
	tests := []struct {
		name    string
		dialect *sqlb.Dialect
		dir     string // the SQLite file's directory, created
	}{
		{"", sqlb.SQLite, "data"},
		{"app/app.db", sqlb.SQLite, "app"},
		{"sqlite:other/x.db", sqlb.SQLite, "other"},
		{"postgres://u:hunter2@db.example:5433/app?sslmode=disable", sqlb.Postgres, ""},
		{"mysql://u:hunter2@db.example:3306/app", sqlb.MySQL, ""},
		{"u:hunter2@tcp(db.example:3306)/app?parseTime=true", sqlb.MySQL, ""},
	}
	for _, tt := range tests {
		d, err := connect(tt.name)
		if err != nil {
			t.Fatalf("connect(%q) = %v", tt.name, err)
		}
		d.db.Close()
		if d.dialect != tt.dialect {
			t.Errorf("connect(%q) = %s, want %s", tt.name, d.dialect, tt.dialect)
		}
		if tt.dir != "" {
			if fi, err := os.Stat(tt.dir); err != nil || !fi.IsDir() {
				t.Errorf("connect(%q) did not create the directory %s: %v", tt.name, tt.dir, err)
			}
		}
	}
}

// TestConnectRefuses: a name that is no database creates nothing, not
// even a directory named after it, as it did when a driver DSN was taken
// for a SQLite path.
func TestConnectRefuses(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	for _, name := range []string{"u:hunter2@db.example:3306/app", "mysql://u:hunter2@tcp(db.example:3306)/app", "u:hunter2@/app"} {
		if d, err := connect(name); err == nil {
			d.db.Close()
			t.Errorf("connect(%q) = nil error, want one", name)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) > 0 {
		t.Errorf("refused names created %v", entries)
	}
}

// TestMySQLForms opens the database SESAME_TEST_MYSQL names in both forms
// the app takes, the driver's DSN and a mysql:// URL, and reads a time
// through each: the URL's translation connects, with parseTime.
func TestMySQLForms(t *testing.T) {
	server := os.Getenv(sitetest.EnvMySQL)
	if server == "" {
		if slices.Contains(strings.Split(os.Getenv(sitetest.EnvRequire), ","), "mysql") {
			t.Fatalf("mysql is required by %s but %s is not set", sitetest.EnvRequire, sitetest.EnvMySQL)
		}
		t.Skipf("%s is not set: mysql skipped", sitetest.EnvMySQL)
	}
	cfg, err := mysql.ParseDSN(server)
	if err != nil {
		t.Fatalf("%s: %v", sitetest.EnvMySQL, err)
	}
	if cfg.Net != "tcp" {
		t.Skipf("%s does not name a TCP server", sitetest.EnvMySQL)
	}
	u := url.URL{Scheme: "mysql", Host: cfg.Addr, Path: "/" + cfg.DBName, User: url.UserPassword(cfg.User, cfg.Passwd)}
	if cfg.Passwd == "" {
		u.User = url.User(cfg.User)
	}
	for _, name := range []string{server, u.String()} {
		d, err := openDatabase(context.Background(), name)
		if err != nil {
			t.Fatalf("openDatabase(%q) = %v", name, err)
		}
		var now time.Time
		err = d.db.QueryRow("SELECT NOW()").Scan(&now)
		d.db.Close()
		if err != nil && name != server { // the driver's DSN keeps its own parseTime
			t.Errorf("openDatabase(%q): SELECT NOW() into a time.Time: %v", name, err)
		}
	}
}
