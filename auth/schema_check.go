package auth

import (
	"context"
	"fmt"
	"strings"

	"github.com/sesame-go/sesame/sqlb"
)

// SchemaDrift is how the live database departs from the schema the core
// and the instance's plugins declare, from [Auth.CheckSchema].
type SchemaDrift struct {
	// Pending lists the migrations not yet applied, as "plugin/id".
	Pending []string
	// Differences lists the tables, columns and indexes that differ from
	// what the migrations make: missing or extra, of another type or
	// nullability.
	Differences []sqlb.Difference
}

// None reports whether there is no drift.
func (s SchemaDrift) None() bool { return len(s.Pending) == 0 && len(s.Differences) == 0 }

// String is a readable report, one line per finding.
func (s SchemaDrift) String() string {
	if s.None() {
		return "schema: no drift\n"
	}
	var b strings.Builder
	for _, p := range s.Pending {
		fmt.Fprintf(&b, "pending migration: %s\n", p)
	}
	for _, d := range s.Differences {
		b.WriteString(d.String() + "\n")
	}
	return b.String()
}

// DeclaredSchema returns the tables, under their real names, that every
// migration of the core and of the instance's plugins makes in an empty
// database of dialect d; it touches no database. [Auth.CheckSchema]
// compares the live database with it.
func (a *Auth) DeclaredSchema(ctx context.Context, d *sqlb.Dialect) (*sqlb.Schema, error) {
	_, dry, err := a.dryRun(ctx, d, nil)
	if err != nil {
		return nil, err
	}
	return dry.Schema(), nil
}

// CheckSchema compares the live database with the declared schema: the
// tables, columns, column types (as the engine spells them), nullability,
// primary keys and indexes that running every migration of the core and
// of the instance's plugins makes, and the migrations recorded as applied.
// A table whose name starts with the instance's prefix and "auth_" that
// nothing declares is reported as extra; the host's other tables are not
// looked at. Defaults and foreign keys are not compared. Hosts run it at
// start-up after [Auth.Migrate] to refuse to serve on a drifted schema.
func (a *Auth) CheckSchema(ctx context.Context) (SchemaDrift, error) {
	plan, dry, err := a.dryRun(ctx, a.cfg.dialect, nil)
	if err != nil {
		return SchemaDrift{}, fmt.Errorf("auth: check schema: %w", err)
	}
	declared := dry.Schema()
	owned := func(table string) bool {
		if _, ok := declared.Tables[table]; ok {
			return true
		}
		return strings.HasPrefix(strings.ToLower(table), strings.ToLower(a.cfg.prefix)+"auth_")
	}
	live, err := sqlb.Inspect(ctx, a.cfg.db, a.cfg.dialect, owned)
	if err != nil {
		return SchemaDrift{}, fmt.Errorf("auth: check schema: %w", err)
	}
	drift := SchemaDrift{Differences: sqlb.Diff(a.cfg.dialect, declared, live, owned)}
	if _, ok := live.Tables[a.realName(Migrations.Name())]; !ok {
		for _, m := range plan.Migrations {
			drift.Pending = append(drift.Pending, m.Plugin+"/"+m.ID)
		}
		return drift, nil
	}
	for _, set := range a.migrationSets() {
		done, err := appliedMigrations(ctx, a.db, set.plugin)
		if err != nil {
			return SchemaDrift{}, fmt.Errorf("auth: check schema: %w", err)
		}
		for _, m := range set.migrations {
			if !done[m.ID] {
				drift.Pending = append(drift.Pending, set.plugin+"/"+m.ID)
			}
		}
	}
	return drift, nil
}
