package sqlb_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/sesame-go/sesame/sqlb"
)

// TestRenderErrors checks that a malformed statement is refused at render
// time with an error rather than producing SQL.
func TestRenderErrors(t *testing.T) {
	var id string
	other := sqlb.NewTable("other")
	otherID := sqlb.NewColumn[string](other, "id", sqlb.String(10))
	bad := sqlb.New(nil, sqlb.Postgres, sqlb.WithTableNames(func(s string) string { return s + `"; DROP TABLE x; --` }))
	tests := []struct {
		name string
		db   *sqlb.DB
		stmt sqlb.Statement
	}{
		{"no columns", goldenDB(sqlb.SQLite), sqlb.Select().From(people)},
		{"no from", goldenDB(sqlb.SQLite), sqlb.Select(personID.Into(&id))},
		{"update without where", goldenDB(sqlb.SQLite), sqlb.Update(people).Set(personName.Set("x"))},
		{"update sets nothing", goldenDB(sqlb.SQLite), sqlb.Update(people).All()},
		{"delete without where", goldenDB(sqlb.SQLite), sqlb.Delete(people)},
		{"insert without rows", goldenDB(sqlb.SQLite), sqlb.Insert(people)},
		{"insert rows differ", goldenDB(sqlb.SQLite), sqlb.Insert(people).Row(personID.Set("a")).Row(personEmail.Set("b"))},
		{"insert foreign column", goldenDB(sqlb.SQLite), sqlb.Insert(people).Row(otherID.Set("a"))},
		{"update foreign column", goldenDB(sqlb.SQLite), sqlb.Update(people).Set(otherID.Set("a")).All()},
		{"upsert sets nothing", goldenDB(sqlb.MySQL), sqlb.Insert(visits).Row(visitID.Set("v")).OnConflictUpdate([]sqlb.AnyColumn{visitHash})},
		{"unsupported value", goldenDB(sqlb.SQLite), sqlb.Select(personID.Into(&id)).From(people).Where(sqlb.Compare(sqlb.Val(struct{}{}), sqlb.OpEq, sqlb.Val(struct{}{})))},
		{"unknown operator", goldenDB(sqlb.SQLite), sqlb.Select(personID.Into(&id)).From(people).Where(sqlb.Compare(personID, "; DROP", personID))},
		{"nil join condition", goldenDB(sqlb.SQLite), sqlb.Select(personID.Into(&id)).From(people).Join(visits, nil)},
		{"invalid renamed table", bad, sqlb.Select(personID.Into(&id)).From(people)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			query, args, err := tt.db.Render(tt.stmt)
			if err == nil {
				t.Fatalf("Render = %q, %v, want an error", query, args)
			}
			if query != "" || args != nil {
				t.Errorf("Render returned SQL %q and args %v with its error", query, args)
			}
		})
	}
}

func TestRenderDDLErrors(t *testing.T) {
	bare := sqlb.NewTable("bare")
	t1 := sqlb.NewTable("t1")
	needsDefault := sqlb.AddedColumn[int64](t1, "n", sqlb.Int())
	textDefault := sqlb.AddedColumn[string](t1, "s", sqlb.Text(), sqlb.Default(""))
	tests := []struct {
		name string
		d    *sqlb.Dialect
		ddl  sqlb.DDL
	}{
		{"table without columns", sqlb.SQLite, sqlb.CreateTable(bare)},
		{"not null added column without default", sqlb.Postgres, sqlb.AddColumn(needsDefault)},
		{"text default on mysql", sqlb.MySQL, sqlb.AddColumn(textDefault)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if stmts, err := sqlb.New(nil, tt.d).RenderDDL(tt.ddl); err == nil {
				t.Fatalf("RenderDDL = %q, want an error", stmts)
			}
		})
	}
}

func TestDeclarationPanics(t *testing.T) {
	tests := []struct {
		name string
		fn   func()
	}{
		{"bad table name", func() { sqlb.NewTable("a b") }},
		{"bad column name", func() { sqlb.NewColumn[string](sqlb.NewTable("t"), "1x", sqlb.String(3)) }},
		{"unsized string", func() { sqlb.NewColumn[string](sqlb.NewTable("t"), "x", sqlb.String(0)) }},
		{"duplicate column", func() {
			t := sqlb.NewTable("t")
			sqlb.NewColumn[string](t, "x", sqlb.Text())
			sqlb.NewColumn[string](t, "x", sqlb.Text())
		}},
		{"key of another table", func() { sqlb.NewTable("t").PrimaryKey(personID) }},
		{"empty key", func() { sqlb.NewTable("t").Index() }},
		{"bad default", func() { sqlb.Default("x") }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("%s did not panic", tt.name)
				}
			}()
			tt.fn()
		})
	}
}

func TestExecRefusesSelect(t *testing.T) {
	var id string
	_, err := goldenDB(sqlb.SQLite).Exec(t.Context(), sqlb.Select(personID.Into(&id)).From(people))
	if err == nil {
		t.Fatal("Exec(select) = nil error, want one")
	}
}

func TestValidIdent(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"auth_user", true}, {"_x1", true}, {"A", true}, {"", false}, {"1a", false},
		{"a-b", false}, {`a"b`, false}, {"a`b", false}, {"ü", false},
		{"a23456789012345678901234567890123456789012345678901234567890123", true},
		{"a234567890123456789012345678901234567890123456789012345678901234", false},
	}
	for _, tt := range tests {
		if got := sqlb.ValidIdent(tt.in); got != tt.want {
			t.Errorf("ValidIdent(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestIsUniqueViolation(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want bool
	}{
		{"nil", nil, false},
		{"other", errors.New("boom"), false},
		{"sqlstate", stateErr("23505"), true},
		{"other sqlstate", stateErr("23503"), false},
		{"sqlite code", codeErr(2067), true},
		{"sqlite pk code", codeErr(1555), true},
		{"sqlite other code", codeErr(787), false},
		{"mysql message", errors.New("Error 1062 (23000): Duplicate entry 'a' for key 'k'"), true},
		{"wrapped", errors.Join(errors.New("x"), stateErr("23505")), true},
	}
	for _, tt := range tests {
		if got := sqlb.IsUniqueViolation(tt.err); got != tt.want {
			t.Errorf("IsUniqueViolation(%v) = %v, want %v", tt.err, got, tt.want)
		}
	}
}

func TestIsRetryable(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want bool
	}{
		{"nil", nil, false},
		{"unique violation", stateErr("23505"), false},
		{"postgres deadlock", stateErr("40P01"), true},
		{"postgres serialization", stateErr("40001"), true},
		{"sqlite busy", codeErr(5), true},
		{"sqlite busy snapshot", codeErr(517), true},
		{"sqlite constraint", codeErr(2067), false},
		{"mysql deadlock", errors.New("Error 1213 (40001): Deadlock found when trying to get lock"), true},
		{"mysql lock wait", fmt.Errorf("sqlb: %w", errors.New("Error 1205 (HY000): Lock wait timeout exceeded")), true},
		{"mysql duplicate", errors.New("Error 1062 (23000): Duplicate entry"), false},
	}
	for _, tt := range tests {
		if got := sqlb.IsRetryable(tt.err); got != tt.want {
			t.Errorf("IsRetryable(%v) = %v, want %v", tt.err, got, tt.want)
		}
	}
}

type stateErr string

func (e stateErr) Error() string    { return "state " + string(e) }
func (e stateErr) SQLState() string { return string(e) }

type codeErr int

func (e codeErr) Error() string { return "code" }
func (e codeErr) Code() int     { return int(e) }

// TestKeyedStatements: a keyed statement's SQL is rendered once and reused
// with fresh arguments; a key reused for another shape fails.
func TestKeyedStatements(t *testing.T) {
	db := goldenDB(sqlb.Postgres)
	var id string
	q := func(email string, ids ...string) *sqlb.SelectStmt {
		return sqlb.Select(personID.Into(&id)).From(people).Where(sqlb.And(personEmail.Eq(email), personID.In(ids...))).Key("by-email")
	}
	first, args1, err := db.Render(q("a@x.io", "1"))
	if err != nil {
		t.Fatal(err)
	}
	second, args2, err := db.Render(q("b@x.io", "2"))
	if err != nil || second != first {
		t.Fatalf("second render = %q, %v; want %q", second, err, first)
	}
	if args1[0] != "a@x.io" || args2[0] != "b@x.io" || args2[1] != "2" {
		t.Errorf("args = %v then %v, want each run's own values", args1, args2)
	}
	if _, _, err := db.Render(q("c@x.io", "1", "2")); err == nil {
		t.Error("a key reused with another argument count rendered, want an error")
	}
	plain, _, _ := db.Render(sqlb.Select(personID.Into(&id)).From(people).Where(personEmail.Eq("a")))
	if plain == first {
		t.Error("an unkeyed statement took a keyed statement's SQL")
	}
}
