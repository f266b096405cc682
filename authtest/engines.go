package authtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"database/sql/driver"
	"encoding/hex"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/sesame-go/sesame/sqlb"
)

// The environment variables that select engines.
const (
	EnvPostgres = "SESAME_TEST_POSTGRES"
	EnvMySQL    = "SESAME_TEST_MYSQL"
	EnvRequire  = "SESAME_TEST_REQUIRE_ENGINES"
	// EnvSkipLog names a file to which Engines appends a line for each
	// engine it skips, once per test process: the engine, its variable
	// and the directory of the package under test. go test shows skips
	// only with -v; scripts/test.sh sums the file up instead.
	EnvSkipLog = "SESAME_TEST_SKIPLOG"
)

// Engine is one SQL engine with a fresh database of its own.
type Engine struct {
	// Name is "sqlite", "postgres" or "mysql".
	Name string
	// Dialect renders SQL for the engine.
	Dialect *sqlb.Dialect
	// DB is a pool on the engine's fresh database.
	DB *sql.DB

	connector driver.Connector
}

// SQL returns a [sqlb.DB] on the engine's database.
func (e *Engine) SQL(opts ...sqlb.Option) *sqlb.DB { return sqlb.New(e.DB, e.Dialect, opts...) }

// Open returns another pool on the same database, closed when tb ends.
func (e *Engine) Open(tb testing.TB) *sql.DB {
	tb.Helper()
	db := sql.OpenDB(e.connector)
	tb.Cleanup(func() { db.Close() })
	return db
}

// engine describes how to reach one kind of server.
type engine struct {
	name    string
	env     string
	dialect *sqlb.Dialect
	// open creates a fresh database and returns a connector to it; the
	// database is dropped when tb ends.
	open func(tb testing.TB, dsn string) driver.Connector
}

var engines = []engine{
	{"sqlite", "", sqlb.SQLite, openSQLite},
	{"postgres", EnvPostgres, sqlb.Postgres, openPostgres},
	{"mysql", EnvMySQL, sqlb.MySQL, openMySQL},
}

// Engines runs fn as a subtest named after each available engine, with a
// fresh database each. Subtests of engines that are not configured are
// skipped, or fail when SESAME_TEST_REQUIRE_ENGINES names them.
func Engines(t *testing.T, fn func(t *testing.T, e *Engine)) {
	t.Helper()
	for _, en := range engines {
		t.Run(en.name, func(t *testing.T) { fn(t, en.start(t)) })
	}
}

// BenchEngines runs fn as a sub-benchmark named after each available
// engine, with a fresh database each, as [Engines] runs a test: engines
// that are not configured are skipped, or fail when
// SESAME_TEST_REQUIRE_ENGINES names them.
func BenchEngines(b *testing.B, fn func(b *testing.B, e *Engine)) {
	b.Helper()
	for _, en := range engines {
		b.Run(en.name, func(b *testing.B) { fn(b, en.start(b)) })
	}
}

// start opens a fresh database of the engine for tb, or skips tb when
// the engine is not configured.
func (en engine) start(tb testing.TB) *Engine {
	tb.Helper()
	dsn := ""
	if en.env != "" {
		dsn = os.Getenv(en.env)
		if dsn == "" {
			if slices.Contains(requiredEngines(), en.name) {
				tb.Fatalf("authtest: %s is required by %s but %s is not set", en.name, EnvRequire, en.env)
			}
			logSkip(en.name, en.env)
			tb.Skipf("authtest: %s skipped: set %s to a DSN to run it", en.name, en.env)
		}
	}
	c := en.open(tb, dsn)
	db := sql.OpenDB(c)
	tb.Cleanup(func() { db.Close() })
	if err := db.PingContext(context.Background()); err != nil {
		tb.Fatalf("authtest: %s: %v", en.name, err)
	}
	return &Engine{Name: en.name, Dialect: en.dialect, DB: db, connector: c}
}

// skipsLogged holds the engines whose skip this process has logged.
var skipsLogged sync.Map

// logSkip appends the skip of an engine to the file EnvSkipLog names, if
// any, once per process. It does its best and never fails a test: the
// log is a summary for people, and the skip line is in the test's output.
func logSkip(name, env string) {
	path := os.Getenv(EnvSkipLog)
	if path == "" {
		return
	}
	if _, logged := skipsLogged.LoadOrStore(name, true); logged {
		return
	}
	dir, _ := os.Getwd()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return
	}
	defer f.Close()
	fmt.Fprintf(f, "%s %s %s\n", name, env, dir)
}

func requiredEngines() []string {
	var out []string
	for _, s := range strings.Split(os.Getenv(EnvRequire), ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// databaseName returns a fresh name for a test database.
func databaseName(tb testing.TB) string {
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		tb.Fatal(err)
	}
	return "sesame_t_" + hex.EncodeToString(b[:])
}

// connector opens connections of a driver by DSN.
type connector struct {
	d   driver.Driver
	dsn string
}

func (c connector) Connect(context.Context) (driver.Conn, error) { return c.d.Open(c.dsn) }
func (c connector) Driver() driver.Driver                        { return c.d }

// SQLiteEngine returns the SQLite engine on a fresh temporary file, for
// benchmarks and the rare test that is about SQLite alone.
func SQLiteEngine(tb testing.TB) *Engine {
	tb.Helper()
	c := openSQLite(tb, "")
	db := sql.OpenDB(c)
	tb.Cleanup(func() { db.Close() })
	return &Engine{Name: "sqlite", Dialect: sqlb.SQLite, DB: db, connector: c}
}
