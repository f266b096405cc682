package test_test

import (
	"context"
	"database/sql"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/referral"
	"github.com/sesame-go/sesame/sqlb"
	_ "modernc.org/sqlite"
)

// Referral on SQLite through typed Go calls: Ada gets a code, Bob signs up
// with it, Ada sees one referral. Over HTTP, Bob's browser posts the code
// to /auth/referral/apply before any sign-up.
func Example() {
	dir, _ := os.MkdirTemp("", "sesame-example")
	defer os.RemoveAll(dir)
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "app.db")+"?_pragma=foreign_keys(1)&_pragma=busy_timeout(10000)&_txlock=immediate")
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()

	pw := password.New(password.WithoutRecovery(), password.WithoutVerification())
	ref := referral.New()
	a, err := auth.New(auth.WithDB(db, sqlb.SQLite), auth.WithBaseURL("http://localhost:8080/auth"),
		auth.WithPlugins(email.New(), pw, ref))
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	if err := a.Migrate(ctx); err != nil {
		log.Fatal(err)
	}
	secret := auth.NewSecret("correct horse battery")
	_, _ = pw.SignUp(ctx, password.SignUpRequest{Email: "ada@example.com", Password: secret})
	ada, _ := pw.SignIn(ctx, password.SignInRequest{Email: "ada@example.com", Password: secret})
	asAda := auth.WithSessionToken(ctx, ada.Token)

	code, _ := ref.Code(asAda)
	fmt.Println("code:", len(code), "characters")
	_, err = pw.SignUp(referral.WithCode(ctx, code), password.SignUpRequest{Email: "bob@example.com", Password: secret})
	fmt.Println("bob signs up:", err)
	bob, _ := pw.SignIn(ctx, password.SignInRequest{Email: "bob@example.com", Password: secret})

	st, _ := ref.Stats(asAda)
	fmt.Println("ada referred:", st.Referred)
	info, _ := ref.Lookup(ctx, bob.User.ID)
	fmt.Println("bob's referrer is ada:", info.ReferrerID == ada.User.ID)
	fmt.Println("unknown code:", ref.Apply(ctx, "ZZZZZZZZZZ"))
	// Output:
	// code: 10 characters
	// bob signs up: <nil>
	// ada referred: 1
	// bob's referrer is ada: true
	// unknown code: auth: unknown_referral_code: no such referral code
}
