package auth_test

import (
	"context"
	"database/sql"
	"fmt"
	"log"
	"os"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// New takes the database, the base URL the routes are reached at, and the
// plugins; it reports every configuration problem at once.
func ExampleNew() {
	db, err := sql.Open("sqlite", "file:app.db?_pragma=foreign_keys(1)&_txlock=immediate")
	if err != nil {
		log.Fatal(err)
	}
	a, err := auth.New(
		auth.WithDB(db, sqlb.SQLite),
		auth.WithBaseURL("https://example.com/auth"),
		auth.WithPlugins( /* password.New(...), email.New(...) ... */ ),
		auth.WithTablePrefix("app_"),
	)
	if err != nil {
		log.Fatal(err) // for example: no plugin can sign anyone in
	}
	if err := a.Migrate(context.Background()); err != nil {
		log.Fatal(err)
	}
}

// WithRateLimit replaces one operation's rules, named by the constants of
// the core (auth.OpRevokeSession ...) and of each plugin
// (password.OpSignIn ...); an empty RateRules turns that operation's
// limits off. WithoutRateLimits turns every limit off, for a load test or
// a deployment whose proxy limits rates already. The password plugin's
// Example_rateLimits runs one.
func ExampleWithRateLimit() {
	db, err := sql.Open("pgx", "postgres://app@db.internal/app")
	if err != nil {
		log.Fatal(err)
	}
	_, err = auth.New(
		auth.WithDB(db, sqlb.Postgres),
		auth.WithBaseURL("https://example.com/auth"),
		auth.WithPlugins( /* email.New(...), password.New(...) ... */ ),
		// A busy sessions page: ten times the default.
		auth.WithRateLimit(auth.OpRevokeSession, auth.RateRules{
			IP: auth.RateRule{Limit: 600, Window: time.Minute, Sliding: true},
		}),
		auth.WithRateLimit(auth.OpRevokeOtherSessions, auth.RateRules{}), // no limit
		// auth.WithRateLimit(password.OpSignIn, ...) likewise; or, for a
		// load test, auth.WithoutRateLimits().
	)
	if err != nil {
		log.Fatal(err)
	}
}

// Stateless sessions: the token is the sealed session, so that no session
// store is read or written per request; the user is still read, by
// primary key, so that bans and account-security events end sessions at
// once. A revocation list lets a sign-out end the token everywhere;
// WithStatelessRefreshWithoutRead would skip the user's query for up to a
// few minutes, at the price of that much lag. The keys come from the
// host's secret store: the first seals, any opens, so a new key goes in
// front and the old one stays until the tokens it sealed have expired.
func ExampleWithStatelessSessions() {
	db, err := sql.Open("pgx", "postgres://app@db.internal/app")
	if err != nil {
		log.Fatal(err)
	}
	newKey, oldKey := make([]byte, 32), make([]byte, 32) // read from the secret store
	keys, err := auth.NewSealer(newKey, oldKey)
	if err != nil {
		log.Fatal(err)
	}
	_, err = auth.New(
		auth.WithDB(db, sqlb.Postgres),
		auth.WithBaseURL("https://example.com/auth"),
		auth.WithPlugins( /* email.New(...), password.New(...) ... */ ),
		auth.WithStatelessSessions(keys),
		auth.WithSessionRevocations(auth.DatabaseSessionRevocations()),
	)
	if err != nil {
		log.Fatal(err)
	}
}

// A Secret never prints, whatever the formatting path.
func ExampleSecret() {
	token := auth.NewSecret("s3cr3t-t0ken")
	fmt.Println(token)
	fmt.Printf("%v %+v %#v %q\n", token, token, token, token)
	fmt.Fprintln(os.Stdout, token.Reveal() == "s3cr3t-t0ken")
	// Output:
	// [redacted]
	// [redacted] [redacted] [redacted] [redacted]
	// true
}
