package authtest

import (
	"database/sql/driver"
	"path/filepath"
	"testing"

	"modernc.org/sqlite"
)

// SQLiteDSN returns the DSN of a SQLite file with the settings Sesame needs:
// foreign keys on, a busy timeout so that writers queue rather than fail,
// write-ahead logging, and transactions that take the write lock when they
// begin (BEGIN IMMEDIATE), so that a read-then-write transaction cannot
// deadlock against another.
func SQLiteDSN(path string) string {
	return "file:" + path + "?_pragma=foreign_keys(1)&_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_txlock=immediate"
}

func openSQLite(tb testing.TB, _ string) driver.Connector {
	return connector{&sqlite.Driver{}, SQLiteDSN(filepath.Join(tb.TempDir(), "test.db"))}
}
