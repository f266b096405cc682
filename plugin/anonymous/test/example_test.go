package test_test

import (
	"context"
	"database/sql"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/anonymous"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/sqlb"
	_ "modernc.org/sqlite"
)

// A guest on SQLite through typed Go calls: the visitor becomes a guest,
// signs up from the guest's session and keeps their user; another guest
// signs in to that account and is linked to it. Over HTTP the guest is
// made by POST /auth/anonymous/sign-in and the session travels in the
// cookie.
func Example() {
	dir, _ := os.MkdirTemp("", "sesame-example")
	defer os.RemoveAll(dir)
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "app.db")+"?_pragma=foreign_keys(1)&_pragma=busy_timeout(10000)&_txlock=immediate")
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()

	pw := password.New(password.WithoutRecovery(), password.WithoutVerification())
	guests := anonymous.New(anonymous.WithOnLink(func(ctx context.Context, c *auth.Call, guestID, userID string) error {
		fmt.Println("link: move the guest's cart to the account") // c.DB() is the sign-in's transaction
		return nil
	}))
	a, err := auth.New(auth.WithDB(db, sqlb.SQLite), auth.WithBaseURL("http://localhost:8080/auth"),
		auth.WithPlugins(email.New(), pw, guests))
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	if err := a.Migrate(ctx); err != nil {
		log.Fatal(err)
	}

	g, _ := guests.SignIn(ctx)
	fmt.Println("guest:", g.User.Name, anonymous.IsGuest(g.User), g.Session.Credential)
	asGuest := auth.WithSessionToken(ctx, g.Token)
	_, err = pw.SignUp(asGuest, password.SignUpRequest{Email: "ada@example.com", Password: auth.NewSecret("correct horse battery"), Name: "Ada"})
	fmt.Println("sign-up:", err)
	in, _ := pw.SignIn(ctx, password.SignInRequest{Email: "ada@example.com", Password: auth.NewSecret("correct horse battery")})
	fmt.Println("same user:", in.User.ID == g.User.ID, "guest:", anonymous.IsGuest(in.User), "name:", in.User.Name)

	other, _ := guests.SignIn(ctx)
	_, err = pw.SignIn(auth.WithSessionToken(ctx, other.Token), password.SignInRequest{Email: "ada@example.com", Password: auth.NewSecret("correct horse battery")})
	fmt.Println("sign-in from another guest:", err)
	// Output:
	// guest: Guest true anonymous
	// sign-up: <nil>
	// same user: true guest: false name: Ada
	// link: move the guest's cart to the account
	// sign-in from another guest: <nil>
}
