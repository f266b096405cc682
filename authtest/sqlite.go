package authtest

import (
	"database/sql/driver"
	"path/filepath"
	"testing"

	"modernc.org/sqlite"

	"github.com/sesame-go/sesame/sqlb"
)

// SQLiteDSN returns the DSN of a SQLite file with the settings Sesame
// needs: it is [sqlb.SQLiteDSN], which says why each matters.
func SQLiteDSN(path string) string { return sqlb.SQLiteDSN(path) }

func openSQLite(tb testing.TB, _ string) driver.Connector {
	return connector{&sqlite.Driver{}, SQLiteDSN(filepath.Join(tb.TempDir(), "test.db"))}
}
