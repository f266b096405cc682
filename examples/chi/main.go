// Command chi is a chi application with Sesame added: sign-up, email
// verification and sign-in with the email and password plugins, on
// SQLite. chi takes net/http handlers and middleware, so authhttp's serve
// it as they are. docs/existing-app.md walks through it.
//
//	go run . # then open http://localhost:8080; links print to the console
package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"log"
	"net/http"
	"os"

	"github.com/go-chi/chi/v5"
	_ "modernc.org/sqlite" // the "sqlite" database/sql driver

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/sqlb"
)

func main() {
	// Foreign keys, a busy timeout, WAL and BEGIN IMMEDIATE: sqlb.SQLiteDSN
	// says why Sesame needs each.
	db, err := sql.Open("sqlite", sqlb.SQLiteDSN("app.db"))
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	// In development, messages (and their links) print to the console; in
	// production, give an email.Sender that hands them to your mail service.
	app, err := newApp(context.Background(), db, "http://localhost:8080", &email.LogSender{Writer: os.Stderr})
	if err != nil {
		log.Fatal(err)
	}
	log.Print("listening on http://localhost:8080")
	log.Fatal(http.ListenAndServe("localhost:8080", app))
}

// newApp is the application: Sesame's routes under /auth, the session
// middleware, the page the verification link lands on, and a protected
// route of its own. baseURL is where people reach the site; sender
// delivers Sesame's messages.
func newApp(ctx context.Context, db *sql.DB, baseURL string, sender email.Sender) (http.Handler, error) {
	a, err := auth.New(
		auth.WithDB(db, sqlb.SQLite),
		// Where the routes are reached: the site's origin AND the prefix
		// they are mounted under. Links in messages go to the origin
		// ({origin}/verify-email?token=...), cookies and the CSRF check
		// follow it too.
		auth.WithBaseURL(baseURL+"/auth"),
		auth.WithPlugins(email.New(email.WithSender(sender)), password.New()),
	)
	if err != nil {
		return nil, err
	}
	if err := a.Migrate(ctx); err != nil { // creates or updates Sesame's tables
		return nil, err
	}

	r := chi.NewRouter()
	r.Use(authhttp.Middleware(a))           // loads the session once per request
	r.Mount("/auth", authhttp.Handler(a))   // every route of every plugin, as JSON
	r.Get("/verify-email", verifyEmailPage) // where the emailed link lands
	r.With(authhttp.RequireUser).Get("/api/me", me)
	return r, nil
}

// me is a route of the application's own, for signed-in users only: a
// browser's cookie and an API client's bearer token alike.
func me(w http.ResponseWriter, r *http.Request) {
	u, _ := authhttp.UserFrom(r) // RequireUser let only signed-in users through
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"id": u.ID, "name": u.Name, "email": u.Fields["primaryEmail"]})
}
