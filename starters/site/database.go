package site

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/go-sql-driver/mysql"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"modernc.org/sqlite"

	"github.com/sesame-go/sesame/sqlb"
)

// DefaultDatabase is the SQLite file used when no database is configured,
// relative to the working directory; its directory is created.
const DefaultDatabase = "data/sesame.db"

// sqlitePragmas are the settings Sesame needs of SQLite: foreign keys,
// writers that queue rather than fail, write-ahead logging, and
// transactions that take the write lock when they begin.
const sqlitePragmas = "_pragma=foreign_keys(1)&_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_txlock=immediate"

// database is an open database with its dialect.
type database struct {
	db      *sql.DB
	dialect *sqlb.Dialect
	// where describes the database without its password, for the console.
	where string
}

// openDatabase opens the database that name designates (see
// [Config.Database]) and checks that it answers.
func openDatabase(ctx context.Context, name string) (*database, error) {
	d, err := connect(name)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := d.db.PingContext(ctx); err != nil {
		d.db.Close()
		return nil, fmt.Errorf("site: database %s: %w", d.where, err)
	}
	return d, nil
}

func connect(name string) (*database, error) {
	switch {
	case strings.HasPrefix(name, "postgres://"), strings.HasPrefix(name, "postgresql://"):
		cfg, err := pgx.ParseConfig(name)
		if err != nil {
			return nil, errors.New("site: the postgres URL does not parse") // its error may quote the password
		}
		where := fmt.Sprintf("postgres %s:%d/%s", cfg.Host, cfg.Port, cfg.Database)
		return &database{sql.OpenDB(stdlib.GetConnector(*cfg)), sqlb.Postgres, where}, nil
	case strings.HasPrefix(name, "mysql://"):
		cfg, err := mysql.ParseDSN(strings.TrimPrefix(name, "mysql://"))
		if err != nil {
			return nil, errors.New("site: the mysql DSN does not parse: want mysql://user:password@tcp(host:3306)/db")
		}
		c, err := mysql.NewConnector(cfg)
		if err != nil {
			return nil, fmt.Errorf("site: mysql: %w", err)
		}
		return &database{sql.OpenDB(c), sqlb.MySQL, "mysql " + cfg.Addr + "/" + cfg.DBName}, nil
	}
	path := strings.TrimPrefix(strings.TrimPrefix(name, "sqlite://"), "sqlite:")
	if path == "" {
		path = DefaultDatabase
	}
	if strings.ContainsAny(path, "?#") {
		return nil, fmt.Errorf("site: SQLite path %q: give a plain file path; the app sets the settings itself", path)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("site: %w", err)
	}
	db := sql.OpenDB(dsnConnector{&sqlite.Driver{}, "file:" + path + "?" + sqlitePragmas})
	return &database{db, sqlb.SQLite, "sqlite " + path}, nil
}

// dsnConnector opens connections of a driver that has no connector of its
// own, so that the driver is used without registering it by name.
type dsnConnector struct {
	d   driver.Driver
	dsn string
}

func (c dsnConnector) Connect(context.Context) (driver.Conn, error) { return c.d.Open(c.dsn) }

func (c dsnConnector) Driver() driver.Driver { return c.d }
