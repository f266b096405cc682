package sqlb_test

import (
	"strings"
	"testing"

	"github.com/sesame-go/sesame/sqlb"
)

func TestSameType(t *testing.T) {
	tests := []struct {
		d    *sqlb.Dialect
		a, b string
		same bool
	}{
		{sqlb.Postgres, "VARCHAR(255)", "character varying(255)", true},
		{sqlb.Postgres, "VARCHAR(255)", "character varying(64)", false},
		{sqlb.Postgres, "TIMESTAMPTZ(6)", "timestamp(6) with time zone", true},
		{sqlb.Postgres, "TIMESTAMPTZ(6)", "timestamp(6) without time zone", false},
		{sqlb.Postgres, "BOOLEAN", "boolean", true},
		{sqlb.Postgres, "BIGINT", "integer", false},
		{sqlb.Postgres, "UUID", "uuid", true},
		{sqlb.MySQL, "BIGINT", "bigint(20)", true},
		{sqlb.MySQL, "TINYINT(1)", "tinyint(1)", true},
		{sqlb.MySQL, "TINYINT(1)", "tinyint(4)", false},
		{sqlb.MySQL, "LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin", "longtext", true},
		{sqlb.MySQL, "VARBINARY(1020)", "varbinary(1020)", true},
		{sqlb.MySQL, "VARBINARY(1020)", "varchar(255)", false},
		{sqlb.SQLite, "INTEGER", "integer", true},
		{sqlb.SQLite, "TEXT", "BLOB", false},
	}
	for _, tt := range tests {
		if got := sqlb.SameType(tt.d, tt.a, tt.b); got != tt.same {
			t.Errorf("SameType(%v, %q, %q) = %v, want %v", tt.d, tt.a, tt.b, got, tt.same)
		}
	}
}

func TestDiff(t *testing.T) {
	declared := func() *sqlb.Schema {
		return &sqlb.Schema{Tables: map[string]*sqlb.TableSchema{
			"app_user": {Name: "app_user", PrimaryKey: []string{"id"},
				Columns: []sqlb.ColumnSchema{{Name: "id", Type: "VARCHAR(36)"}, {Name: "seen_at", Type: "TIMESTAMPTZ(6)", Nullable: true}},
				Indexes: []sqlb.IndexSchema{{Name: "app_user_seen_at_idx", Columns: []string{"seen_at"}}}},
			"app_note": {Name: "app_note", Columns: []sqlb.ColumnSchema{{Name: "id", Type: "TEXT"}}},
		}}
	}
	owned := func(table string) bool { return strings.HasPrefix(table, "app_") }
	tests := []struct {
		name   string
		change func(live *sqlb.Schema)
		want   string
	}{
		{"none", func(*sqlb.Schema) {}, ""},
		{"missing table", func(l *sqlb.Schema) { delete(l.Tables, "app_note") }, "missing table: app_note"},
		{"extra table", func(l *sqlb.Schema) { l.Tables["app_old"] = &sqlb.TableSchema{Name: "app_old"} }, "extra table: app_old"},
		{"host table", func(l *sqlb.Schema) { l.Tables["shop"] = &sqlb.TableSchema{Name: "shop"} }, ""},
		{"missing column", func(l *sqlb.Schema) { l.Tables["app_user"].Columns = l.Tables["app_user"].Columns[:1] },
			"missing column: app_user seen_at"},
		{"extra column", func(l *sqlb.Schema) {
			l.Tables["app_note"].Columns = append(l.Tables["app_note"].Columns, sqlb.ColumnSchema{Name: "x", Type: "integer"})
		}, "extra column: app_note x: live integer"},
		{"type", func(l *sqlb.Schema) { l.Tables["app_user"].Columns[0].Type = "character varying(20)" },
			"column type: app_user id: declared VARCHAR(36), live character varying(20)"},
		{"nullability", func(l *sqlb.Schema) { l.Tables["app_user"].Columns[1].Nullable = false },
			"column nullability: app_user seen_at: declared NULL, live NOT NULL"},
		{"primary key", func(l *sqlb.Schema) { l.Tables["app_user"].PrimaryKey = nil },
			"primary key: app_user: declared (id), live (none)"},
		{"index renamed", func(l *sqlb.Schema) { l.Tables["app_user"].Indexes[0].Name = "other" }, ""},
		{"missing index", func(l *sqlb.Schema) { l.Tables["app_user"].Indexes = nil }, "missing index: app_user index (seen_at)"},
		{"index made unique", func(l *sqlb.Schema) { l.Tables["app_user"].Indexes[0].Unique = true },
			"missing index: app_user index (seen_at)\nextra index: app_user unique index (seen_at) named app_user_seen_at_idx"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			live := declared()
			live.Tables["app_user"].Columns[0].Type = "character varying(36)" // as the catalog spells it
			tt.change(live)
			var got []string
			for _, d := range sqlb.Diff(sqlb.Postgres, declared(), live, owned) {
				got = append(got, d.String())
			}
			if strings.Join(got, "\n") != tt.want {
				t.Errorf("Diff = %q, want %q", strings.Join(got, "\n"), tt.want)
			}
		})
	}
}
