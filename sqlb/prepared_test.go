package sqlb_test

import (
	"context"
	"testing"

	"github.com/sesame-go/sesame/sqlb"
)

// TestQueryRefusesMisuse: a prepared query that would bind a value once,
// or is run with the wrong values, fails before any SQL runs (the DB has
// no Querier: reaching it would panic).
func TestQueryRefusesMisuse(t *testing.T) {
	var id, email string
	byEmail := sqlb.Prepare(sqlb.Select().From(people).Where(sqlb.Compare(personEmail, sqlb.OpEq, sqlb.Param[string](0))))
	items := []sqlb.Selection{personID.Into(&id)}
	tests := []struct {
		name   string
		q      *sqlb.Query
		items  []sqlb.Selection
		params []any
	}{
		{"bound value", sqlb.Prepare(sqlb.Select().From(people).Where(personEmail.Eq("a@x.io"))), items, nil},
		{"limit", sqlb.Prepare(sqlb.Select().From(people).Where(sqlb.Compare(personEmail, sqlb.OpEq, sqlb.Param[string](0))).Limit(1)), items, []any{"a"}},
		{"selections built in", sqlb.Prepare(sqlb.Select(personID.Into(&id)).From(people)), items, nil},
		{"gap in parameters", sqlb.Prepare(sqlb.Select().From(people).Where(sqlb.Compare(personEmail, sqlb.OpEq, sqlb.Param[string](1)))), items, []any{"a", "b"}},
		{"no selections", byEmail, nil, []any{"a"}},
		{"wrong type", byEmail, items, []any{[]byte("a")}},
		{"too few values", byEmail, items, nil},
		{"too many values", byEmail, items, []any{"a", "b"}},
		{"other selections", byEmail, []sqlb.Selection{personID.Into(&id), personEmail.Into(&email)}, []any{"a"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := sqlb.New(nil, sqlb.Postgres)
			// byEmail's first run renders its SQL with one selection, and
			// fails on its value, an int for a string.
			if err := db.QueryOne(context.Background(), byEmail, items, 7); err == nil {
				t.Fatal("QueryOne(int for a string) = nil, want an error")
			}
			if err := db.QueryOne(context.Background(), tt.q, tt.items, tt.params...); err == nil {
				t.Errorf("QueryOne(%s) = nil, want an error", tt.name)
			}
		})
	}
}

// TestParamOutsideQuery: a Param in a statement run as such binds nothing
// and fails to render.
func TestParamOutsideQuery(t *testing.T) {
	var id string
	db := sqlb.New(nil, sqlb.SQLite)
	if query, _, err := db.Render(sqlb.Select(personID.Into(&id)).From(people).Where(sqlb.Compare(personEmail, sqlb.OpEq, sqlb.Param[string](0)))); err == nil {
		t.Errorf("Render(statement with a Param) = %q, want an error", query)
	}
}

// TestQueryPerDB: one Query run on two DBs of other dialects and naming
// renders each its own SQL, and keeps each (as two instances of Sesame
// with other table prefixes share the package's queries).
func TestQueryPerDB(t *testing.T) {
	byEmail := sqlb.Prepare(sqlb.Select().From(people).Where(sqlb.Compare(personEmail, sqlb.OpEq, sqlb.Param[string](0))))
	var id string
	ctx := context.Background()
	pg, pgRuns := sqlb.NewDryRun(sqlb.Postgres, sqlb.WithTableNames(func(s string) string { return "a_" + s }))
	defer pgRuns.Close()
	my, myRuns := sqlb.NewDryRun(sqlb.MySQL, sqlb.WithTableNames(func(s string) string { return "b_" + s }))
	defer myRuns.Close()
	for _, db := range []*sqlb.DB{pg, my, pg, my} {
		db.QueryOne(ctx, byEmail, []sqlb.Selection{personID.Into(&id)}, "ada@example.com")
	}
	want := map[*sqlb.DryRun]string{
		pgRuns: `SELECT "a_person"."id" FROM "a_person" WHERE "a_person"."email" = $1`,
		myRuns: "SELECT `b_person`.`id` FROM `b_person` WHERE `b_person`.`email` = ?",
	}
	for runs, sql := range want {
		got := runs.Statements()
		if len(got) != 2 {
			t.Fatalf("statements run = %d, want 2", len(got))
		}
		for _, r := range got {
			if r.SQL != sql || len(r.Args) != 1 || r.Args[0] != "ada@example.com" {
				t.Errorf("ran %q %v, want %q [ada@example.com]", r.SQL, r.Args, sql)
			}
		}
	}
}
