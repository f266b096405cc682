package site

import (
	"strings"
	"testing"

	"github.com/sesame-go/sesame/sqlb"
)

// TestParseSource: each form of a database name leads to its driver and
// DSN, or to an error that does not show the password.
func TestParseSource(t *testing.T) {
	tests := []struct {
		name               string
		in                 string
		driver, dsn, where string
		wantErr            string // a part of the error's text; "" for none
	}{
		{name: "default", in: "", driver: "sqlite", dsn: sqlb.SQLiteDSN(DefaultDatabase), where: "sqlite " + DefaultDatabase},
		{name: "sqlite path", in: "app/app.db", driver: "sqlite", dsn: sqlb.SQLiteDSN("app/app.db"), where: "sqlite app/app.db"},
		{name: "sqlite: path", in: "sqlite:other/x.db", driver: "sqlite", dsn: sqlb.SQLiteDSN("other/x.db"), where: "sqlite other/x.db"},
		{name: "sqlite:// path", in: "sqlite:///var/app.db", driver: "sqlite", dsn: sqlb.SQLiteDSN("/var/app.db"), where: "sqlite /var/app.db"},
		{name: "postgres URL", in: "postgres://u:hunter2@db.example:5433/app?sslmode=disable", driver: "postgres",
			dsn: "postgres://u:hunter2@db.example:5433/app?sslmode=disable", where: "postgres db.example:5433/app"},
		{name: "postgresql URL", in: "postgresql://u@localhost/app", driver: "postgres", dsn: "postgresql://u@localhost/app", where: "postgres localhost:5432/app"},
		{name: "mysql URL", in: "mysql://u:hunter2@db.example:3307/app", driver: "mysql",
			dsn: "u:hunter2@tcp(db.example:3307)/app?parseTime=true", where: "mysql db.example:3307/app"},
		{name: "mysql URL, default port", in: "mysql://u:hunter2@db.example/app", driver: "mysql",
			dsn: "u:hunter2@tcp(db.example:3306)/app?parseTime=true", where: "mysql db.example:3306/app"},
		{name: "mysql URL, escaped password", in: "mysql://u:p%40ss%2Fw@db/app", driver: "mysql",
			dsn: "u:p@ss/w@tcp(db:3306)/app?parseTime=true", where: "mysql db:3306/app"},
		{name: "mysql URL, IPv6", in: "mysql://root@[::1]:3306/app", driver: "mysql",
			dsn: "root@tcp([::1]:3306)/app?parseTime=true", where: "mysql [::1]:3306/app"},
		{name: "mysql URL, parameters", in: "mysql://u@db/app?tls=skip-verify&parseTime=false", driver: "mysql",
			dsn: "u@tcp(db:3306)/app?tls=skip-verify", where: "mysql db:3306/app"},
		{name: "driver DSN", in: "u:hunter2@tcp(db.example:3306)/app?parseTime=true", driver: "mysql",
			dsn: "u:hunter2@tcp(db.example:3306)/app?parseTime=true", where: "mysql db.example:3306/app"},
		{name: "driver DSN, no parameters", in: "root@tcp(127.0.0.1:3306)/sesame_test", driver: "mysql",
			dsn: "root@tcp(127.0.0.1:3306)/sesame_test", where: "mysql 127.0.0.1:3306/sesame_test"},
		{name: "driver DSN, no user", in: "tcp(db:3306)/app", driver: "mysql", dsn: "tcp(db:3306)/app", where: "mysql db:3306/app"},
		{name: "driver DSN, socket", in: "u:hunter2@unix(/run/mysqld/mysqld.sock)/app", driver: "mysql",
			dsn: "u:hunter2@unix(/run/mysqld/mysqld.sock)/app", where: "mysql /run/mysqld/mysqld.sock/app"},

		{name: "mysql URL with the driver's address", in: "mysql://u:hunter2@tcp(db.example:3306)/app", wantErr: "want mysql://user:password@host:3306/db"},
		{name: "mysql URL without database", in: "mysql://u:hunter2@db.example:3306", wantErr: "names no database"},
		{name: "mysql URL with a path", in: "mysql://u:hunter2@db.example/app/x", wantErr: "names no database"},
		{name: "mysql URL without host", in: "mysql:///app", wantErr: "does not parse"},
		{name: "mysql URL, bad parameter", in: "mysql://u:hunter2@db/app?parseTime=maybe", wantErr: "parameters"},
		{name: "driver DSN, bad parameter", in: "u:hunter2@tcp(db:3306)/app?parseTime=maybe", wantErr: "does not parse"},
		{name: "URL without scheme", in: "u:hunter2@db.example:3306/app", wantErr: "looks like a server's address"},
		{name: "driver DSN, default address", in: "u:hunter2@/app", wantErr: "looks like a server's address"},
		{name: "other scheme", in: "mariadb://u:hunter2@db/app", wantErr: `scheme "mariadb"`},
		{name: "sqlite settings", in: "app.db?_pragma=foreign_keys(0)", wantErr: "give a plain file path"},
		{name: "bad postgres URL", in: "postgres://u:hunter2@db:notaport/app", wantErr: "postgres URL does not parse"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseSource(tt.in)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("parseSource(%q) = %+v, %v; want an error with %q", tt.in, got, err, tt.wantErr)
				}
				if strings.Contains(err.Error(), "hunter2") {
					t.Errorf("parseSource(%q) = %v: the error shows the password", tt.in, err)
				}
				return
			}
			if err != nil || got.driver != tt.driver || got.dsn != tt.dsn || got.where != tt.where {
				t.Fatalf("parseSource(%q) = %s %q %q, %v; want %s %q %q", tt.in, got.driver, got.dsn, got.where, err, tt.driver, tt.dsn, tt.where)
			}
			if strings.Contains(got.where, "hunter2") {
				t.Errorf("parseSource(%q) describes the database with its password: %q", tt.in, got.where)
			}
		})
	}
}
