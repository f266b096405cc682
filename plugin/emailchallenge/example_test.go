package emailchallenge_test

import (
	"database/sql"
	"fmt"
	"log"
	"net/http"
	"os"
	"strings"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/emailchallenge"
	"github.com/sesame-go/sesame/sqlb"
)

// Wiring: the email plugin sends the challenge, the routes go under
// /auth/, and the page the links open at /email-challenge. The waiting
// page polls POST /auth/email-challenge/status every few seconds. The
// whole journey runs in the Example of the plugin's test module
// (plugin/emailchallenge/test), on SQLite.
func ExampleNew() {
	db, err := sql.Open("pgx", "postgres://app@db.internal/app")
	if err != nil {
		log.Fatal(err)
	}
	mail := email.New(email.WithSender(&email.LogSender{Writer: os.Stderr}), email.WithAppName("Acme"))
	ec := emailchallenge.New()
	a, err := auth.New(auth.WithDB(db, sqlb.Postgres), auth.WithBaseURL("https://acme.example/auth"),
		auth.WithPlugins(mail, ec))
	if err != nil {
		log.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/auth/", authhttp.Handler(a))
	mux.Handle(emailchallenge.LinkPath, ec.ConfirmPage())
	log.Fatal(http.ListenAndServe(":8080", mux))
}

// The plugin sends through the email plugin: without a sender, auth.New
// says so.
func ExampleNew_needsSender() {
	_, err := auth.New(auth.WithBaseURL("https://acme.example/auth"), auth.WithPlugins(email.New(), emailchallenge.New()))
	for _, line := range strings.Split(err.Error(), "\n") {
		if strings.HasPrefix(line, "auth: plugin emailchallenge") {
			fmt.Println(line)
		}
	}
	// Output:
	// auth: plugin emailchallenge: emailchallenge has no way to send a challenge: give the email plugin a sender (email.WithSender)
}
