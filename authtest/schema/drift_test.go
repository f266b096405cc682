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
		table, ix, ok := pluginIndex(live)
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

// pluginIndex returns the first ordinary index of a plugin's table.
func pluginIndex(s *sqlb.Schema) (string, sqlb.IndexSchema, bool) {
	for _, name := range s.TableNames() {
		if coreTables[name] {
			continue
		}
		for _, ix := range s.Tables[name].Indexes {
			if !ix.Unique {
				return name, ix, true
			}
		}
	}
	return "", sqlb.IndexSchema{}, false
}
