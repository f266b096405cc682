package magiclink_test

import (
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
	"github.com/sesame-go/sesame/plugin/magiclink"
	"github.com/sesame-go/sesame/sqlb"
)

// Wiring: the email plugin sends the links, the routes go under /auth/,
// and the page the links open at /magic-link. The whole journey runs in
// the Example of the plugin's test module (plugin/magiclink/test), on
// SQLite.
func ExampleNew() {
	db, err := sql.Open("pgx", "postgres://app@db.internal/app")
	if err != nil {
		log.Fatal(err)
	}
	mail := email.New(email.WithSender(&email.LogSender{Writer: os.Stderr}), email.WithAppName("Acme"))
	ml := magiclink.New(
		magiclink.WithTTL(10*time.Minute),
		magiclink.WithSignUp(true),
	)
	a, err := auth.New(auth.WithDB(db, sqlb.Postgres), auth.WithBaseURL("https://acme.example/auth"),
		auth.WithPlugins(mail, ml))
	if err != nil {
		log.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/auth/", authhttp.Handler(a))
	mux.Handle(magiclink.LinkPath, ml.ConfirmPage())
	log.Fatal(http.ListenAndServe(":8080", mux))
}

// The plugin sends its links through the email plugin: without it, or
// without its sender, auth.New says so.
func ExampleNew_needsEmail() {
	_, err := auth.New(auth.WithBaseURL("https://acme.example/auth"), auth.WithPlugins(email.New(), magiclink.New()))
	for _, line := range strings.Split(err.Error(), "\n") {
		if strings.HasPrefix(line, "auth: plugin magiclink") {
			fmt.Println(line)
		}
	}
	// Output:
	// auth: plugin magiclink: magiclink has no way to send a link: give the email plugin a sender (email.WithSender)
}
