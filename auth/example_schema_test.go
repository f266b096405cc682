package auth_test

import (
	"context"
	"database/sql"
	"fmt"
	"log"
	"os"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// newApp is the host's own set-up: its database and plugins.
func newApp() (*auth.Auth, error) {
	db, err := sql.Open("pgx", "postgres://app@db.internal/app")
	if err != nil {
		return nil, err
	}
	return auth.New(auth.WithDB(db, sqlb.Postgres), auth.WithBaseURL("https://example.com/auth"),
		auth.WithPlugins( /* password.New(...), email.New(...) ... */ ))
}

// CheckSchema at start-up, after Migrate: a database whose schema drifted
// (an index dropped by hand, a column retyped) stops the deployment rather
// than serve on it.
func ExampleAuth_CheckSchema() {
	a, err := newApp()
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	if err := a.Migrate(ctx); err != nil {
		log.Fatal(err)
	}
	drift, err := a.CheckSchema(ctx)
	if err != nil {
		log.Fatal(err)
	}
	if !drift.None() {
		log.Fatalf("the auth schema has drifted:\n%s", drift)
	}
}

// PlanMigrations shows what Migrate would run on the database now; with
// PlanEmpty, what it would run on an empty database of any engine,
// without connecting. The CLI's auth migrate --print-sql prints the same.
func ExampleAuth_PlanMigrations() {
	a, err := newApp()
	if err != nil {
		log.Fatal(err)
	}
	plan, err := a.PlanMigrations(context.Background(), auth.PlanEmpty(sqlb.MySQL))
	if err != nil {
		log.Fatal(err)
	}
	for _, m := range plan.Migrations {
		fmt.Println(m.Plugin, m.ID, len(m.Statements), "statements")
	}
	os.Stdout.WriteString(plan.SQL())
}
