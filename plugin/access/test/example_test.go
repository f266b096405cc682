package test_test

import (
	"context"
	"database/sql"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/access"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/magiclink"
	"github.com/sesame-go/sesame/sqlb"
	_ "modernc.org/sqlite"
)

// Roles on SQLite through typed Go calls: Ada is a viewer everywhere and
// gets a custom role in one organization's scope. A route is guarded
// with acc.RequirePermission("project", "write") the same way.
func Example() {
	dir, _ := os.MkdirTemp("", "sesame-example")
	defer os.RemoveAll(dir)
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "app.db")+"?_pragma=foreign_keys(1)&_pragma=busy_timeout(10000)&_txlock=immediate")
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()

	acc := access.New(access.Resources{"project": {"read", "write", "delete"}, "billing": {"read", "manage"}},
		access.WithRoles(access.Role{Name: "viewer", Statements: access.Statements{"project": {"read"}}}))
	a, err := auth.New(auth.WithDB(db, sqlb.SQLite), auth.WithBaseURL("http://localhost:8080/auth"),
		auth.WithPlugins(email.New(email.WithSender(email.SenderFunc(func(context.Context, email.Message) error { return nil }))),
			magiclink.New(), acc))
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	if err := a.Migrate(ctx); err != nil {
		log.Fatal(err)
	}
	ada, err := a.CreateUser(ctx, auth.NewUser{Name: "Ada", Identities: []auth.NewIdentity{
		{Kind: email.Kind, Value: "ada@example.com", Verified: true}}})
	if err != nil {
		log.Fatal(err)
	}
	_, _ = acc.Grant(ctx, access.GrantRequest{UserID: ada.ID, Role: "viewer"})
	_, _ = acc.DefineRole(ctx, access.DefineRoleRequest{Scope: "org-1", Name: "maintainer",
		Statements: access.Statements{"project": {"write"}}})
	_, _ = acc.Grant(ctx, access.GrantRequest{UserID: ada.ID, Scope: "org-1", Role: "maintainer"})

	for _, s := range []access.Subject{access.User(ada.ID), access.User(ada.ID).In("org-1"), access.User(ada.ID).In("org-2")} {
		read, _ := acc.Can(ctx, s, "project", "read")
		write, _ := acc.Can(ctx, s, "project", "write")
		fmt.Println("read:", read, "write:", write)
	}
	_, err = acc.DefineRole(ctx, access.DefineRoleRequest{Scope: "org-1", Name: "x", Statements: access.Statements{"project": {"fly"}}})
	fmt.Println(err)
	// Output:
	// read: true write: false
	// read: true write: true
	// read: true write: false
	// auth: invalid_input: role "x" names unknown action "fly" of "project"
}
