package handoff_test

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
	"github.com/sesame-go/sesame/plugin/handoff"
	"github.com/sesame-go/sesame/plugin/magiclink"
	"github.com/sesame-go/sesame/plugin/twofactor"
	"github.com/sesame-go/sesame/sqlb"
)

// Wiring: the routes under /auth/, and the page that browsers receiving a
// handoff open at /handoff. The journeys run in the plugin's test module
// (plugin/handoff/test), on every engine.
func ExampleNew() {
	db, err := sql.Open("pgx", "postgres://app@db.internal/app")
	if err != nil {
		log.Fatal(err)
	}
	mail := email.New(email.WithSender(&email.LogSender{Writer: os.Stderr}))
	ho := handoff.New()
	a, err := auth.New(auth.WithDB(db, sqlb.Postgres), auth.WithBaseURL("https://acme.example/auth"),
		auth.WithPlugins(mail, magiclink.New(), twofactor.New(), ho)) // handoff after twofactor
	if err != nil {
		log.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/auth/", authhttp.Handler(a))
	mux.Handle(handoff.LinkPath, ho.ReceivePage())
	log.Fatal(http.ListenAndServe(":8080", mux))
}

// The plugin sets the new session's CreatedAt to the handing session's,
// so it must come after the other plugins that shape new sessions:
// auth.New says so.
func ExampleNew_order() {
	_, err := auth.New(auth.WithBaseURL("https://acme.example/auth"),
		auth.WithPlugins(handoff.New(), twofactor.New()))
	for _, line := range strings.Split(err.Error(), "\n") {
		if strings.HasPrefix(line, "auth: plugin handoff") {
			fmt.Println(line)
		}
	}
	// Output:
	// auth: plugin handoff: list handoff after the plugin twofactor in auth.WithPlugins: both shape new sessions, and handoff must be last
}

// A receiving app makes a verifier and keeps it; the signed-in client
// starts the handoff with its challenge (RFC 7636 Appendix B's pair
// here), and the app redeems the token with the verifier.
func ExampleChallenge() {
	verifier := auth.NewSecret("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk") // handoff.NewVerifier() in an app
	start := handoff.StartRequest{CodeChallenge: handoff.Challenge(verifier), CodeChallengeMethod: handoff.MethodS256}
	fmt.Println(start.CodeChallenge)
	fmt.Println(verifier)
	// Output:
	// E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM
	// [redacted]
}
