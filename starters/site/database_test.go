package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/sqlb"
)

func TestConnect(t *testing.T) {
	t.Chdir(t.TempDir())
	tests := []struct {
		name, where string
		dialect     *sqlb.Dialect
		file        string // the SQLite file's directory, created
	}{
		{"", "sqlite " + DefaultDatabase, sqlb.SQLite, "data"},
		{"app/app.db", "sqlite app/app.db", sqlb.SQLite, "app"},
		{"sqlite:other/x.db", "sqlite other/x.db", sqlb.SQLite, "other"},
		{"postgres://u:hunter2@db.example:5433/app?sslmode=disable", "postgres db.example:5433/app", sqlb.Postgres, ""},
		{"postgresql://u@localhost/app", "postgres localhost:5432/app", sqlb.Postgres, ""},
		{"mysql://u:hunter2@tcp(db.example:3306)/app", "mysql db.example:3306/app", sqlb.MySQL, ""},
	}
	for _, tt := range tests {
		d, err := connect(tt.name)
		if err != nil {
			t.Fatalf("connect(%q) = %v", tt.name, err)
		}
		d.db.Close()
		if d.dialect != tt.dialect || d.where != tt.where {
			t.Errorf("connect(%q) = %s %q, want %s %q", tt.name, d.dialect, d.where, tt.dialect, tt.where)
		}
		if strings.Contains(d.where, "hunter2") {
			t.Errorf("connect(%q) describes the database with its password: %q", tt.name, d.where)
		}
		if tt.file != "" {
			if fi, err := os.Stat(filepath.Join(".", tt.file)); err != nil || !fi.IsDir() {
				t.Errorf("connect(%q) did not create the directory %s: %v", tt.name, tt.file, err)
			}
		}
	}
}

func TestConnectErrors(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, name := range []string{
		"app.db?_pragma=foreign_keys(0)",
		"postgres://u:hunter2@db:notaport/app",
		"mysql://u:hunter2@db.example:3306/app", // the address needs tcp(...)
	} {
		d, err := connect(name)
		if err == nil {
			d.db.Close()
			t.Errorf("connect(%q) = nil error, want one", name)
			continue
		}
		if strings.Contains(err.Error(), "hunter2") {
			t.Errorf("connect(%q) = %v: the error shows the password", name, err)
		}
	}
}
