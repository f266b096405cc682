package coretest

import (
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authcli"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/sqlb"
)

// planned flattens a plan into the statements it lists, in order.
func planned(p *auth.MigrationPlan) []authtest.Statement {
	var out []authtest.Statement
	add := func(rs []sqlb.Recorded) {
		for _, r := range rs {
			out = append(out, authtest.Statement{SQL: r.SQL, Query: r.Query})
		}
	}
	add(p.Setup)
	for _, m := range p.Migrations {
		add(m.Statements)
	}
	return out
}

// migrationStatements drops from what Migrate ran the statements a plan
// leaves out by design: the migration lock's and the reads of the
// migrations table that decide what is pending.
func migrationStatements(ran []authtest.Statement) []authtest.Statement {
	var out []authtest.Statement
	for _, s := range ran {
		switch {
		case s.SQL == "BEGIN IMMEDIATE", s.SQL == "COMMIT", s.SQL == "ROLLBACK",
			strings.Contains(s.SQL, "pg_advisory_"), strings.Contains(s.SQL, "GET_LOCK("), strings.Contains(s.SQL, "RELEASE_LOCK("):
		case s.Query && (strings.Contains(s.SQL, `FROM "auth_migration"`) || strings.Contains(s.SQL, "FROM `auth_migration`")):
		default:
			out = append(out, s)
		}
	}
	return out
}

func sameStatements(t *testing.T, what string, got, want []authtest.Statement) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d statements, want %d\ngot  %+v\nwant %+v", what, len(got), len(want), got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("%s: statement %d = %+v, want %+v", what, i, got[i], want[i])
		}
	}
}

// TestPlanMigrationsIsMigrate proves that --print-sql prints what Migrate
// then executes, statement for statement, on every engine: on an empty
// database every migration, on a migrated one none; and that a plan runs
// nothing but the reads that find the pending migrations.
func TestPlanMigrationsIsMigrate(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		db, faults := e.Faulty(t)
		a := newCLIAuth(t, e, db, auth.WithPlugins(authtest.NewLogin(), &chores{}))
		ctx := t.Context()

		faults.Reset()
		plan, err := a.PlanMigrations(ctx)
		if err != nil {
			t.Fatalf("PlanMigrations on an empty database: %v", err)
		}
		for _, s := range faults.Ran() {
			if !s.Query {
				t.Errorf("PlanMigrations executed %q; a plan only reads", s.SQL)
			}
		}
		var ids []string
		for _, m := range plan.Migrations {
			ids = append(ids, m.Plugin+"/"+m.ID)
		}
		wantIDs := "core/001_core core/002_token_binding core/003_outbox core/004_identity_sign_up core/005_stateless_sessions chores/001_start chores/002_more"
		if got := strings.Join(ids, " "); got != wantIDs {
			t.Errorf("pending migrations = %s, want %s", got, wantIDs)
		}
		empty, err := a.PlanMigrations(ctx, auth.PlanEmpty(e.Dialect))
		if err != nil {
			t.Fatalf("PlanMigrations(PlanEmpty): %v", err)
		}
		sameStatements(t, "PlanEmpty against the plan of the empty database", planned(empty), planned(plan))

		faults.Reset()
		if err := a.Migrate(ctx); err != nil {
			t.Fatalf("Migrate: %v", err)
		}
		sameStatements(t, "Migrate against its plan", migrationStatements(faults.Ran()), planned(plan))

		again, err := a.PlanMigrations(ctx)
		if err != nil {
			t.Fatalf("PlanMigrations on a migrated database: %v", err)
		}
		if len(again.Migrations) != 0 || len(again.Setup) != 1 || !strings.HasPrefix(again.Setup[0].SQL, "CREATE TABLE IF NOT EXISTS") {
			t.Errorf("plan of a migrated database = %+v, want only the migrations table's idempotent CREATE", again)
		}
		faults.Reset()
		if err := a.Migrate(ctx); err != nil {
			t.Fatalf("Migrate again: %v", err)
		}
		sameStatements(t, "Migrate of a migrated database against its plan", migrationStatements(faults.Ran()), planned(again))

		code, stdout, stderr := runCLI(t, a, "migrate", "--print-sql")
		if code != authcli.ExitOK || stdout != again.SQL() || stderr != "" {
			t.Errorf("migrate --print-sql = %d, %q, %q; want %d, %q, nothing", code, stdout, stderr, authcli.ExitOK, again.SQL())
		}
	})
}

// TestPlanMigrationsPending plans on a database with one migration
// missing from the record: exactly that one is pending.
func TestPlanMigrationsPending(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		a := newCLIAuth(t, e, e.DB, auth.WithPlugins(authtest.NewLogin(), &chores{}))
		if err := a.Migrate(t.Context()); err != nil {
			t.Fatalf("Migrate: %v", err)
		}
		if _, err := a.DB().Exec(t.Context(), sqlb.Delete(auth.Migrations).Where(auth.MigrationID.Eq("002_more"))); err != nil {
			t.Fatal(err)
		}
		plan, err := a.PlanMigrations(t.Context())
		if err != nil {
			t.Fatalf("PlanMigrations: %v", err)
		}
		if len(plan.Migrations) != 1 || plan.Migrations[0].Plugin != "chores" || plan.Migrations[0].ID != "002_more" {
			t.Fatalf("pending = %+v, want chores/002_more alone", plan.Migrations)
		}
		out := plan.SQL()
		for _, want := range []string{"-- sesame migrations for " + e.Dialect.Name() + ": 1 pending", "-- chores 002_more", "INSERT INTO", "-- args: [chores 002_more "} {
			if !strings.Contains(out, want) {
				t.Errorf("plan SQL lacks %q:\n%s", want, out)
			}
		}
	})
}
