package coretest

import (
	"slices"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authcli"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/sqlb"
)

// driftLines is the drift report as sorted lines.
func driftLines(d auth.SchemaDrift) []string {
	var out []string
	for _, p := range d.Pending {
		out = append(out, "pending migration: "+p)
	}
	for _, x := range d.Differences {
		out = append(out, x.String())
	}
	slices.Sort(out)
	return out
}

// TestCheckSchemaNoDrift migrates, with a table prefix and on PostgreSQL
// native uuid IDs, and finds no drift; before migrating, every migration
// is pending and every table missing.
func TestCheckSchemaNoDrift(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		opts := []auth.Option{auth.WithPlugins(authtest.NewLogin(), &chores{}), auth.WithTablePrefix("app_")}
		if e.Dialect == sqlb.Postgres {
			opts = append(opts, auth.WithSQLTypes(map[string]string{"id": "UUID"}))
		}
		a := newCLIAuth(t, e, e.DB, opts...)
		before, err := a.CheckSchema(t.Context())
		if err != nil {
			t.Fatalf("CheckSchema before Migrate: %v", err)
		}
		if len(before.Pending) != 7 || len(before.Differences) != 8 {
			t.Errorf("drift before Migrate = %q, want 7 pending migrations and 8 missing tables", driftLines(before))
		}
		for _, d := range before.Differences {
			if d.Kind != sqlb.MissingTable || !strings.HasPrefix(d.Table, "app_auth_") {
				t.Errorf("difference before Migrate %v, want only missing app_auth_ tables", d)
			}
		}
		if code, _, _ := runCLI(t, a, "migrate", "--check"); code != authcli.ExitDrift {
			t.Errorf("migrate --check before Migrate = %d, want %d", code, authcli.ExitDrift)
		}
		if err := a.Migrate(t.Context()); err != nil {
			t.Fatalf("Migrate: %v", err)
		}
		drift, err := a.CheckSchema(t.Context())
		if err != nil || !drift.None() {
			t.Fatalf("CheckSchema after Migrate = %q, %v; want no drift", driftLines(drift), err)
		}
		code, stdout, stderr := runCLI(t, a, "migrate", "--check")
		if code != authcli.ExitOK || stdout != "schema: no drift\n" || stderr != "" {
			t.Errorf("migrate --check = %d, %q, %q; want %d, %q, nothing", code, stdout, stderr, authcli.ExitOK, "schema: no drift\n")
		}
	})
}

// TestCheckSchemaFindsDrift changes a migrated schema behind Sesame's
// back, one change of each kind, and finds each: a dropped index, an
// extra column, a changed type, a dropped table, an extra table of
// Sesame's, a migration missing from the record. The host's own table is
// not reported.
func TestCheckSchemaFindsDrift(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		a := newCLIAuth(t, e, e.DB, auth.WithPlugins(authtest.NewLogin()))
		if err := a.Migrate(t.Context()); err != nil {
			t.Fatalf("Migrate: %v", err)
		}
		text, short := "VARCHAR(10)", "VARCHAR(10)"
		dropIndex := "DROP INDEX auth_session_expires_at_idx"
		switch e.Dialect {
		case sqlb.SQLite:
			text, short = "TEXT", "TEXT"
		case sqlb.MySQL:
			dropIndex += " ON auth_session"
		}
		for _, stmt := range []string{
			dropIndex,
			"ALTER TABLE auth_user ADD COLUMN nickname " + short,
			"ALTER TABLE auth_rate_limit DROP COLUMN reported",
			"ALTER TABLE auth_rate_limit ADD COLUMN reported " + text + " NOT NULL DEFAULT '0'",
			"DROP TABLE auth_outbox",
			"CREATE TABLE auth_leftover (id INTEGER)",
			"CREATE TABLE shop_order (id INTEGER)",
			"DELETE FROM auth_migration WHERE id = '003_outbox'",
		} {
			if _, err := e.DB.ExecContext(t.Context(), stmt); err != nil {
				t.Fatalf("%s: %v", stmt, err)
			}
		}
		drift, err := a.CheckSchema(t.Context())
		if err != nil {
			t.Fatalf("CheckSchema: %v", err)
		}
		intType := map[*sqlb.Dialect]string{sqlb.SQLite: "INTEGER", sqlb.Postgres: "BIGINT", sqlb.MySQL: "BIGINT"}[e.Dialect]
		want := []string{
			"column type: auth_rate_limit reported: declared " + intType + ", live ",
			"extra column: auth_user nickname",
			"extra table: auth_leftover",
			"missing index: auth_session index (expires_at)",
			"missing table: auth_outbox",
			"pending migration: core/003_outbox",
		}
		got := driftLines(drift)
		if len(got) != len(want) {
			t.Fatalf("drift = %q, want %q", got, want)
		}
		for i := range want {
			if !strings.HasPrefix(got[i], want[i]) {
				t.Errorf("drift line %d = %q, want it to start %q", i, got[i], want[i])
			}
		}
		code, stdout, stderr := runCLI(t, a, "migrate", "--check")
		if code != authcli.ExitDrift || stdout != drift.String() || stderr != "" {
			t.Errorf("migrate --check = %d, %q, %q; want %d, %q, nothing", code, stdout, stderr, authcli.ExitDrift, drift.String())
		}
	})
}

// TestSchemaToolFaults fails every statement of CheckSchema and
// PlanMigrations in turn: each failure reaches the caller, and the
// command exits 1 with the error.
func TestSchemaToolFaults(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		db, faults := e.Faulty(t)
		a := newCLIAuth(t, e, db, auth.WithPlugins(authtest.NewLogin(), &chores{}))
		if err := a.Migrate(t.Context()); err != nil {
			t.Fatalf("Migrate: %v", err)
		}
		nothing := func(*testing.T) {}
		ops := map[string]func() error{
			"CheckSchema":    func() error { _, err := a.CheckSchema(t.Context()); return err },
			"PlanMigrations": func() error { _, err := a.PlanMigrations(t.Context()); return err },
		}
		for name, op := range ops {
			t.Run(name, func(t *testing.T) { faults.Each(t, nothing, op, nothing) })
		}
		for _, args := range [][]string{{"migrate", "--check"}, {"migrate", "--print-sql"}} {
			faults.FailAt(1)
			code, stdout, stderr := runCLI(t, a, args...)
			if code != authcli.ExitError || !strings.Contains(stderr, authtest.ErrInjected.Error()) || stdout != "" {
				t.Errorf("%q with a failing statement = %d, %q, %q; want %d and the error", args, code, stdout, stderr, authcli.ExitError)
			}
		}
	})
}
