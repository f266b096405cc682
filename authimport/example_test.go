package authimport_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"strings"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authimport"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/oauth"
	"github.com/sesame-go/sesame/sqlb"
)

// Importing a better-auth database into the new one, from the host's own
// code; the auth import command does the same. The password plugin (its
// own module) reads better-auth's hashes. The journeys run in
// authimport/test, on every engine, against databases better-auth made.
func ExamplePlugin_Import() {
	db, err := sql.Open("pgx", "postgres://app@db.internal/app")
	if err != nil {
		log.Fatal(err)
	}
	old, err := sql.Open("pgx", "postgres://app@db.internal/old_app") // better-auth's database
	if err != nil {
		log.Fatal(err)
	}
	imp := authimport.New()
	a, err := auth.New(auth.WithDB(db, sqlb.Postgres), auth.WithBaseURL("https://acme.example/auth"),
		auth.WithPlugins(email.New(), oauth.New([]*oauth.Provider{oauth.GitHub("id", auth.NewSecret("secret"))}), imp))
	if err != nil {
		log.Fatal(err)
	}
	report, err := imp.Import(context.Background(), authimport.BetterAuth(old, sqlb.Postgres),
		authimport.WithProgress(os.Stderr))
	if err != nil {
		log.Fatal(err)
	}
	report.WriteTo(os.Stdout)
	_ = a
}

// The generic CSV format: a header row names the columns of
// authimport.Line; a second row of one id adds an account.
func ExampleCSV() {
	src := authimport.CSV("legacy", strings.NewReader(`id,email,email_verified,password_scheme,password_hash,oauth_provider,oauth_subject
7,ada@example.com,true,bcrypt,$2a$10$N9qo8uLOickgx2ZMRZoMye,github,4242
7,ada@example.com,true,,,google,1099
8,bob@example.com,false,,,,
`))
	for {
		recs, err := src.Next(context.Background(), 100)
		for _, r := range recs {
			fmt.Println(r.ID, r.Email, r.EmailVerified, r.Password != nil, r.Accounts)
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			log.Fatal(err)
		}
	}
	// Output:
	// 7 ada@example.com true true [{github 4242}]
	// 7 ada@example.com true false [{google 1099}]
	// 8 bob@example.com false false []
}

// A report as auth import prints it.
func ExampleReport_WriteTo() {
	r := &authimport.Report{Source: "better-auth", DryRun: true, Read: 3,
		Users:     authimport.Count{Imported: 2, Skipped: 1},
		Passwords: authimport.Count{Imported: 2},
		Sessions:  authimport.Count{Imported: 1, Skipped: 4},
		Problems:  []authimport.Problem{{ID: "u3", Field: "email", Message: "the address names an existing user"}}}
	r.WriteTo(os.Stdout)
	// Output:
	// dry run of the import from better-auth: nothing was written
	// records read: 3
	// users:     2 to import, 0 already, 1 skipped
	// passwords: 2 to import, 0 already, 0 skipped
	// accounts:  0 to import, 0 already, 0 skipped
	// sessions:  1 to import, 0 already, 4 skipped
	// problems: 1
	//   u3: email: the address names an existing user
}
