package password_test

import (
	"context"
	"database/sql"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/username"
	"github.com/sesame-go/sesame/sqlb"
)

// An app of usernames and passwords, without email: nothing can recover a
// forgotten password, which WithoutRecovery says. People sign in by their
// username in any letter case, and a look-alike of a taken name (here with
// a Cyrillic а) is taken too.
func Example_usernames() {
	dir, _ := os.MkdirTemp("", "sesame-example")
	defer os.RemoveAll(dir)
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "app.db")+"?_pragma=foreign_keys(1)&_pragma=busy_timeout(10000)&_txlock=immediate")
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()

	names := username.New()
	pw := password.New(password.WithoutRecovery())
	a, err := auth.New(auth.WithDB(db, sqlb.SQLite), auth.WithBaseURL("http://localhost:8080/auth"),
		auth.WithPlugins(names, pw))
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	if err := a.Migrate(ctx); err != nil {
		log.Fatal(err)
	}

	res, err := pw.SignUp(ctx, password.SignUpRequest{Username: "JaneDoe", Password: auth.NewSecret("correct horse battery")})
	fmt.Println("sign-up:", res.Status, err)
	_, err = pw.SignUp(ctx, password.SignUpRequest{Username: "j\u0430nedoe", Password: auth.NewSecret("another password")})
	fmt.Println("a look-alike:", err)
	in, err := pw.SignIn(ctx, password.SignInRequest{Username: "janedoe", Password: auth.NewSecret("correct horse battery")})
	fmt.Println("signed in as:", in.User.Fields["username"], err)
	av, err := names.Check(ctx, "JohnDoe")
	fmt.Println("JohnDoe available:", av.Available, err)
	// Output:
	// sign-up: created <nil>
	// a look-alike: auth: username_taken: this username is taken
	// signed in as: JaneDoe <nil>
	// JohnDoe available: true <nil>
}
