package test

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"

	_ "modernc.org/sqlite" // the database/sql driver of SQLite

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authui"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/sqlb"
)

// Example_wiring mounts the JSON routes under /auth/ and the pages at the
// root, next to a host's own pages, and opens the sign-in page.
func Example_wiring() {
	dir, _ := os.MkdirTemp("", "authui-example")
	defer os.RemoveAll(dir)
	db, err := sql.Open("sqlite", sqlb.SQLiteDSN(filepath.Join(dir, "app.db")))
	if err != nil {
		panic(err)
	}
	defer db.Close()
	a, err := auth.New(auth.WithDB(db, sqlb.SQLite), auth.WithBaseURL("http://localhost:8080/auth"),
		auth.WithPlugins(email.New(email.WithSender(&email.LogSender{Writer: os.Stderr})), password.New()))
	if err != nil {
		panic(err)
	}
	if err := a.Migrate(context.Background()); err != nil {
		panic(err)
	}
	pages, err := authui.Handler(a, authui.AppName("Acme"))
	if err != nil {
		panic(err) // every problem of the templates, catalogs and buttons, one per line
	}
	mux := http.NewServeMux()
	mux.Handle("/auth/", authhttp.Handler(a))
	mux.Handle("/", pages)

	rec := httptest.NewRecorder()
	mux.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://localhost:8080/sign-in", nil))
	fmt.Println(rec.Code, rec.Header().Get("Cache-Control"))
	fmt.Println(regexp.MustCompile(`<title>(.*)</title>`).FindStringSubmatch(rec.Body.String())[1])
	// Output:
	// 200 no-store
	// Sign in · Acme
}
