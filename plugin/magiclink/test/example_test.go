package test_test

import (
	"context"
	"database/sql"
	"fmt"
	"log"
	"net/url"
	"os"
	"path/filepath"
	"regexp"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/magiclink"
	"github.com/sesame-go/sesame/sqlb"
	_ "modernc.org/sqlite"
)

// A whole journey through typed Go calls on SQLite: sign up through a
// link, then sign in with the next one. Over HTTP the same goes through
// POST /auth/magic-link/send and the page at /magic-link.
func Example() {
	dir, _ := os.MkdirTemp("", "sesame-example")
	defer os.RemoveAll(dir)
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "app.db")+"?_pragma=foreign_keys(1)&_pragma=busy_timeout(10000)&_txlock=immediate")
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()

	var sent []email.Message // in production: a real email.Sender
	keep := email.SenderFunc(func(_ context.Context, m email.Message) error {
		sent = append(sent, m)
		return nil
	})
	ml := magiclink.New(magiclink.WithSignUp(true))
	a, err := auth.New(auth.WithDB(db, sqlb.SQLite), auth.WithBaseURL("http://localhost:8080/auth"),
		auth.WithPlugins(email.New(email.WithSender(keep), email.WithAppName("Acme")), ml))
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	if err := a.Migrate(ctx); err != nil {
		log.Fatal(err)
	}

	err = ml.Send(ctx, magiclink.SendRequest{Email: "ada@example.com", Name: "Ada", ReturnTo: "/welcome"})
	fmt.Println("send:", err)
	fmt.Println("mail:", sent[0].Subject)
	up, err := ml.SignIn(ctx, linkToken(sent[0].Text))
	fmt.Println("signed up:", up.User.Name, up.Created, up.ReturnTo, err)

	_ = ml.Send(ctx, magiclink.SendRequest{Email: "ada@example.com"})
	fmt.Println("mail:", sent[1].Subject)
	in, err := ml.SignIn(ctx, linkToken(sent[1].Text))
	fmt.Println("signed in:", in.User.ID == up.User.ID, in.Session.Credential, err)
	_, err = ml.SignIn(ctx, linkToken(sent[1].Text))
	fmt.Println("again:", err)
	// Output:
	// send: <nil>
	// mail: Create your Acme account
	// signed up: Ada true http://localhost:8080/welcome <nil>
	// mail: Your Acme sign-in link
	// signed in: true magiclink <nil>
	// again: auth: invalid_token_or_expired: the link or token is invalid or has expired
}

var tokenParam = regexp.MustCompile(`token=([^\s&]+)`)

// linkToken returns the token of the link in a message's text.
func linkToken(text string) auth.Secret {
	t, _ := url.QueryUnescape(tokenParam.FindStringSubmatch(text)[1])
	return auth.NewSecret(t)
}
