package schema

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/sqlb"
)

var (
	createTable = regexp.MustCompile("^CREATE TABLE IF NOT EXISTS [\"`](\\w+)[\"`] ")
	createIndex = regexp.MustCompile("^CREATE (UNIQUE )?INDEX (IF NOT EXISTS )?[\"`]\\w+[\"`] ON [\"`](\\w+)[\"`] ")
	addColumn   = regexp.MustCompile("^ALTER TABLE [\"`](\\w+)[\"`] ADD COLUMN [\"`]\\w+[\"`] ")
)

// additive checks the statements of the migrations in order, each
// migration's statements together, against the rule of docs/schema.md:
// within a major version a migration only adds. It creates tables and
// indexes, adds columns that are nullable or have a default, and writes
// rows; it never drops, renames or retypes a table or column, and never
// puts a unique index on a table that already held rows (an earlier
// migration's table), whose existing rows could break it or lock their
// owners out.
func additive(steps []baselineStep) []error {
	var errs []error
	for _, step := range steps {
		created := map[string]bool{}
		bad := func(st, why string) {
			errs = append(errs, fmt.Errorf("%s/%s: %s: %s", step.plugin, step.id, why, st))
		}
		for _, s := range step.statements {
			st := s.sql
			switch {
			case createTable.MatchString(st):
				created[createTable.FindStringSubmatch(st)[1]] = true
			case createIndex.MatchString(st):
				m := createIndex.FindStringSubmatch(st)
				if m[1] != "" && !created[m[3]] {
					bad(st, "a unique index on a table that already holds rows")
				}
			case addColumn.MatchString(st):
				spec := strings.ToUpper(st)
				switch {
				case strings.Contains(spec, " UNIQUE"), strings.Contains(spec, "PRIMARY KEY"):
					bad(st, "an added column with a unique key")
				case strings.Contains(spec, " NOT NULL") && !strings.Contains(spec, " DEFAULT "):
					bad(st, "an added NOT NULL column without a default")
				}
			case strings.HasPrefix(st, "INSERT INTO "), strings.HasPrefix(st, "UPDATE "):
			default:
				bad(st, "not an addition")
			}
		}
	}
	return errs
}

// TestMigrationsOnlyAdd holds every migration of the core and of every
// plugin, on every engine, to the additive rule.
func TestMigrationsOnlyAdd(t *testing.T) {
	for _, d := range sqlb.Dialects() {
		for _, err := range additive(baselineOf("now", planFor(t, d)).steps) {
			t.Errorf("%v: %v", d, err)
		}
	}
}

// TestAdditiveRuleRefuses shows the rule refusing each kind of change
// that breaks an upgrade, the one that locked every password user out of
// another library among them: a NOT NULL column with a unique index added
// to a core table.
func TestAdditiveRuleRefuses(t *testing.T) {
	tests := []struct {
		name string
		stmt string
	}{
		{"drop table", `DROP TABLE IF EXISTS "auth_token"`},
		{"drop column", `ALTER TABLE "auth_user" DROP COLUMN "image"`},
		{"rename column", `ALTER TABLE "auth_user" RENAME COLUMN "name" TO "full_name"`},
		{"rename table", "RENAME TABLE `auth_user` TO `auth_person`"},
		{"narrow a type", `ALTER TABLE "auth_identity" ALTER COLUMN "value" TYPE VARCHAR(64)`},
		{"narrow a type on MySQL", "ALTER TABLE `auth_identity` MODIFY `value` VARBINARY(64) NOT NULL"},
		{"delete rows", `DELETE FROM "auth_session"`},
		{"NOT NULL without default", `ALTER TABLE "auth_user" ADD COLUMN "tenant" VARCHAR(36) NOT NULL`},
		{"unique added column", `ALTER TABLE "auth_user" ADD COLUMN "handle" VARCHAR(36) UNIQUE`},
		{"unique index on an old table", `CREATE UNIQUE INDEX IF NOT EXISTS "auth_user_tenant_key" ON "auth_user" ("tenant")`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			errs := additive([]baselineStep{{plugin: "core", id: "999_breaking", statements: []statement{{sql: tt.stmt}}}})
			if len(errs) != 1 {
				t.Errorf("additive(%q) = %v, want one refusal", tt.stmt, errs)
			}
		})
	}
	ok := []baselineStep{{plugin: "p", id: "001", statements: []statement{
		{sql: `CREATE TABLE IF NOT EXISTS "p_thing" ("id" TEXT NOT NULL)`},
		{sql: `CREATE UNIQUE INDEX IF NOT EXISTS "p_thing_id_key" ON "p_thing" ("id")`},
		{sql: `ALTER TABLE "auth_user" ADD COLUMN "p_flag" INTEGER NOT NULL DEFAULT 0`},
		{sql: `ALTER TABLE "auth_user" ADD COLUMN "p_note" TEXT`},
	}}}
	if errs := additive(ok); len(errs) != 0 {
		t.Errorf("additive(a new table, its unique index, a defaulted and a nullable column) = %v, want none", errs)
	}
}

// TestKeptRefuses shows the upgrade test's comparison of a release's
// schema with the upgraded one refusing a lost table and column, a
// changed type, a column made NOT NULL and a new unique index.
func TestKeptRefuses(t *testing.T) {
	table := func(cols []sqlb.ColumnSchema, ixs ...sqlb.IndexSchema) *sqlb.TableSchema {
		return &sqlb.TableSchema{Name: "auth_user", Columns: cols, Indexes: ixs}
	}
	before := &sqlb.Schema{Tables: map[string]*sqlb.TableSchema{
		"auth_user": table([]sqlb.ColumnSchema{{Name: "id", Type: "VARCHAR(36)"}, {Name: "name", Type: "TEXT"}, {Name: "nick", Type: "TEXT", Nullable: true}}),
		"auth_old":  {Name: "auth_old"},
	}}
	after := &sqlb.Schema{Tables: map[string]*sqlb.TableSchema{
		"auth_user": table([]sqlb.ColumnSchema{{Name: "id", Type: "character varying(36)"}, {Name: "nick", Type: "TEXT"}},
			sqlb.IndexSchema{Columns: []string{"nick"}, Unique: true}),
	}}
	errs := kept(sqlb.Postgres, before, after)
	if len(errs) != 4 {
		t.Errorf("kept = %v, want 4 findings: auth_old gone, name gone, nick NOT NULL, a unique index", errs)
	}
	if errs := kept(sqlb.Postgres, before, before); len(errs) != 0 {
		t.Errorf("kept(same, same) = %v, want none", errs)
	}
	after.Tables["auth_user"].Columns[0].Type = "VARCHAR(20)"
	if errs := kept(sqlb.Postgres, before, after); len(errs) != 5 {
		t.Errorf("kept with a narrowed id = %v, want 5 findings", errs)
	}
}
