package invite_test

import (
	"context"
	"database/sql"
	"fmt"
	"log"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/invite"
	"github.com/sesame-go/sesame/plugin/magiclink"
	"github.com/sesame-go/sesame/sqlb"
)

// Invite-only sign-up: every sign-up path refuses without an invitation.
// A browser accepts a code (POST /auth/invite/accept) before it signs up
// in any way. The journeys run in the plugin's test module
// (plugin/invite/test), on every engine.
func ExampleNew() {
	db, err := sql.Open("pgx", "postgres://app@db.internal/app")
	if err != nil {
		log.Fatal(err)
	}
	mail := email.New(email.WithSender(&email.LogSender{Writer: os.Stderr}))
	inv := invite.New(invite.WithRequired(), invite.WithAuthorizer(
		func(_ context.Context, _ *auth.Call, u *auth.User, in invite.CreateRequest) (bool, error) {
			return in.MaxUses <= 5, nil // members invite a few friends at a time
		}))
	a, err := auth.New(auth.WithDB(db, sqlb.Postgres), auth.WithBaseURL("https://acme.example/auth"),
		auth.WithPlugins(mail, magiclink.New(magiclink.WithSignUp(true)), inv))
	if err != nil {
		log.Fatal(err)
	}
	http.Handle("/auth/", authhttp.Handler(a))
	log.Fatal(http.ListenAndServe(":8080", nil))
}

// The host issues invitations from its own code (an operator's command),
// and its own sign-up code passes a code in the context.
func ExamplePlugin_Issue() {
	db, err := sql.Open("pgx", "postgres://app@db.internal/app")
	if err != nil {
		log.Fatal(err)
	}
	inv := invite.New(invite.WithRequired())
	ml := magiclink.New(magiclink.WithSignUp(true))
	if _, err := auth.New(auth.WithDB(db, sqlb.Postgres), auth.WithBaseURL("https://acme.example/auth"),
		auth.WithPlugins(email.New(), ml, inv)); err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	created, err := inv.Issue(ctx, invite.CreateRequest{MaxUses: 10, ExpiresAt: time.Now().Add(30 * 24 * time.Hour)})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("send this code:", created.Code.Reveal())

	// Later, the host's own page that completes a magic-link sign-up
	// passes the code the person typed with the link's token.
	typed, token := created.Code.Secret(), auth.NewSecret("the link's token")
	signedIn, err := ml.SignIn(invite.WithCode(ctx, typed), token)
	fmt.Println(signedIn.User, err)
}

// A code is a secret: it prints [redacted] everywhere but in the JSON
// answer that shows it once.
func ExampleCreated() {
	c := invite.Created{Code: auth.Show(auth.NewSecret("dGhpcyBpcyBub3QgYSByZWFsIGNvZGUgYXQgYWxsISE"))}
	fmt.Println(c.Code)
	fmt.Printf("%+v\n", c.Code)
	// Output:
	// [redacted]
	// [redacted]
}

// auth.New reports a misconfiguration of the plugin with everyone
// else's.
func ExampleWithTTL() {
	_, err := auth.New(auth.WithBaseURL("https://acme.example/auth"),
		auth.WithPlugins(magiclink.New(), invite.New(invite.WithTTL(2*366*24*time.Hour))))
	for _, line := range strings.Split(err.Error(), "\n") {
		if strings.Contains(line, "invite:") {
			fmt.Println(line)
		}
	}
	// Output:
	// auth: plugin invite: invite: WithTTL(17568h0m0s) must be above zero and at most 8784h0m0s
}
