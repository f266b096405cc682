package main

import (
	"context"
	"database/sql"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/examples/exampletest"
	"github.com/sesame-go/sesame/sqlb"
)

// TestJourney serves the program's fiber app on a real listener, with a
// fresh SQLite file opened as main opens it and a mailbox for sender, and
// walks sign-up, verification, sign-in in cookie and bearer mode, the
// protected route and sign-out through it; then asks for a path no
// route serves, which fiber refuses itself.
func TestJourney(t *testing.T) {
	db, err := sql.Open("sqlite", sqlb.SQLiteDSN(filepath.Join(t.TempDir(), "app.db")))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	ln, base := exampletest.Listen(t)
	mail := &exampletest.Mailbox{}
	app, err := newApp(context.Background(), db, base, mail)
	if err != nil {
		t.Fatal(err)
	}
	go app.Listener(ln)
	t.Cleanup(func() { app.ShutdownWithTimeout(5 * time.Second) })
	exampletest.Journey(t, base, mail)

	// fiber's own refusals answer Sesame's JSON error, not plain text.
	res, err := http.Get(base + "/nowhere")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusNotFound || !strings.HasPrefix(string(body), `{"error":{"code":"not_found"`) {
		t.Errorf("GET /nowhere = %d %s, want 404 not_found as JSON", res.StatusCode, body)
	}
}
