package auth

import (
	"context"
	"fmt"
	"strings"

	"github.com/sesame-go/sesame/sqlb"
)

// MigrationPlan is what [Auth.Migrate] would run, from [Auth.PlanMigrations].
type MigrationPlan struct {
	// Dialect is the engine the statements are written for.
	Dialect *sqlb.Dialect
	// Setup is what every run executes first: the idempotent creation of
	// the migrations table.
	Setup []sqlb.Recorded
	// Migrations are the pending migrations, in the order they would run.
	Migrations []PlannedMigration
}

// PlannedMigration is one pending migration and the statements it would
// execute, its record in the migrations table last. Reads are listed too
// (Query is set): a data migration's later writes depend on what they
// find, and a plan's reads find no rows.
type PlannedMigration struct {
	Plugin, ID string
	Statements []sqlb.Recorded
}

// SQL returns the plan as an SQL script: each statement ends with a
// semicolon, and comments name each migration, each read, and each
// statement's arguments.
func (p *MigrationPlan) SQL() string {
	var b strings.Builder
	fmt.Fprintf(&b, "-- sesame migrations for %s: %d pending\n", p.Dialect, len(p.Migrations))
	write := func(stmts []sqlb.Recorded) {
		for _, s := range stmts {
			if s.Query {
				fmt.Fprintf(&b, "-- reads: %s\n", s.SQL)
				continue
			}
			b.WriteString(s.SQL + ";")
			if len(s.Args) > 0 {
				fmt.Fprintf(&b, " -- args: %v", s.Args)
			}
			b.WriteByte('\n')
		}
	}
	write(p.Setup)
	for _, m := range p.Migrations {
		fmt.Fprintf(&b, "\n-- %s %s\n", m.Plugin, m.ID)
		write(m.Statements)
	}
	return b.String()
}

// PlanOption configures [Auth.PlanMigrations].
type PlanOption func(*planConfig)

type planConfig struct {
	dialect *sqlb.Dialect
}

// PlanEmpty plans for an empty database of dialect d, without touching
// the instance's database: every migration is pending. [WithSQLTypes]
// applies only when d is the instance's dialect.
func PlanEmpty(d *sqlb.Dialect) PlanOption {
	return func(c *planConfig) { c.dialect = d }
}

// PlanMigrations returns the statements [Auth.Migrate] would execute now
// against the instance's database (only the pending migrations), or with
// [PlanEmpty] against an empty database, executing none of them. It runs
// the migrations' own code on a [sqlb.DryRun], so the plan is Migrate's
// SQL, not a copy of it. It reads the migrations table without taking the
// migration lock: another process migrating meanwhile makes it stale.
func (a *Auth) PlanMigrations(ctx context.Context, opts ...PlanOption) (*MigrationPlan, error) {
	var pc planConfig
	for _, o := range opts {
		o(&pc)
	}
	var state *sqlb.DB
	d := pc.dialect
	if d == nil {
		d = a.cfg.dialect
		exists, err := a.migrationsTableExists(ctx)
		if err != nil {
			return nil, fmt.Errorf("auth: plan migrations: %w", err)
		}
		if exists {
			state = a.db
		}
	}
	plan, _, err := a.dryRun(ctx, d, state)
	return plan, err
}

// dryRun runs the migrations pending in state (all when nil) on a
// [sqlb.DryRun] of dialect d, returning the plan and the dry run.
func (a *Auth) dryRun(ctx context.Context, d *sqlb.Dialect, state *sqlb.DB) (*MigrationPlan, *sqlb.DryRun, error) {
	opts := []sqlb.Option{sqlb.WithTableNames(a.realName)}
	if d == a.cfg.dialect {
		for label, typ := range a.cfg.sqlTypes {
			opts = append(opts, sqlb.WithType(label, d, typ))
		}
	}
	db, dry := sqlb.NewDryRun(d, opts...)
	defer dry.Close()
	plan := &MigrationPlan{Dialect: d}
	seen := 0
	cut := func() []sqlb.Recorded {
		all := dry.Statements()
		part := all[seen:]
		seen = len(all)
		return part
	}
	var cur *PlannedMigration
	run := migrationRun{db: db, state: state}
	run.applying = func(plugin, id string) {
		if cur == nil {
			plan.Setup = cut()
		} else {
			cur.Statements = cut()
			plan.Migrations = append(plan.Migrations, *cur)
		}
		cur = &PlannedMigration{Plugin: plugin, ID: id}
	}
	if err := a.migrate(ctx, run); err != nil {
		return nil, nil, fmt.Errorf("auth: plan migrations: %w", err)
	}
	if cur == nil {
		plan.Setup = cut()
	} else {
		cur.Statements = cut()
		plan.Migrations = append(plan.Migrations, *cur)
	}
	return plan, dry, nil
}

// migrationsTableExists reports whether the migrations table exists.
func (a *Auth) migrationsTableExists(ctx context.Context) (bool, error) {
	name := a.realName(Migrations.Name())
	s, err := sqlb.Inspect(ctx, a.cfg.db, a.cfg.dialect, func(t string) bool { return strings.EqualFold(t, name) })
	if err != nil {
		return false, err
	}
	for t := range s.Tables {
		if strings.EqualFold(t, name) {
			return true, nil
		}
	}
	return false, nil
}
