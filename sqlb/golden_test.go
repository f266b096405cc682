package sqlb_test

import (
	"database/sql"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/sqlb"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

var (
	when = time.Date(2026, 11, 23, 10, 30, 0, 123456789, time.UTC)
	dst  struct {
		id    string
		email string
		n     int64
	}
)

// goldenStatements are rendered in every dialect and compared with
// testdata/golden/<name>.<dialect>.sql.
var goldenStatements = []struct {
	name string
	stmt sqlb.Statement
}{
	{"select_where", sqlb.Select(personID.Into(&dst.id), personEmail.Into(&dst.email)).From(people).
		Where(sqlb.And(personEmail.Eq("a@x.io"), personAge.Ge(18), sqlb.Or(personAdmin.Eq(true), personSeen.IsNull())))},
	{"select_join", sqlb.Select(personID.Into(&dst.id), sqlb.Into(sqlb.Count(), &dst.n)).From(people).
		Join(visits, visitPerson.EqCol(personID)).LeftJoin(visits, visitPerson.EqCol(personID)).
		Where(visitHash.Eq([]byte{1, 2})).OrderBy(personJoined.Desc(), personID.Asc()).Limit(10).Offset(20)},
	{"select_in", sqlb.Select(personID.Into(&dst.id)).From(people).
		Where(sqlb.And(personID.In("a", "b", "c"), personAge.NotIn(), sqlb.Not(personEmail.In()))).ForUpdate()},
	{"select_offset_only", sqlb.Select(personID.Into(&dst.id)).From(people).Offset(5)},
	{"select_compare", sqlb.Select(personID.Into(&dst.id)).From(people).
		Where(sqlb.And(personJoined.Lt(when), personJoined.Le(when), personJoined.Gt(when), personAge.Ne(3),
			sqlb.Compare(sqlb.Add(personAge, sqlb.Val[int64](1)), sqlb.OpLe, sqlb.Val[int64](2)), personSeen.IsNotNull()))},
	{"insert_rows", sqlb.Insert(people).
		Row(personID.Set("a"), personEmail.Set("a@x.io"), personJoined.Set(when), personAdmin.Set(false)).
		Row(personID.Set("b"), personEmail.Set("b@x.io"), personJoined.Set(when), personAdmin.Set(true))},
	{"upsert_update", sqlb.Insert(visits).
		Row(visitID.Set("v"), visitHash.Set([]byte("h")), visitCount.Set(1)).
		OnConflictUpdate([]sqlb.AnyColumn{visitHash}, visitCount.SetTo(sqlb.If(visitCount.Lt(5),
			sqlb.Add(visitCount, sqlb.Excluded(visitCount)), sqlb.Val[int64](1))))},
	{"upsert_nothing", sqlb.Insert(visits).Row(visitID.Set("v"), visitHash.Set([]byte("h"))).OnConflictDoNothing(visitHash)},
	{"update", sqlb.Update(people).Set(personName.Set("N"), personSeen.Set(sql.Null[time.Time]{V: when, Valid: true})).
		Where(sqlb.And(personID.Eq("a"), personSeen.IsNull()))},
	{"update_all", sqlb.Update(visits).Set(visitCount.SetTo(sqlb.Add(visitCount, sqlb.Val[int64](1)))).All()},
	{"delete", sqlb.Delete(visits).Where(visitCount.Lt(0))},
	{"delete_all", sqlb.Delete(visits).All()},
}

// goldenDDL are schema changes compared the same way.
var goldenDDL = []struct {
	name string
	ddl  sqlb.DDL
}{
	{"create_person", sqlb.CreateTable(people)},
	{"create_visit", sqlb.CreateTable(visits)},
	{"add_note", sqlb.AddColumn(visitNote)},
	{"add_flagged", sqlb.AddColumn(visitFlagged)},
	{"create_index", sqlb.CreateIndex(visitByHash)},
	{"create_added_index", sqlb.CreateIndex(visitByFlag)},
	{"drop_visit", sqlb.DropTable(visits)},
}

// goldenDB renders with a prefix and a native uuid for ID columns on
// PostgreSQL, so the golden files prove both reach every statement.
func goldenDB(d *sqlb.Dialect) *sqlb.DB {
	return sqlb.New(nil, d,
		sqlb.WithTableNames(func(s string) string { return "app_" + s }),
		sqlb.WithType("id", sqlb.Postgres, "UUID"))
}

func TestGolden(t *testing.T) {
	for _, d := range sqlb.Dialects() {
		db := goldenDB(d)
		for _, tt := range goldenStatements {
			t.Run(tt.name+"/"+d.Name(), func(t *testing.T) {
				query, args, err := db.Render(tt.stmt)
				if err != nil {
					t.Fatalf("Render(%s) error: %v", tt.name, err)
				}
				checkGolden(t, tt.name+"."+d.Name()+".sql", fmt.Sprintf("%s\n-- args: %#v\n", query, args))
			})
		}
		for _, tt := range goldenDDL {
			t.Run(tt.name+"/"+d.Name(), func(t *testing.T) {
				stmts, err := db.RenderDDL(tt.ddl)
				if err != nil {
					t.Fatalf("RenderDDL(%s) error: %v", tt.name, err)
				}
				checkGolden(t, tt.name+"."+d.Name()+".sql", strings.Join(stmts, ";\n")+";\n")
			})
		}
	}
}

func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read golden file (run go test -update): %v", err)
	}
	if got != string(want) {
		t.Errorf("%s:\ngot:\n%s\nwant:\n%s", name, got, want)
	}
}
