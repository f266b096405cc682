package auth_test

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// newApp stands for the host's own set-up: auth.New with its database and
// plugins.
func newApp() *auth.Auth {
	log.Fatal("the host's auth.New goes here")
	return nil
}

// CheckSchema at start-up, after Migrate: a database whose schema drifted
// (an index dropped by hand, a column retyped) stops the deployment rather
// than serve on it.
func ExampleAuth_CheckSchema() {
	a := newApp()
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
	a := newApp()
	plan, err := a.PlanMigrations(context.Background(), auth.PlanEmpty(sqlb.MySQL))
	if err != nil {
		log.Fatal(err)
	}
	for _, m := range plan.Migrations {
		fmt.Println(m.Plugin, m.ID, len(m.Statements), "statements")
	}
	os.Stdout.WriteString(plan.SQL())
}
