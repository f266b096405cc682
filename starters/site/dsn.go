package site

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"regexp"
	"strings"

	"github.com/go-sql-driver/mysql"
	"github.com/jackc/pgx/v5"

	"github.com/sesame-go/sesame/sqlb"
)

// The drivers a database name leads to.
const (
	driverSQLite   = "sqlite"
	driverPostgres = "postgres"
	driverMySQL    = "mysql"
)

// source is what a database name (see [Config.Database]) designates: the
// driver and the DSN to give it, and where, the database described
// without its password for the console and errors.
type source struct {
	driver string
	dsn    string
	where  string
	path   string // SQLite: the file, whose directory is created
}

// mysqlDSN matches go-sql-driver/mysql's own DSN,
// [user[:password]@]net(address)/dbname[?params], by its net(address)/.
var mysqlDSN = regexp.MustCompile(`^(.*@)?(tcp|tcp4|tcp6|unix)\([^()]*\)/`)

// urlScheme matches a URL's scheme and the // of its authority.
var urlScheme = regexp.MustCompile(`^([a-zA-Z][a-zA-Z0-9+.-]*)://`)

// parseSource reads a database name: "" for [DefaultDatabase], a SQLite
// file path (sqlite: in front allowed), a postgres:// or postgresql://
// URL, a mysql://user:password@host:3306/db URL, or go-sql-driver/mysql's
// own DSN, user:password@tcp(host:3306)/db?parseTime=true. Anything else
// is an error, which never quotes the name: it may hold a password.
func parseSource(name string) (source, error) {
	switch {
	case strings.HasPrefix(name, "postgres://"), strings.HasPrefix(name, "postgresql://"):
		cfg, err := pgx.ParseConfig(name)
		if err != nil {
			return source{}, errors.New("site: the postgres URL does not parse: want postgres://user:password@host:5432/db") // its error may quote the password
		}
		return source{driverPostgres, name, fmt.Sprintf("postgres %s:%d/%s", cfg.Host, cfg.Port, cfg.Database), ""}, nil
	case strings.HasPrefix(name, "mysql://"):
		return mysqlURL(name)
	case mysqlDSN.MatchString(name):
		cfg, err := mysql.ParseDSN(name)
		if err != nil {
			return source{}, errors.New("site: the mysql DSN does not parse: want user:password@tcp(host:3306)/db?parseTime=true")
		}
		return mysqlSource(cfg), nil
	}
	if m := urlScheme.FindStringSubmatch(name); m != nil && m[1] != "sqlite" {
		return source{}, fmt.Errorf("site: a database URL of scheme %q: want a SQLite file path, postgres://..., mysql://user:password@host:3306/db or user:password@tcp(host:3306)/db", m[1])
	}
	path := strings.TrimPrefix(strings.TrimPrefix(name, "sqlite://"), "sqlite:")
	if path == "" {
		path = DefaultDatabase
	}
	switch {
	case strings.ContainsAny(path, "?#"):
		return source{}, errors.New("site: a SQLite path with ? or #: give a plain file path; the app sets the settings itself")
	case strings.Contains(path, "@"):
		// user:password@host:3306/db, say, would make a directory of it.
		return source{}, errors.New("site: a SQLite path with @ looks like a server's address: write mysql://user:password@host:3306/db, postgres://user:password@host:5432/db, or a file path")
	}
	return source{driverSQLite, sqlb.SQLiteDSN(path), "sqlite " + path, path}, nil
}

// mysqlURL translates mysql://user:password@host:3306/db?params, the
// DATABASE_URL convention, to the driver's configuration: TCP to host
// (port 3306 unless named), parseTime=true, and the URL's parameters,
// which are the driver's (tls=true ...).
func mysqlURL(name string) (source, error) {
	const want = "want mysql://user:password@host:3306/db, or the driver's user:password@tcp(host:3306)/db without mysql://"
	u, err := url.Parse(name)
	if err != nil || u.Opaque != "" || u.Host == "" || u.Fragment != "" {
		return source{}, errors.New("site: the mysql URL does not parse: " + want) // url's error quotes the password
	}
	db := strings.TrimPrefix(u.Path, "/")
	if db == "" || strings.Contains(db, "/") {
		return source{}, errors.New("site: the mysql URL names no database: " + want)
	}
	q := u.Query()
	if q.Get("parseTime") == "" {
		q.Set("parseTime", "true")
	}
	cfg, err := mysql.ParseDSN("/?" + q.Encode())
	if err != nil {
		return source{}, fmt.Errorf("site: the mysql URL's parameters: %w", err) // the driver's error names the parameter, not the password
	}
	port := u.Port()
	if port == "" {
		port = "3306"
	}
	cfg.Net, cfg.Addr, cfg.DBName = "tcp", net.JoinHostPort(u.Hostname(), port), db
	if u.User != nil {
		cfg.User = u.User.Username()
		cfg.Passwd, _ = u.User.Password()
	}
	return mysqlSource(cfg), nil
}

func mysqlSource(cfg *mysql.Config) source {
	return source{driverMySQL, cfg.FormatDSN(), "mysql " + cfg.Addr + "/" + cfg.DBName, ""}
}
