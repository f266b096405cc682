package main

import (
	"context"
	"database/sql"
	"net/http"
	"path/filepath"
	"testing"

	"github.com/gin-gonic/gin"

	"github.com/sesame-go/sesame/examples/exampletest"
	"github.com/sesame-go/sesame/sqlb"
)

func init() { gin.SetMode(gin.TestMode) } // no route listing on the test's output

// TestJourney serves the program's gin engine on a real listener, with a
// fresh SQLite file opened as main opens it and a mailbox for sender, and
// walks sign-up, verification, sign-in in cookie and bearer mode, the
// protected route and sign-out through it.
func TestJourney(t *testing.T) {
	db, err := sql.Open("sqlite", sqlb.SQLiteDSN(filepath.Join(t.TempDir(), "app.db")))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	ln, base := exampletest.Listen(t)
	mail := &exampletest.Mailbox{}
	r, err := newApp(context.Background(), db, base, mail)
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: r}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	exampletest.Journey(t, base, mail)
}
