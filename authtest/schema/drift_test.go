package schema

import (
	"testing"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/sqlb"
)

// TestNoDriftWithEveryPlugin migrates with every plugin that has tables
// or user columns, password and passkey included, and finds no drift on
// any engine, then a dropped index of a plugin's table and an extra column
// of the user table.
func TestNoDriftWithEveryPlugin(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		if err := f.a.Migrate(t.Context()); err != nil {
			t.Fatalf("Migrate: %v", err)
		}
		drift, err := f.a.CheckSchema(t.Context())
		if err != nil || !drift.None() {
			t.Fatalf("CheckSchema after Migrate = %v, %v; want no drift:\n%s", drift.None(), err, drift)
		}
		live, err := sqlb.Inspect(t.Context(), e.DB, e.Dialect, nil)
		if err != nil {
			t.Fatal(err)
		}
		table, ix, ok := pluginIndex(live, foreignKeyColumns(t, e))
		if !ok {
			t.Fatal("no plugin table has an ordinary index to drop")
		}
		drop := "DROP INDEX " + ix.Name
		if e.Dialect == sqlb.MySQL {
			drop += " ON " + table
		}
		for _, stmt := range []string{drop, "ALTER TABLE auth_user ADD COLUMN shoe_size INTEGER"} {
			if _, err := e.DB.ExecContext(t.Context(), stmt); err != nil {
				t.Fatalf("%s: %v", stmt, err)
			}
		}
		drift, err = f.a.CheckSchema(t.Context())
		if err != nil {
			t.Fatalf("CheckSchema: %v", err)
		}
		want := []sqlb.Difference{
			{Kind: sqlb.MissingIndex, Table: table, Item: ix.String()},
			{Kind: sqlb.ExtraColumn, Table: "auth_user", Item: "shoe_size"},
		}
		if len(drift.Differences) != len(want) || len(drift.Pending) != 0 {
			t.Fatalf("drift = %s; want %v", drift, want)
		}
		for i, d := range drift.Differences {
			if d.Kind != want[i].Kind || d.Table != want[i].Table || d.Item != want[i].Item {
				t.Errorf("difference %d = %v, want %v", i, d, want[i])
			}
		}
	})
}

// coreTables are the core's tables, whose drift the core's tests cover.
var coreTables = map[string]bool{"auth_user": true, "auth_identity": true, "auth_session": true, "auth_token": true,
	"auth_rate_limit": true, "auth_migration": true, "auth_outbox": true}

// pluginIndex returns the first ordinary index of a plugin's table that
// does not start with a column of fk (by table): an index a foreign key
// may need, which MySQL refuses to drop.
func pluginIndex(s *sqlb.Schema, fk map[string]map[string]bool) (string, sqlb.IndexSchema, bool) {
	for _, name := range s.TableNames() {
		if coreTables[name] {
			continue
		}
		for _, ix := range s.Tables[name].Indexes {
			if !ix.Unique && !fk[name][ix.Columns[0]] {
				return name, ix, true
			}
		}
	}
	return "", sqlb.IndexSchema{}, false
}

// foreignKeyColumns returns, by table, the columns of foreign keys on
// MySQL, the one engine that keeps an index a foreign key needs; on the
// others, none.
func foreignKeyColumns(t *testing.T, e *authtest.Engine) map[string]map[string]bool {
	t.Helper()
	fk := map[string]map[string]bool{}
	if e.Dialect != sqlb.MySQL {
		return fk
	}
	rows, err := e.DB.QueryContext(t.Context(), "SELECT table_name, column_name FROM information_schema.key_column_usage "+
		"WHERE table_schema = DATABASE() AND referenced_table_name IS NOT NULL")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var table, col string
		if err := rows.Scan(&table, &col); err != nil {
			t.Fatal(err)
		}
		if fk[table] == nil {
			fk[table] = map[string]bool{}
		}
		fk[table][col] = true
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(fk) == 0 {
		t.Fatal("no foreign key on MySQL: the catalog query is wrong")
	}
	return fk
}
