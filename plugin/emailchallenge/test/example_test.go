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
	"github.com/sesame-go/sesame/plugin/emailchallenge"
	"github.com/sesame-go/sesame/sqlb"
	_ "modernc.org/sqlite"
)

// A journey through typed Go calls on SQLite: the laptop starts a
// challenge, the phone opens the link and is told to go back, and the
// laptop's next status call is signed in.
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
	ec := emailchallenge.New()
	a, err := auth.New(auth.WithDB(db, sqlb.SQLite), auth.WithBaseURL("http://localhost:8080/auth"),
		auth.WithPlugins(email.New(email.WithSender(keep), email.WithAppName("Acme")), ec))
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	if err := a.Migrate(ctx); err != nil {
		log.Fatal(err)
	}
	if _, err := a.CreateUser(ctx, auth.NewUser{Name: "Ada", Identities: []auth.NewIdentity{
		{Kind: email.Kind, Value: "ada@example.com", Verified: true}}}); err != nil {
		log.Fatal(err)
	}

	st, err := ec.Start(ctx, emailchallenge.StartRequest{Email: "ada@example.com"})
	fmt.Println("start:", err)
	laptop := emailchallenge.WithChallenge(ctx, st.Challenge) // over HTTP: the laptop's cookie
	r, _ := ec.Status(laptop)
	fmt.Println("laptop:", r.Status)

	fmt.Println("mail:", sent[0].Subject[:len("Your Acme sign-in code")])
	r, _ = ec.Approve(ctx, linkToken(sent[0].Text)) // the phone, which has no cookie of this challenge
	fmt.Println("phone:", r.Status)
	r, err = ec.Status(laptop)
	fmt.Println("laptop:", r.Status, r.User.Name, r.Session.Credential, err)
	// Output:
	// start: <nil>
	// laptop: pending
	// mail: Your Acme sign-in code
	// phone: approved
	// laptop: signed_in Ada emailchallenge <nil>
}

var tokenParam = regexp.MustCompile(`token=([^\s&]+)`)

func linkToken(text string) auth.Secret {
	t, _ := url.QueryUnescape(tokenParam.FindStringSubmatch(text)[1])
	return auth.NewSecret(t)
}
