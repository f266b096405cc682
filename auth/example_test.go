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

// New takes the database, the base URL the routes are reached at, and the
// plugins; it reports every configuration problem at once.
func ExampleNew() {
	db, err := sql.Open("sqlite", "file:app.db?_pragma=foreign_keys(1)&_txlock=immediate")
	if err != nil {
		log.Fatal(err)
	}
	a, err := auth.New(
		auth.WithDB(db, sqlb.SQLite),
		auth.WithBaseURL("https://example.com/auth"),
		auth.WithPlugins( /* password.New(...), email.New(...) ... */ ),
		auth.WithTablePrefix("app_"),
	)
	if err != nil {
		log.Fatal(err) // for example: no plugin can sign anyone in
	}
	if err := a.Migrate(context.Background()); err != nil {
		log.Fatal(err)
	}
}

// A Secret never prints, whatever the formatting path.
func ExampleSecret() {
	token := auth.NewSecret("s3cr3t-t0ken")
	fmt.Println(token)
	fmt.Printf("%v %+v %#v %q\n", token, token, token, token)
	fmt.Fprintln(os.Stdout, token.Reveal() == "s3cr3t-t0ken")
	// Output:
	// [redacted]
	// [redacted] [redacted] [redacted] [redacted]
	// true
}
