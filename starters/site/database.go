package site

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"os"
	"path/filepath"
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

// connect opens, without connecting yet, the database name designates.
func connect(name string) (*database, error) {
	src, err := parseSource(name)
	if err != nil {
		return nil, err
	}
	switch src.driver {
	case driverPostgres:
		cfg, err := pgx.ParseConfig(src.dsn)
		if err != nil {
			return nil, errors.New("site: the postgres URL does not parse") // its error may quote the password
		}
		return &database{sql.OpenDB(stdlib.GetConnector(*cfg)), sqlb.Postgres, src.where}, nil
	case driverMySQL:
		cfg, err := mysql.ParseDSN(src.dsn)
		if err != nil {
			return nil, errors.New("site: the mysql DSN does not parse")
		}
		c, err := mysql.NewConnector(cfg)
		if err != nil {
			return nil, fmt.Errorf("site: mysql: %w", err)
		}
		return &database{sql.OpenDB(c), sqlb.MySQL, src.where}, nil
	}
	if err := os.MkdirAll(filepath.Dir(src.path), 0o700); err != nil {
		return nil, fmt.Errorf("site: %w", err)
	}
	return &database{sql.OpenDB(dsnConnector{&sqlite.Driver{}, src.dsn}), sqlb.SQLite, src.where}, nil
}

// dsnConnector opens connections of a driver that has no connector of its
// own, so that the driver is used without registering it by name.
type dsnConnector struct {
	d   driver.Driver
	dsn string
}

func (c dsnConnector) Connect(context.Context) (driver.Conn, error) { return c.d.Open(c.dsn) }

func (c dsnConnector) Driver() driver.Driver { return c.d }
