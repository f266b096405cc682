package test_test

import (
	"context"
	"database/sql"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/audit"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/sqlb"
	_ "modernc.org/sqlite"
)

// An audit log on SQLite through typed Go calls: a refused sign-in and a
// sign-in are on record, the user sees their own history, and the host
// exports the log as JSON lines. Over HTTP the history is
// GET /auth/audit/history.
func Example() {
	dir, _ := os.MkdirTemp("", "sesame-example")
	defer os.RemoveAll(dir)
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "app.db")+"?_pragma=foreign_keys(1)&_pragma=busy_timeout(10000)&_txlock=immediate")
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()

	pw := password.New(password.WithoutRecovery())
	sent := 0
	trail := audit.New(
		audit.WithOperation(password.OpSignIn, "signed_in"), // successful sign-ins too, not only security events
		audit.WithRetention(90*24*time.Hour),
		audit.WithSink(audit.SinkFunc(func(_ context.Context, rs []audit.Record) error { sent += len(rs); return nil })),
	)
	a, err := auth.New(auth.WithDB(db, sqlb.SQLite), auth.WithBaseURL("http://localhost:8080/auth"),
		auth.WithPlugins(email.New(), pw, trail))
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	if err := a.Migrate(ctx); err != nil {
		log.Fatal(err)
	}
	u, _ := a.CreateUser(ctx, auth.NewUser{Name: "Ada", Identities: []auth.NewIdentity{{Kind: email.Kind, Value: "ada@example.com", Verified: true}}})
	_ = pw.SetPassword(ctx, u.ID, auth.NewSecret("correct horse battery"))

	_, err = pw.SignIn(ctx, password.SignInRequest{Email: "ada@example.com", Password: auth.NewSecret("a wrong guess")})
	fmt.Println("wrong password:", err)
	in, _ := pw.SignIn(ctx, password.SignInRequest{Email: "ada@example.com", Password: auth.NewSecret("correct horse battery")})

	page, _ := trail.Query(ctx, audit.Filter{Types: []string{auth.EventCredentialRefused}})
	fmt.Println("refused:", len(page.Records), page.Records[0].Op, string(page.Records[0].Detail))

	mine, _ := trail.History(auth.WithSessionToken(ctx, in.Token), audit.HistoryRequest{})
	for _, r := range mine.Records {
		fmt.Println("ada's history:", r.Type, r.Op)
	}

	var out strings.Builder
	n, err := trail.Export(ctx, &out, audit.Filter{UserID: u.ID})
	fmt.Println("exported:", n, err, strings.Count(out.String(), "\n"), "lines")
	fmt.Println("sent to the sink:", sent)
	// Output:
	// wrong password: auth: invalid_credentials: wrong email or password
	// refused: 1 password.signIn {"detail":"invalid_credentials"}
	// ada's history: signed_in password.signIn
	// ada's history: password_changed password.setPassword
	// exported: 2 <nil> 2 lines
	// sent to the sink: 3
}
