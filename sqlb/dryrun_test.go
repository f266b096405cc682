package sqlb_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/sesame-go/sesame/sqlb"
)

// TestDryRunRecords applies schema changes and a write to a dry run on
// each dialect: it records what the same DB would execute, the rendered
// DDL, and keeps the schema they leave.
func TestDryRunRecords(t *testing.T) {
	for _, d := range sqlb.Dialects() {
		t.Run(d.Name(), func(t *testing.T) {
			db, dry := sqlb.NewDryRun(d, sqlb.WithTableNames(func(s string) string { return "p_" + s }))
			defer dry.Close()
			changes := []sqlb.DDL{sqlb.CreateTable(people), sqlb.CreateTable(visits), sqlb.AddColumn(visitNote),
				sqlb.AddColumn(visitFlagged), sqlb.CreateIndex(visitByFlag)}
			if err := db.Apply(t.Context(), changes...); err != nil {
				t.Fatalf("Apply: %v", err)
			}
			var want []string
			for _, c := range changes {
				stmts, err := db.RenderDDL(c)
				if err != nil {
					t.Fatal(err)
				}
				want = append(want, stmts...)
			}
			if _, err := db.Exec(t.Context(), sqlb.Insert(people).Row(personID.Set("a"), personEmail.Set("a@x.io"))); err != nil {
				t.Fatalf("Exec: %v", err)
			}
			var id string
			if err := db.All(t.Context(), sqlb.Select(personID.Into(&id)).From(people), func() error {
				t.Error("a dry run's query returned a row")
				return nil
			}); err != nil {
				t.Fatalf("All: %v", err)
			}
			got := dry.Statements()
			if len(got) != len(want)+2 {
				t.Fatalf("recorded %d statements, want %d", len(got), len(want)+2)
			}
			for i, w := range want {
				if got[i].SQL != w || got[i].Query || got[i].Args != nil {
					t.Errorf("statement %d = %+v, want %q", i, got[i], w)
				}
			}
			insert, sel := got[len(want)], got[len(want)+1]
			if insert.Query || !slices.Equal(insert.Args, []any{"a", "a@x.io"}) || !sel.Query {
				t.Errorf("insert %+v and select %+v: want the insert's arguments and the select marked a query", insert, sel)
			}

			if err := dry.Close(); err != nil {
				t.Fatalf("Close: %v", err)
			}
			if err := db.All(t.Context(), sqlb.Select(personID.Into(&id)).From(people), func() error { return nil }); err == nil {
				t.Error("a query after Close = nil error, want one")
			}
			s := dry.Schema()
			if names := s.TableNames(); !slices.Equal(names, []string{"p_person", "p_visit"}) {
				t.Fatalf("tables = %q, want the two, prefixed", names)
			}
			v := s.Tables["p_visit"]
			var cols []string
			for _, c := range v.Columns {
				cols = append(cols, c.Name)
			}
			if !slices.Equal(cols, []string{"id", "person_id", "hash", "count", "score", "note", "flagged"}) {
				t.Errorf("p_visit columns = %q, want the created and the added ones", cols)
			}
			if note, _ := v.Column("note"); !note.Nullable || note.Type != d.ColumnType(sqlb.Text()) {
				t.Errorf("note = %+v, want a nullable %s", note, d.ColumnType(sqlb.Text()))
			}
			if score, _ := v.Column("score"); d == sqlb.Postgres && score.Type != "REAL" {
				t.Errorf("score on postgres = %q, want the override REAL", score.Type)
			}
			var ixs []string
			for _, ix := range v.Indexes {
				ixs = append(ixs, ix.String())
			}
			wantIx := []string{"unique index (hash)", "index (person_id, count)", "index (flagged)"}
			if !slices.Equal(ixs, wantIx) || !slices.Equal(v.PrimaryKey, []string{"id"}) {
				t.Errorf("p_visit indexes %q, key %q; want %q, [id]", ixs, v.PrimaryKey, wantIx)
			}
		})
	}
}

// TestDryRunImpliedIndex models the index MySQL makes for a foreign key
// that no index covers, and its disappearance once one does.
func TestDryRunImpliedIndex(t *testing.T) {
	parent := sqlb.NewTable("parent")
	parentID := sqlb.NewColumn[string](parent, "id", sqlb.String(26))
	parent.PrimaryKey(parentID)
	child := sqlb.NewTable("kid")
	kidID := sqlb.NewColumn[string](child, "id", sqlb.String(26))
	child.PrimaryKey(kidID)
	kidParent := sqlb.AddedColumn[string](child, "parent_id", sqlb.String(26), sqlb.References(parentID, sqlb.Cascade), sqlb.Default(""))
	byParent := child.AddedIndex(kidParent)
	for _, d := range sqlb.Dialects() {
		db, dry := sqlb.NewDryRun(d)
		defer dry.Close()
		if err := db.Apply(t.Context(), sqlb.CreateTable(parent), sqlb.CreateTable(child), sqlb.AddColumn(kidParent)); err != nil {
			t.Fatal(err)
		}
		implied := len(dry.Schema().Tables["kid"].Indexes) == 1 && dry.Schema().Tables["kid"].Indexes[0].Implied
		if implied != (d == sqlb.MySQL) {
			t.Errorf("%v: implied foreign-key index = %v, want %v", d, implied, d == sqlb.MySQL)
		}
		if err := db.Apply(t.Context(), sqlb.CreateIndex(byParent)); err != nil {
			t.Fatal(err)
		}
		if ixs := dry.Schema().Tables["kid"].Indexes; len(ixs) != 1 || ixs[0].Implied {
			t.Errorf("%v: after CreateIndex indexes = %+v, want the declared one alone", d, ixs)
		}
	}
}

// ExampleNewDryRun prints the SQL a schema change would run on
// PostgreSQL, and the columns it would leave, without a database.
func ExampleNewDryRun() {
	db, dry := sqlb.NewDryRun(sqlb.Postgres)
	defer dry.Close()
	if err := db.Apply(context.Background(), sqlb.CreateTable(people)); err != nil {
		fmt.Println(err)
	}
	for _, s := range dry.Statements() {
		fmt.Println(s.SQL)
	}
	for _, c := range dry.Schema().Tables["person"].Columns {
		fmt.Println(c.Name, c.Type, c.Nullable)
	}
	// Output:
	// CREATE TABLE IF NOT EXISTS "person" ("id" VARCHAR(26) NOT NULL, "email" VARCHAR(255) NOT NULL, "name" TEXT NOT NULL, "age" BIGINT NOT NULL, "admin" BOOLEAN NOT NULL, "joined_at" TIMESTAMPTZ(6) NOT NULL, "seen_at" TIMESTAMPTZ(6), PRIMARY KEY ("id"))
	// CREATE UNIQUE INDEX IF NOT EXISTS "person_email_key" ON "person" ("email")
	// id VARCHAR(26) false
	// email VARCHAR(255) false
	// name TEXT false
	// age BIGINT false
	// admin BOOLEAN false
	// joined_at TIMESTAMPTZ(6) false
	// seen_at TIMESTAMPTZ(6) true
}
