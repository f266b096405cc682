package main

import (
	"context"
	"database/sql"
	"os"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/sqlb"
)

// newAuth returns a migrated Sesame instance on the SQLite file at path,
// with email addresses and passwords, for a site served at baseURL.
func newAuth(ctx context.Context, path, baseURL string) (*auth.Auth, error) {
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=foreign_keys(1)&_pragma=busy_timeout(10000)&_txlock=immediate")
	if err != nil {
		return nil, err
	}
	mail := email.New(email.WithSender(&email.LogSender{Writer: os.Stderr}))
	a, err := auth.New(auth.WithDB(db, sqlb.SQLite), auth.WithBaseURL(baseURL+"/auth"),
		auth.WithPlugins(mail, password.New(password.WithoutVerification())))
	if err != nil {
		return nil, err
	}
	return a, a.Migrate(ctx)
}
