package authtest

import (
	"database/sql"
	"os"
	"path/filepath"
	"testing"

	"modernc.org/sqlite"
)

// TestSQLiteDSN opens files of awkward names through SQLiteDSN with
// modernc.org/sqlite: each lands at its path, and every connection has
// the settings Sesame needs.
func TestSQLiteDSN(t *testing.T) {
	tests := []struct {
		name string
		file string
	}{
		{"plain", "app.db"},
		{"space", "my app.db"},
		{"question mark", "what?.db"},
		{"hash", "#1.db"},
		{"percent", "100%25.db"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), tt.file)
			db := sql.OpenDB(connector{&sqlite.Driver{}, SQLiteDSN(path)})
			defer db.Close()
			db.SetMaxOpenConns(2)
			for _, q := range []struct {
				pragma string
				want   string
			}{
				{"foreign_keys", "1"},
				{"busy_timeout", "10000"},
				{"journal_mode", "wal"},
			} {
				var got string
				if err := db.QueryRow("PRAGMA " + q.pragma).Scan(&got); err != nil {
					t.Fatalf("PRAGMA %s: %v", q.pragma, err)
				}
				if got != q.want {
					t.Errorf("PRAGMA %s = %s, want %s", q.pragma, got, q.want)
				}
			}
			if _, err := os.Stat(path); err != nil {
				t.Errorf("the database is not at %q: %v", path, err)
			}
		})
	}
}
